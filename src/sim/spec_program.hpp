// A row of the program table (core/program_specs.hpp, and the window's
// display passes in core/display_programs.hpp) as a GL program: built for a
// boundary rule and the variant's #defines, its samplers on the row's units,
// its constants from PassConstants, its per-draw uniforms looked up once.
// The solvers and the window name no uniform themselves: what a pass takes
// is its row.
#pragma once

#include <array>
#include <string>

#include "core/pass_constants.hpp"
#include "core/program_specs.hpp"
#include "core/sim_params.hpp"
#include "gl/program.hpp"

namespace fluid::sim {

class SpecProgram {
public:
    SpecProgram() = default;  // empty: a variant this configuration does not use
    // The variant of `spec` with `defines`, which must be among the row's
    // variants (std::logic_error naming the row otherwise). Throws
    // gl::GlError naming the shader when it does not compile or link. A row
    // built without common.glsl (ProgramSpec::withCommon) ignores `boundary`.
    SpecProgram(const ProgramSpec& spec, BoundaryMode boundary, Defines defines = {});

    // The row's samplers and the obstacle mask's unit. Throws gl::GlError
    // naming the shader and the uniform when a sampler that is not optional
    // is not active.
    void setSamplers() const;
    // setSamplers(), then common.glsl's uniforms of the grid it draws on, the
    // row's constants, and the
    // velocity's grid for the passes that read it across grids
    // (uVelocityGridSize, uToVelocityCells, where active).
    void setConstants(const PassConstants& grid, const PassConstants& velocityGrid) const;

    // The location of the row's per-draw uniform `index`, or -1 where this
    // variant does not have it.
    GLint perDraw(std::size_t index) const { return perDraw_[index]; }
    // Whether this variant reads the row's sampler `index` (an optional one
    // may be compiled out).
    bool reads(std::size_t index) const { return reads_[index]; }

    void use() const { program_.use(); }
    GLuint id() const { return program_.id(); }
    explicit operator bool() const { return program_.id() != 0; }
    const gl::Program& program() const { return program_; }
    const ProgramSpec* spec() const { return spec_; }

private:
    const ProgramSpec* spec_ = nullptr;
    gl::Program program_;
    std::array<GLint, ProgramSpec::kMaxPerDraw> perDraw_{};
    std::array<bool, ProgramSpec::kMaxSamplers> reads_{};
};

}  // namespace fluid::sim
