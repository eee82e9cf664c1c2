#include "sim/program_set.hpp"

#include <stdexcept>

namespace fluid::sim {

void ProgramSet::reset(BoundaryMode boundary)
{
    entries_.clear();
    boundary_ = boundary;
}

void ProgramSet::setConstants(const PassConstants& simulation, const PassConstants& dye)
{
    simulation_ = simulation;
    dye_ = dye;
    for (const auto& e : entries_) apply(*e);
    glUseProgram(0);
}

void ProgramSet::apply(const Entry& e) const
{
    // The multigrid's rows are drawn on every level, whose uniforms are set per draw.
    if (e.kernel.row->onTheGrid)
        e.program.setConstants(e.kernel.grid == FieldGrid::Dye ? dye_ : simulation_, simulation_);
    else
        e.program.setSamplers();
}

const SpecProgram& ProgramSet::get(const Kernel& kernel)
{
    if (!kernel) throw std::logic_error("ProgramSet::get(): a kernel this configuration does not draw");
    for (const auto& e : entries_)
        if (e->kernel.row == kernel.row && e->kernel.defines == kernel.defines && e->kernel.grid == kernel.grid)
            return e->program;
    entries_.push_back(std::make_unique<Entry>(Entry{kernel, SpecProgram(*kernel.row, boundary_, kernel.defines)}));
    apply(*entries_.back());
    return entries_.back()->program;
}

std::vector<const SpecProgram*> ProgramSet::built() const
{
    std::vector<const SpecProgram*> all;
    for (const auto& e : entries_) all.push_back(&e->program);
    return all;
}

}  // namespace fluid::sim
