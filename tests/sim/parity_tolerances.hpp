// Every bound a GPU-vs-CPU parity test holds the two solvers to, each with
// the float32 arithmetic that justifies it. Max errors are relative to the
// largest reference value; L2 errors are ||gpu - cpu|| / ||cpu||.
#pragma once

namespace fluid::test {

// One pass. Both sides evaluate the same expression in float32 on the same
// inputs with the same constants; they may still differ by a rounding or two
// per result: the GPU compiler may contract a*b+c into an FMA (one rounding
// instead of two), and GLSL's exp() (splat) is allowed a few ulp. A pass does
// at most ~10 dependent operations (the dye grid's cell position (i + 0.5) r -
// 0.5 and the velocity blend there a few more, ~20 ulp, 1.2e-6; a multigrid
// restriction 9 residuals of 6 operations, summed; the coarsest solve up to
// 120 products summed in order, each rounded alone), so the error stays within
// ~10 ulp of the result's magnitude: 10 * 2^-24 * max|ref| ~ 6e-7 max|ref|.
// 2e-6 allows three times that; measured values are ~1e-7, and llvmpipe gives
// bit-identical results for most passes.
constexpr double kSinglePassMaxRel = 2e-6;
constexpr double kSinglePassL2 = 1e-6;

// The motion passes (motion_flow, motion_blur, add_force): a handful of float
// operations per cell in the same order on both sides. The bound allows a few
// ulp of the largest value (the flow's division and square root, which a GPU
// may evaluate with 2.5 ulp); measured 0 on llvmpipe.
constexpr double kMotionMaxRel = 1e-6;

// Two pressure V-cycles chain ~80 single passes over 6 levels. The smoothing
// sweeps are weighted averages that do not amplify rounding, but the result is
// what is left of a random start after the corrections cancelled ~80% of it,
// so a rounding of the start's magnitude shows ~5x larger relative to the
// result. Measured on llvmpipe while it contracted the prolongation into FMA
// (1 ulp): 5.7e-6 max / 9.7e-6 L2 on the odd grid, 8e-7 / 1.5e-6 on the even
// one. With the products through opaque() (common.glsl) llvmpipe matches to
// the bit; the bounds stay for drivers that contract elsewhere.
constexpr double kCycleMaxRel = 2e-5;
constexpr double kCycleL2 = 3e-5;

// A viscous solve chains up to 6 V-cycles (~40 passes each over 5-6 levels).
// The weighted sweeps do not amplify rounding, but from x = 0 the result is
// built from corrections: a rounding of b's magnitude at every pass, of which
// ~100 land on level 0, gives ~1e-5 relative at worst. Measured on llvmpipe:
// 1.4e-6 relative L2 and 1.5e-6 max (periodic, nu = 10, where the result is
// 1/40 of b's size), 4e-8 at nu = 0.03. A step with the viscous V-cycles is
// held to the same bound: the solve's roundings dominate the other passes'.
constexpr double kSolveMaxRel = 3e-5;
constexpr double kSolveL2 = 1e-5;

// One step chains ~60 passes (40 pressure + 10 viscosity sweeps, advection,
// vorticity, projection). Jacobi sweeps are weighted averages and do not
// amplify rounding; each pass adds at most the single-pass bound, mostly far
// less (llvmpipe gives bit-identical results for every pass but the Jacobi
// pressure sweeps, as the splat's exp and the products it would contract or
// regroup go through common.glsl's opaque(); a driver that contracts
// elsewhere does not). The confinement limiter binds at many cells of a noisy
// start; there its output, the neighbour's speed M along c / |c|, carries the
// error of both M and c's direction, up to twice its input's. Measured: 1.0e-6
// max, 1.18e-6 L2 (8.4e-7 L2 before the limiter), so the L2 bound has 1.7x
// over it.
constexpr double kOneStepMaxRel = 5e-6;
constexpr double kOneStepL2 = 2e-6;
// The first multigrid solve starts from the random pressure of the initial
// state and cancels most of it, so one rounding of the start shows larger
// relative to the result (2 V-cycles from a random start: up to 1e-5 in L2,
// kCycleL2's measurement). Measured after one step: 3.1e-6.
constexpr double kOneStepPressureL2 = 1e-5;
// Over many steps a rounding difference is carried along by advection and
// stretched where the flow is sheared, while diffusion and the Jacobi sweeps
// damp it. With moderate vorticity confinement (1/s) it stays at the rounding
// level: measured 2.7e-6 max, 1.5e-6 L2 after 100 steps. (Strong confinement,
// 10/s, makes the two runs part after ~50 steps: N = grad|w| / |grad|w||
// flips direction where grad|w| vanishes, so a 1-ulp difference there becomes
// an O(1) change of the local force; rel. L2 reached 7e-3 at step 100.)
constexpr double kHundredStepsMaxRel = 2e-5;
constexpr double kHundredStepsL2 = 1e-5;

// The tunnel's pressure has no free constant: the first solve cancels the
// warm start's random pressure instead of ignoring its mean, and the coarsest
// multigrid level is swept 32 times (core/multigrid.hpp), so more of the
// prolongation's FMA rounding reaches the result. Measured without obstacles:
// one step 6.5e-6 max, 4.9e-6 L2 (velocity); 100 steps 3.6e-5 max, 9.4e-6 L2
// (dye); with them one step 3.3e-6 L2.
constexpr double kTunnelOneStepMaxRel = 1.5e-5;
constexpr double kTunnelOneStepL2 = 1e-5;
constexpr double kTunnelHundredStepsMaxRel = 6e-5;
constexpr double kTunnelHundredStepsL2 = 2e-5;
// On the staggered layout the tunnel's outflow face also takes the last
// column's whole divergence. Measured (llvmpipe): one step 1.45e-5 of the
// largest velocity, 1.7e-5 L2 (with solids); the incremental step's full
// pressure 1.2e-5, 1.2e-5 L2. One bound for the step's max, L2 and pressure L2.
constexpr double kStaggeredTunnelOneStep = 2.5e-5;

// Over 100 steps in the tunnel the incremental projection lets the flow keep
// more of its swirl (that is its point), and the rounding differences grow
// with it: measured 6.9e-5 max (dye), 1.4e-5 L2, against 3.6e-5 plain. With
// obstacles as well, the shedding behind them parts the two runs after ~50
// steps (1e-2 at step 70): a chaotic flow, not a per-step difference (every
// pass and every single step agree to the rounding), so that case is checked
// one step at a time only.
constexpr double kTunnelIncrementalHundredStepsMaxRel = 1e-4;

// The tunnel's pressure, step by step from the CPU's state: the same absolute
// rounding of the multigrid's FMAs as in one step (kTunnelOneStep*, 1.8e-6
// there), over a pressure 5x smaller after the first step (max 0.09 against
// 0.49, the warm start cancelled). Measured over 100 MacCormack steps: worst
// at step 1, 2.0e-5 of the largest value, 2.15e-5 L2; the others at most
// 9.1e-6.
constexpr double kTunnelEachStepPressureMaxRel = 4e-5;
constexpr double kTunnelEachStepPressureL2 = 4e-5;

// 100 steps of the tunnel with Jacobi pressure (40 sweeps leave more
// divergence than 2 V-cycles) shed vortices off the obstacles; there a
// rounding difference grows as it does under strong confinement (above), and
// where a back-trace stops at a solid depends discontinuously on the traced
// point: measured 2.8e-4 L2, 6e-3 of the largest speed at one cell. A rule
// that differs between the sides shows at O(1e-1) at once (the one-step
// tests).
constexpr double kTunnelJacobiHundredStepsMaxRel = 2e-2;
constexpr double kTunnelJacobiHundredStepsL2 = 1e-3;

// The dye on a grid of its own reads the velocity at its centres, (i + 0.5) r
// - 0.5 on the velocity's grid, a few more roundings the GPU may contract, and
// MacCormack's limiter passes a difference in the trace on as a difference in
// the bound. Measured over 100 staggered steps one at a time: 5.7e-6 of the
// largest dye at step 5 (1.5e-7 L2).
constexpr double kOwnDyeGridStepMaxRel = 2e-5;
// Ten whole steps with the dye on its own grid: the pressure solve's
// roundings feed the next step's trace. One bound for max and L2.
constexpr double kTenStepsDyeGrid = 1e-4;

}  // namespace fluid::test
