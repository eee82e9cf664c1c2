#include "core/cylinder_wake.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace fluid {

CylinderWake cylinderWake(int gridHeight, double reynolds, double cfl)
{
    using L = CylinderWakeLimits;
    const int H = std::max(gridHeight, L::kMinGridHeight);
    const int W = H * 5 / 2;
    const double h = 1.0 / H;  // m: the tunnel is 1 m high
    const double cellsAcross = static_cast<double>(H) / L::kCellsPerHeight;

    CylinderWake w;
    w.speed = 1.0;
    w.diameter = cellsAcross * h;
    SimParams& p = w.params;
    p.gridWidth = W;
    p.gridHeight = H;
    p.domainWidth = static_cast<float>(W * h);
    p.boundary = BoundaryMode::Tunnel;
    p.inflowSpeed = static_cast<float>(w.speed);
    p.viscosity = static_cast<float>(w.speed * w.diameter / reynolds);
    p.dt = static_cast<float>(cfl * h / w.speed);
    p.vorticity = 0.0f;  // no confinement: the wake as the equations make it

    // Cells whose centre lies within D/2 of the centre (cell units: centres at
    // integers): 6 D behind the inlet, a quarter cell above the middle.
    const double cx = 6.0 * cellsAcross;
    const double cy = 0.5 * H - 0.5 + 0.25;
    const double r = 0.5 * cellsAcross;
    w.mask = Field(W, H, 1);
    for (int j = 0; j < H; ++j)
        for (int i = 0; i < W; ++i) {
            const double dx = i - cx;
            const double dy = j - cy;
            if (dx * dx + dy * dy <= r * r) w.mask.at(i, j) = 1.0f;
        }
    w.probe = {static_cast<int>(std::lround(cx + 2.0 * cellsAcross)), static_cast<int>(std::lround(cy))};
    return w;
}

FluidState cylinderWakeStart(const CylinderWake& wake)
{
    const SimParams& p = wake.params;
    FluidState s = FluidState::zeros(fieldGrids(p));  // the dye on its own grid, if it has one
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i)
            s.velocity.at(i, j, 0) = wake.mask.at(i, j) > 0.5f ? 0.0f : static_cast<float>(wake.speed);
    return s;
}

std::optional<Shedding> sheddingOf(std::span<const double> signal, double dt)
{
    if (signal.size() < 3 || !(dt > 0.0)) return std::nullopt;
    double mean = 0.0;
    for (double v : signal) mean += v;
    mean /= static_cast<double>(signal.size());
    Shedding s;
    std::vector<double> ups;  // in samples
    for (std::size_t n = 1; n < signal.size(); ++n) {
        const double a = signal[n - 1] - mean;
        const double b = signal[n] - mean;
        s.amplitude = std::max(s.amplitude, std::fabs(b));
        if (a < 0.0 && b >= 0.0) ups.push_back(static_cast<double>(n - 1) + (-a) / (b - a));
    }
    if (ups.size() < 3 || !std::isfinite(s.amplitude)) return std::nullopt;
    s.periods = static_cast<int>(ups.size()) - 1;
    s.frequency = s.periods / ((ups.back() - ups.front()) * dt);
    return s;
}

std::optional<double> williamsonStrouhal(double reynolds)
{
    if (!(reynolds >= WilliamsonFit::kLowestReynolds && reynolds <= WilliamsonFit::kHighestReynolds))
        return std::nullopt;
    return -3.3265 / reynolds + 0.1816 + 1.6e-4 * reynolds;
}

}  // namespace fluid
