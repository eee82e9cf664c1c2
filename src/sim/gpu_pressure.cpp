// GpuSolver's pressure solve: the Jacobi sweeps and the multigrid's
// V-cycles, on one cell per fragment or four a texel (packed), and the
// packing folded into the step's divergence and gradient passes where the
// layout allows it. The rest of the solver is in gpu_solver.cpp.
#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"

namespace fluid {

bool GpuSolver::packsPressure() const
{
    // The packed sweep knows the box's and the periodic rule's ghosts only:
    // with obstacles or the tunnel's Dirichlet outflow the sweeps run on one
    // cell per fragment (pressure.frag).
    return packingAllowed_ && gridPacks() && !obstacles_ && !isTunnel(params_.boundary);
}

void GpuSolver::solvePressure()
{
    // Zero iterations means no projection: without the clear, the gradient pass
    // would keep subtracting the last solve's (stale) pressure every step.
    if (!params_.warmStartPressure || pressureSolveIsEmpty(params_)) {
        pressure().read().clear(0.0f);
        pressureIsCold_ = true;
    }
    if (params_.pressureSolver == PressureSolver::Multigrid) {
        const int cycles = multigridCyclesOf(params_, pressureIsCold_);
        pressureIsCold_ = cycles == 0;
        if (packsPressure() && multigrid_.packedLevelZero()) {
            solvePressureMultigridPacked(cycles);
            return;
        }
        for (int n = 0; n < cycles; ++n) multigrid_.vCycle(pressure(), divergence_, emptyVertexArray_);
        return;
    }
    if (packsPressure()) {
        solvePressurePacked();
        return;
    }
    drawJacobiSweeps(pressure(), Source::Pressure, kernels_.pressureDamped, kernels_.pressure, 1);
}

// params_.pressureIterations sweeps through `iterate` (what Source::Output
// is, `output`): an odd count's first sweep alone with `damped`, then
// `plain`, which does `sweepsPerDraw` sweeps a draw (what is left is even
// when it does 2).
void GpuSolver::drawJacobiSweeps(gl::PingPong& iterate, Source output, const sim::Kernel& damped,
                                 const sim::Kernel& plain, int sweepsPerDraw)
{
    int n = 0;
    if (dampsFirstPressureSweep(params_)) {
        draw(damped, output, iterate.write());
        iterate.swap();
        n = 1;
    }
    for (; n < params_.pressureIterations; n += sweepsPerDraw) {
        draw(plain, output, iterate.write());
        iterate.swap();
    }
}

bool GpuSolver::sweepsInPairs() const
{
    return pairingAllowed_ && gridPairs() && packsPressure() && params_.pressureSolver == PressureSolver::Jacobi;
}

bool GpuSolver::multigridInPairs() const
{
    return pairingAllowed_ && gridPairs() && packsPressure() && params_.pressureSolver == PressureSolver::Multigrid &&
           multigrid_.packedLevelZero();
}

// The Jacobi sweeps of solvePressure() on four cells per texel: a packing copy
// (pressure and divergence in one draw) and an unpacking one around the
// sweeps, each far cheaper than a sweep on one cell per fragment.
void GpuSolver::solvePressurePacked()
{
    if (params_.pressureIterations == 0) return;
    packPressureAndDivergence();  // unless the divergence pass did

    // An odd count's first sweep alone, damped; then two sweeps per pass
    // (what is left is even).
    if (sweepsInPairs())
        solvePressurePaired();
    else
        drawJacobiSweeps(packedPressure_, Source::PackedPressure, kernels_.pressurePackedDamped,
                         kernels_.pressurePackedTwice, 2);
    leavePressurePacked();
}

// The same sweeps two texels a fragment (pressure_packed.frag's PAIRED): an
// odd count's first sweep alone on four cells per texel, damped; the first
// double sweep from the packed pressure, the rest from the pairs, where the
// pressure then stays until it is unpacked.
void GpuSolver::solvePressurePaired()
{
    int n = 0;
    if (dampsFirstPressureSweep(params_)) {
        draw(kernels_.pressurePackedDamped, Source::PackedPressure, packedPressure_.write());
        packedPressure_.swap();
        n = 1;
    }
    // Four sweeps a draw, after two where what is left is not a multiple of four.
    for (bool first = true; n < params_.pressureIterations; first = false) {
        const bool four = (params_.pressureIterations - n) % 4 == 0;
        const sim::Kernel& kernel = four ? (first ? kernels_.pressurePairedFourFromPacked : kernels_.pressurePairedFour)
                                         : (first ? kernels_.pressurePairedFromPacked : kernels_.pressurePaired);
        draw(kernel, Source::PackedPressure, pressurePairs_.write());
        pressurePairs_.swap();
        pressureInPairs_ = true;
        n += four ? 4 : 2;
    }
}

// The multigrid's V-cycles with level 0 packed (GpuMultigrid::bindPacked):
// its six draws a cycle become four on a quarter of the fragments; where
// the height is even too, its double sweeps two texels a fragment, which
// leave the pressure in the pairs.
void GpuSolver::solvePressureMultigridPacked(int cycles)
{
    if (cycles == 0) return;
    packPressureAndDivergence();
    multigrid_.bindPacked(packedPressure_, packedDivergence_, emptyVertexArray_,
                          multigridInPairs() ? &pressurePairs_ : nullptr);
    multigrid_.cycles(cycles);
    pressureInPairs_ = multigrid_.level0InPairs();
    leavePressurePacked();
}

// The pressure and the divergence into four cells per texel, in one draw;
// nothing where the step's divergence pass packed them already.
void GpuSolver::packPressureAndDivergence()
{
    if (packedAhead_) {
        packedAhead_ = false;
        return;
    }
    draw(kernels_.pack, Source::PackedPressure, packedPressure_.read(), packedDivergence_);
}

void GpuSolver::leavePressurePacked()
{
    // In the step the gradient pass, next, unpacks it (subtractGradient()).
    if (inStep_ && kernels_.unpacksInGradient)
        unpackPending_ = true;
    else
        unpackPressure();
}

// Whether the step's divergence pass also packs for the solve that follows
// (divergence_packed.frag): the solve packs and reads the pressure as it is
// now (warm-started, not cleared first).
bool GpuSolver::packsDivergenceInStep() const
{
    if (!inStep_ || !kernels_.packsInDivergence || !packsPressure() || !params_.warmStartPressure ||
        pressureSolveIsEmpty(params_))
        return false;
    return params_.pressureSolver != PressureSolver::Multigrid || multigrid_.packedLevelZero();
}

void GpuSolver::computeDivergence()
{
    if (packsDivergenceInStep()) return divergenceAndPack();
    run(passes::divergence);
}

void GpuSolver::subtractGradient()
{
    if (unpackPending_) return subtractPackedGradient();
    run(passes::gradient);
}

// The divergence four cells a texel and the pressure packed, in one draw;
// the unpacked divergence is written when something reads it.
void GpuSolver::divergenceAndPack()
{
    draw(kernels_.divergencePacked, Source::PackedPressure, packedPressure_.read(), packedDivergence_);
    packedAhead_ = true;
    divergencePending_ = true;
}

// The divergence the step computed packed, unpacked where it is read
// (current(), downloadDivergence()): a cache of packedDivergence_, so const.
void GpuSolver::unpackDivergence() const
{
    if (!divergencePending_) return;
    divergencePending_ = false;
    draw(kernels_.unpackDivergence, Source::Divergence, divergence_);
}

void GpuSolver::unpackPressure()
{
    unpackPending_ = false;
    draw(pressureInPairs_ ? kernels_.unpackPairs : kernels_.unpackPressure, Source::Pressure, pressure().write());
    pressureInPairs_ = false;
    pressure().swap();
}

// The gradient pass on the pressure the packed sweeps left, which it unpacks
// too: one pass where there were two, the same values (gradient.frag).
void GpuSolver::subtractPackedGradient()
{
    unpackPending_ = false;
    draw(pressureInPairs_ ? kernels_.gradientFromPairs : kernels_.gradientFromPacked, Source::Velocity,
         velocity().write(), pressure().write());
    pressureInPairs_ = false;
    velocity().swap();
    pressure().swap();
}

}  // namespace fluid
