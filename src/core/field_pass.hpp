// The pass table: a pass that reads some of the solver's fields and writes one,
// on the velocity's grid, is a row here (its shader, the fields it reads and
// under which sampler names, the field it writes, its constants and when the
// step runs it). GpuSolver builds and binds its program from the row,
// CpuSolver runs the CPU mirror of the same name (reference::cpuMirror), the
// parity tests and the program test loop over kFieldPasses, and the step
// recipe names the row. So a new pass of this kind touches five files: its
// shader, a row here, its mirror in src/reference/passes.{hpp,cpp} (declared,
// defined, and listed in that file's mirror table), and a line of
// src/core/step_recipe.hpp.
//
// Passes that do not fit are drawn by hand in both solvers: the splats (per
// splat uniforms), the advection (its own grids, its scheme's stages),
// and the iterative solves (diffusion, pressure, multigrid). Their programs
// are rows of the program table (core/program_specs.hpp).
#pragma once

#include <array>
#include <cstddef>

#include "core/field.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"

namespace fluid {

// What a pass can read or write. The first five are the solvers' fields (a
// read takes the current value, a write goes to the other buffer of the pair
// and is swapped in); the rest are single buffers the step shares between
// passes (CarriedVelocity: what advect() carries when it is not the velocity
// itself). The dye may live on its own grid: a pass that reads it reads it
// across grids (src/reference/passes.hpp shows how).
enum class Slot {
    Velocity,
    Pressure,
    Dye,
    Temperature,
    FullPressure,
    Curl,
    Divergence,
    PressureResidual,
    CarriedVelocity,
};

// Whether the slot is one of a ping-pong pair (written, then swapped in), and
// which field of kFieldSpecs it is: the first slots are the fields, in order.
constexpr bool isPingPong(Slot s)
{
    return static_cast<std::size_t>(s) < kFieldCount;
}
constexpr FieldId fieldIdOf(Slot s)
{
    return static_cast<FieldId>(s);
}
static_assert(fieldIdOf(Slot::Velocity) == FieldId::Velocity && fieldIdOf(Slot::Pressure) == FieldId::Pressure &&
              fieldIdOf(Slot::Dye) == FieldId::Dye && fieldIdOf(Slot::Temperature) == FieldId::Temperature &&
              fieldIdOf(Slot::FullPressure) == FieldId::FullPressure && !isPingPong(Slot::Curl));

// The single buffers after the fields, in the slots' order (curl,
// divergence, pressure residual, carried velocity): each solver lists its
// own once, and both look a slot up alike.
inline constexpr std::size_t kSharedSlotCount = 4;
static_assert(static_cast<std::size_t>(Slot::CarriedVelocity) + 1 == kFieldCount + kSharedSlotCount);
template <typename Target>
Target& sharedBuffer(Slot s, const std::array<Target*, kSharedSlotCount>& buffers)
{
    return *buffers[static_cast<std::size_t>(s) - kFieldCount];
}

struct PassInput {
    Slot slot = Slot::Velocity;
    const char* sampler = nullptr;  // the shader's sampler2D
};

// A float uniform the pass needs, from PassConstants (both solvers multiply by
// the same number: core/pass_constants.hpp).
struct PassConstant {
    const char* uniform = nullptr;
    float PassConstants::*member = nullptr;
};

struct FieldPass {
    static constexpr std::size_t kMaxInputs = 3;  // texture units 0..2 (3 is the obstacle mask's)
    static constexpr std::size_t kMaxConstants = 3;

