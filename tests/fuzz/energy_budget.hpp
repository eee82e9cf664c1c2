// EnergyBudget: an upper bound on the kinetic energy a solver may hold, from
// what the brush and the lid put in. Shared by the parameter fuzz and the
// blow-up regression tests; the derivation is in energy_budget.cpp.
#pragma once

#include <span>
#include <string>

#include "core/field.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid::test {

// Kinetic energy per unit density and depth: 0.5 h^2 sum |u|^2 (m^4/s^2).
double kineticEnergy(const Field& velocity, double cellSize);

// The energy v K adds on its own (0.5 |v|^2 h^2 sum K^2), K the splat's kernel
// on this grid, evaluated by the reference splat (the kernel both solvers use).
double splatEnergy(const Splat& s, const PassConstants& k);

class EnergyBudget {
public:
    // Allowed measured / bound; energy_budget.cpp derives the bounds and
    // gives the measured worst cases these leave room over.
    // sqrt(E) / sqrtBound() without vorticity confinement: measured 1.0
    // (equality: a single splat and a step that does nothing, dt 1.2e-38).
    static constexpr double kMaxRatio = 1.25;
    // max |u| / speedBound() without confinement: measured 1.135 (a lid at
    // 1e4 m/s, where the projection overshoots the max norm).
    static constexpr double kMaxSpeedRatio = 1.5;
    // max |u| / speedBound() with confinement, in at most 30 steps: measured
    // 2.19 over 150 sets, 5.61 over 1,000 (a collocated periodic set at 1e4).
    static constexpr double kMaxConfinedSpeedRatio = 8.0;

    explicit EnergyBudget(const SimParams& params);

    // Before each step, with the splats it applies (also none): the step's
    // buoyancy is counted here too.
    void addSplats(std::span<const Splat> splats);
    // sqrt of the bound, m^2/s.
    double sqrtBound() const { return brush_ + lid_ + buoyancy_; }
    // sqrt(E) / sqrtBound(); 0 when both are 0, infinity when only the bound is.
    double ratio(double energy) const;
    // The largest dye value the brush can have put anywhere (advection and
    // decay only mix and shrink it).
    double dyeBound() const { return dye_; }
    // The largest speed the brush and the lid can have made anywhere: sum over
    // splats of |v| max K, plus |U| (m/s).
    double speedBound() const { return speed_ + lidSpeed_ + buoyancySpeed_; }
    double speedRatio(double speed) const;

private:
    PassConstants constants_;
    double brush_ = 0.0;  // sum over splats of sqrt(E_splat)
    double lid_ = 0.0;    // sqrt(0.5 U^2 area)
    double dye_ = 0.0;
    double speed_ = 0.0;          // sum over splats of |v| max K
    double lidSpeed_ = 0.0;       // |U|
    double area_ = 0.0;           // m^2
    double heat_ = 0.0;           // K: the largest |T - T0| the brush can have put anywhere
    double buoyancy_ = 0.0;       // sum over steps of the buoyancy's sqrt-energy
    double buoyancySpeed_ = 0.0;  // sum over steps of dt max |a|
};

// Largest |u| over the cells (NaN-free fields only).
double maxSpeed(const Field& velocity);

// First non-finite value of a field, as "name[i,j,c] = value"; empty if none.
std::string firstNonFinite(const Field& f, const char* name);

}  // namespace fluid::test
