// ProgramSet: the GL programs of the program table (core/program_specs.hpp)
// a solver draws, each (row, variant) built the first time it is asked for
// and then kept, its uniforms set from the row and the grid's PassConstants.
// Kernel names what to draw: a row, the variant's defines and the grid whose
// constants it takes.
#pragma once

#include <memory>
#include <vector>

#include "core/field.hpp"
#include "core/pass_constants.hpp"
#include "core/program_specs.hpp"
#include "core/sim_params.hpp"
#include "sim/spec_program.hpp"

namespace fluid::sim {

struct Kernel {
    const ProgramSpec* row = nullptr;  // null: not drawn in this configuration
    Defines defines{};
    FieldGrid grid = FieldGrid::Simulation;  // whose PassConstants it takes
    explicit operator bool() const { return row != nullptr; }
};

class ProgramSet {
public:
    // Drops every program: each is rebuilt for `boundary` on its next use.
    void reset(BoundaryMode boundary);
    // The constants of the two grids: set in every program built so far, and
    // in each later one as it is built.
    void setConstants(const PassConstants& simulation, const PassConstants& dye);
    // The program of `kernel`, built now if it is the first use. Throws
    // std::logic_error for an empty kernel or defines its row does not list
    // (SpecProgram), gl::GlError when it does not build.
    const SpecProgram& get(const Kernel& kernel);
    // Every program built so far.
    std::vector<const SpecProgram*> built() const;

private:
    struct Entry {
        Kernel kernel;
        SpecProgram program;
    };
    void apply(const Entry& e) const;
    BoundaryMode boundary_ = BoundaryMode::Box;
    PassConstants simulation_;
    PassConstants dye_;
    std::vector<std::unique_ptr<Entry>> entries_;  // stable addresses: callers hold references
};

}  // namespace fluid::sim