    const char* name = nullptr;                  // the CPU mirror's, the parity test's
    const char* shader = nullptr;                // in shaders/, built after common.glsl (and header)
    const char* header = nullptr;                // a shaders/ file between common.glsl and the pass, or null
    std::array<PassInput, kMaxInputs> inputs{};  // the first inputCount are used
    std::size_t inputCount = 0;
    Slot output = Slot::Velocity;
    std::array<PassConstant, kMaxConstants> constants{};  // the first constantCount are used
    std::size_t constantCount = 0;
    // Whether step() runs it with these parameters (an off feature costs no
    // draw). Tests and diagnostics run a pass regardless.
    bool (*runsInStep)(const SimParams&, const PassConstants&) = nullptr;
};

namespace passes {

constexpr bool always(const SimParams&, const PassConstants&)
{
    return true;
}
constexpr bool incremental(const SimParams& p, const PassConstants&)
{
    return projectsIncrementally(p);
}

// The incremental projection (docs/algorithm.md §3.8a). advect() runs the
// forcing first and carries its output: the velocity less half of the last
// step's pressure gradient, w = u - grad(q) / 2 (q: the whole step's
// P = p dt / rho), traced by u itself.
inline constexpr FieldPass pressureForcing{"pressure_forcing",
                                           "pressure_forcing.frag",
                                           nullptr,
                                           {{{Slot::Velocity, "uVelocity"}, {Slot::FullPressure, "uFullPressure"}}},
                                           2,
                                           Slot::CarriedVelocity,
                                           {{{"uPressureForcingScale", &PassConstants::pressureForcingScale}}},
                                           1,
                                           incremental};

// After the projection: q = q / 2 + P, P the projection's pressure (the part
// of this step's gradient the forcing did not apply): in a steady flow q is
// the whole step's P.
inline constexpr FieldPass fullPressure{"full_pressure",
                                        "full_pressure.frag",
                                        nullptr,
                                        {{{Slot::FullPressure, "uFullPressure"}, {Slot::Pressure, "uPressure"}}},
                                        2,
                                        Slot::FullPressure,
                                        {},
                                        0,
                                        incremental};

// Boussinesq buoyancy (buoyancy.frag): skipped without gravity.
inline constexpr FieldPass buoyancy{
    "buoyancy",
    "buoyancy.frag",
    "advection.glsl",
    {{{Slot::Velocity, "uVelocity"}, {Slot::Temperature, "uTemperature"}, {Slot::Dye, "uDye"}}},
    3,
    Slot::Velocity,
    {{{"uBuoyancyPerKelvin", &PassConstants::buoyancyPerKelvin},
      {"uBuoyancyPerSmoke", &PassConstants::buoyancyPerSmoke}}},
    2,
    [](const SimParams& p, const PassConstants&) { return smokeIsOn(p); }};

// Vorticity confinement: the curl, then the force (both skipped at epsilon = 0).
inline constexpr FieldPass curl{"curl",
                                "curl.frag",
                                nullptr,
                                {{{Slot::Velocity, "uVelocity"}}},
                                1,
                                Slot::Curl,
                                {},
                                0,
                                [](const SimParams&, const PassConstants& k) { return k.vorticityScale != 0.0f; }};

inline constexpr FieldPass vorticity{"vorticity",
                                     "vorticity.frag",
                                     nullptr,
                                     {{{Slot::Velocity, "uVelocity"}, {Slot::Curl, "uCurl"}}},
                                     2,
                                     Slot::Velocity,
                                     {{{"uVorticityScale", &PassConstants::vorticityScale}}},
                                     1,
                                     [](const SimParams&, const PassConstants& k) { return k.vorticityScale != 0.0f; }};

// The projection's first and last passes (the solve between is hand-written).
inline constexpr FieldPass divergence{
    "divergence", "divergence.frag", nullptr, {{{Slot::Velocity, "uVelocity"}}}, 1, Slot::Divergence, {}, 0, always};

inline constexpr FieldPass gradient{
    "gradient", "gradient.frag", nullptr, {{{Slot::Velocity, "uVelocity"}, {Slot::Pressure, "uPressure"}}},
    2,          Slot::Velocity,  {},      0,
    always};

// Not in the step: what the last pressure solve left, for the panel (run it
// right after a step, before anything overwrites the divergence).
inline constexpr FieldPass pressureResidual{"pressure_residual",
                                            "pressure_residual.frag",
                                            nullptr,
                                            {{{Slot::Pressure, "uPressure"}, {Slot::Divergence, "uDivergence"}}},
                                            2,
                                            Slot::PressureResidual,
                                            {{{"uCellSizeSquared", &PassConstants::cellSizeSquared}}},
                                            1,
                                            always};

}  // namespace passes

// Every row, for the solvers (which build them all) and the tests (which check them all).
inline constexpr std::array<const FieldPass*, 8> kFieldPasses{
    &passes::pressureForcing, &passes::buoyancy, &passes::curl,         &passes::vorticity,
    &passes::divergence,      &passes::gradient, &passes::fullPressure, &passes::pressureResidual};

}  // namespace fluid
