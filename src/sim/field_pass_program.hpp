// A row of the pass table (core/field_pass.hpp) as a GL program: built for
// the boundary rule and the obstacles like every pass, its samplers on texture
// units 0, 1, 2 in the row's order, its constants set from PassConstants.
// GpuSolver keeps one per row and draws it over the row's output.
#pragma once

#include "core/field_pass.hpp"
#include "core/pass_constants.hpp"
#include "core/program_specs.hpp"
#include "core/sim_params.hpp"
#include "gl/program.hpp"

namespace fluid::sim {

// What a pass is compiled for besides its row: each choice is a #define
// ahead of common.glsl (OBSTACLES, DYE_ON_VELOCITY_GRID), never a branch.
struct PassVariant {
    BoundaryMode boundary = BoundaryMode::Box;
    bool obstacles = false;
    bool dyeOnVelocityGrid = true;
    bool staggered = false;  // Layout::Staggered (STAGGERED)
};

class FieldPassProgram {
public:
    // Throws gl::GlError naming the shader when it does not compile or link.
    FieldPassProgram(const FieldPass& pass, BoundaryMode boundary, Defines defines);
    FieldPassProgram(const FieldPass& pass, const PassVariant& variant);

    // The grid uniforms of common.glsl (those a shader does not use are
    // skipped), the dye grid's for passes that read the dye across grids, the
    // sampler units and the row's constants. Throws gl::GlError naming the
    // shader and the uniform when a sampler or constant of the row is not
    // active in the shader (misspelt, or unused), instead of a silent no-op.
    void setConstants(const PassConstants& grid, const PassConstants& dyeGrid) const;

    const FieldPass& pass() const { return *pass_; }
    void use() const { program_.use(); }

private:
    const FieldPass* pass_;
    gl::Program program_;
};

}  // namespace fluid::sim
