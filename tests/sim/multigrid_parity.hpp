// What the two multigrid parity tests (the pressure's and the viscous one)
// share: where a pass writes, the grids, the passes as one call on either
// pyramid, and the random coarse levels both pyramids start from.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "gl/render_target.hpp"
#include "reference/multigrid.hpp"
#include "sim/gpu_multigrid.hpp"
#include "support/both_solvers.hpp"
#include "support/fields.hpp"

namespace fluid::test {

// Where a pass writes: a level's iterate, or (rhs) its right-hand side.
struct MgOutput {
    int level;
    bool rhs;
};

using MgPass = BothCase<sim::GpuMultigrid, reference::CpuMultigrid, MgOutput>;

struct Grid {
    const char* name;
    int width, height;  // 45x37: 45 -> 23 (one child at the edge); 37 -> 19 (one) -> 9 (three)
};
inline void PrintTo(const Grid& g, std::ostream* os)
{
    *os << g.name;
}
inline constexpr Grid kEven{"48x40", 48, 40};
inline constexpr Grid kOdd{"45x37", 45, 37};

inline MgPass smoothPass(const char* name, int level, bool zeroGuess)
{
    return bothCase<sim::GpuMultigrid, reference::CpuMultigrid>(name, MgOutput{level, false},
                                                                [=](auto& m) { m.smooth(level, zeroGuess); });
}

// Restriction, prolongation and two sweeps in one draw (smooth.frag's
// TWO_SWEEPS) against two of the mirror's, in the order both tests list them.
inline std::vector<MgPass> transferPasses()
{
    using Gpu = sim::GpuMultigrid;
    using Cpu = reference::CpuMultigrid;
    const auto restrictFrom = [](int level) { return [level](auto& m) { m.restrictResidual(level); }; };
    const auto prolongTo = [](int level) { return [level](auto& m) { m.prolongCorrection(level); }; };
    const auto twice = [](const char* name, bool zeroGuess) {
        return MgPass{name,
                      {1, false},
                      [zeroGuess](Gpu& g) { g.smoothTwice(1, zeroGuess); },
                      [zeroGuess](Cpu& c) {
                          c.smooth(1, zeroGuess);
                          c.smooth(1, false);
                      }};
    };
    return {
        bothCase<Gpu, Cpu>("restrict_level0", MgOutput{1, true}, restrictFrom(0)),
        bothCase<Gpu, Cpu>("restrict_level1", MgOutput{2, true}, restrictFrom(1)),
        bothCase<Gpu, Cpu>("prolong_level0", MgOutput{0, false}, prolongTo(0)),
        bothCase<Gpu, Cpu>("prolong_level1", MgOutput{1, false}, prolongTo(1)),
        twice("smooth_twice_level1", false),
        twice("smooth_twice_zero_guess_level1", true),
    };
}

// Random iterates (within +-1) and right-hand sides (within +-rhsAmplitude)
// on every level but 0, the same on both pyramids.
inline void fillCoarseLevels(sim::GpuMultigrid& gpu, reference::CpuMultigrid& cpu, int components, float rhsAmplitude)
{
    for (int l = 1; l < gpu.levelCount(); ++l) {
        const MultigridLevel& size = gpu.levels()[static_cast<std::size_t>(l)];
        const auto seed = static_cast<std::uint32_t>(100 + l);
        const Field x = randomField(size.width, size.height, components, seed, 1.0f);
        const Field s = randomField(size.width, size.height, components, seed + 50, rhsAmplitude);
        gpu.iterate(l).read().upload(x.data());
        gpu.rhs(l).upload(s.data());
        cpu.iterate(l) = x;
        cpu.rhs(l) = s;
    }
}

inline Field downloadTarget(const gl::RenderTarget& target, int components)
{
    Field f(target.width(), target.height(), components);
    target.download(f.data());
    return f;
}

}  // namespace fluid::test
