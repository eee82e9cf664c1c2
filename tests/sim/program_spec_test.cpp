// The program table (core/program_specs.hpp) against the programs the solvers
// (and GpuMotion) really build: in every configuration that changes what is
// compiled (each boundary rule, obstacles, the staggered layout, a dye grid of
// its own), each
// uniform a program has is named by its row (or is one of the grid's, for a
// row drawn on the grid), and each uniform a row names is active in some
// program built from it: a uniform added to a shader and not to its row, or a
// misspelt name in a row, fails here. The kernels GpuSolver draws are checked
// against the rows' declared variants and sampler sources, and sim::ProgramSet
// against its promises. Each pass's parity with its CPU mirror is in
// pass_parity_test.cpp and (viscous_)multigrid_parity_test.cpp. The window's
// display rows (core/display_programs.hpp) are held to the same form here,
// and against the programs the window builds in
// tests/app/display_programs_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/display_programs.hpp"
#include "core/program_specs.hpp"
#include "gl/errors.hpp"
#include "sim/gpu_kernels.hpp"
#include "sim/gpu_motion.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/program_set.hpp"
#include "sim/spec_program.hpp"
#include "support/gl_context.hpp"
#include "support/program_rows.hpp"

namespace fluid {
namespace {

using test::activeUniforms;
using test::namedBy;

// common.glsl's uniforms of the grid a pass draws on, and the velocity grid's
// for passes that read it across grids: what SpecProgram::setConstants sets
// besides the row's own.
const std::set<std::string> kGridUniforms{
    "uGridSize",         "uInverseGridSize", "uLidSpeed", "uSolid", "uInverseCellSize", "uHalfInverseCellSize",
    "uVelocityGridSize", "uToVelocityCells", "uZero"};

// Configurations that between them build every variant the solvers compile.
std::vector<SimParams> configurations()
{
    std::vector<SimParams> all;
    for (const BoundaryMode b :
         {BoundaryMode::Box, BoundaryMode::Periodic, BoundaryMode::Tunnel, BoundaryMode::TunnelWalls})
        for (const Layout layout : {Layout::Collocated, Layout::Staggered})
            for (const int dyeGridWidth : {0, 32}) {
                SimParams p;
                p.gridWidth = 16;
                p.gridHeight = 16;
                p.boundary = b;
                p.layout = layout;
                p.dyeGridWidth = dyeGridWidth;
                p.advection = AdvectionScheme::MacCormack;
                p.viscosity = 1e-3f;
                if (!validate(p)) all.push_back(p);
            }
    return all;
}

using ProgramSpecTest = test::GlTest;

TEST_F(ProgramSpecTest, EveryUniformOfEveryProgramIsNamedByItsRowAndEveryNameIsUsed)
{
    std::map<const ProgramSpec*, std::set<std::string>> usedOf;
    std::set<const ProgramSpec*> built;
    const auto check = [&](const sim::SpecProgram& program) {
        const ProgramSpec& row = *program.spec();
        built.insert(&row);
        const std::set<std::string> named = namedBy(row);
        for (const std::string& u : activeUniforms(program.program())) {
            usedOf[&row].insert(u);
            const bool grid = row.onTheGrid ? kGridUniforms.contains(u) : u == "uSolid";
            EXPECT_TRUE(named.contains(u) || grid) << u << " is not named by its row";
        }
    };
    const sim::GpuMotion motion(16, 16);
    for (const sim::SpecProgram* program : motion.specPrograms()) {
        SCOPED_TRACE(program->spec()->name);
        check(*program);
    }
    const std::vector<SimParams> all = configurations();
    ASSERT_GE(all.size(), 12u);
    for (const SimParams& p : all)
        for (const bool obstacles : {false, true}) {
            GpuSolver solver(p);
            if (obstacles) {
                Field mask(p.gridWidth, p.gridHeight, 1);
                mask.at(8, 8, 0) = 1.0f;
                solver.setObstacles(mask);
            }
            for (const sim::SpecProgram* program : solver.specPrograms()) {
                const ProgramSpec& row = *program->spec();
                SCOPED_TRACE(std::string(row.name) + " (" + program->program().name() + "), " + toString(p.boundary) +
                             ", " + toString(p.layout) + (p.dyeGridWidth ? ", dye grid" : "") +
                             (obstacles ? ", obstacles" : ""));
                check(*program);
            }
        }
    for (const ProgramSpec* row : kProgramSpecs) {
        SCOPED_TRACE(row->name);
        EXPECT_TRUE(built.contains(row)) << "no solver builds this row";
        for (const std::string& u : namedBy(*row))
            EXPECT_TRUE(usedOf[row].contains(u)) << u << " is active in no program of this row (misspelt?)";
    }
    glUseProgram(0);
}

// The solvers' rows and the window's display rows (core/display_programs.hpp).
std::vector<const ProgramSpec*> everyRow()
{
    std::vector<const ProgramSpec*> all(kProgramSpecs.begin(), kProgramSpecs.end());
    all.insert(all.end(), programs::kDisplayPrograms.begin(), programs::kDisplayPrograms.end());
    return all;
}

TEST(ProgramSpecTable, RowsAreWellFormed)
{
    std::set<std::string> names;
    for (const ProgramSpec* row : everyRow()) {
        SCOPED_TRACE(row->name);
        EXPECT_TRUE(names.insert(row->name).second) << "two rows share the name";
        EXPECT_NE(row->shader, nullptr);
        EXPECT_TRUE(row->samplers[0].uniform != nullptr || row->addsToTarget)
            << "every pass reads something, but one that adds to its target";
        // The display's rows are built without common.glsl: no obstacle mask
        // of its, nothing of the grid's PassConstants.
        if (!row->withCommon) {
            EXPECT_FALSE(row->onTheGrid);
            EXPECT_EQ(row->header, nullptr);
            EXPECT_EQ(row->constants[0].uniform, nullptr);
        }
        std::set<unsigned> units;
        for (const SamplerBinding& s : row->samplers) {
            if (!s.uniform) continue;
            if (row->withCommon) {
                EXPECT_NE(s.unit, units::kSolid) << s.uniform << " takes the obstacle mask's unit";
            }
            // Optional samplers may share a unit: a variant reads one or the other.
            if (!s.optional) {
                EXPECT_TRUE(units.insert(s.unit).second) << s.uniform << " shares its unit";
            }
        }
        for (const ConstantBinding& c : row->constants) {
            // Fixed values are the mirrors' own constants: a decay of 1, the
            // multigrid smoother's weight (the packed level 0's), or the
            // Jacobi solve's damped first sweep's.
            if (c.uniform && !c.member) {
                EXPECT_TRUE(c.fixed == 1.0f || c.fixed == MultigridSchedule::kWeight ||
                            c.fixed == kOddJacobiFirstSweepWeight)
                    << c.uniform << " = " << c.fixed
                    << ": only a decay of 1, the smoother's weight or the damped first sweep's is fixed";
            }
        }
    }
}

TEST_F(ProgramSpecTest, AMisspeltSamplerOrConstantThrowsNamingTheShaderAndTheUniform)
{
    const PassConstants k = makePassConstants(SimParams{});
    ProgramSpec misspeltSampler = programs::diffuse;
    misspeltSampler.samplers[1].uniform = "uBb";
    ProgramSpec misspeltConstant = programs::diffuse;
    misspeltConstant.constants[0].uniform = "uAlhpa";
    for (const auto& [row, name] : {std::pair{&misspeltSampler, "uBb"}, std::pair{&misspeltConstant, "uAlhpa"}}) {
        const sim::SpecProgram program(*row, BoundaryMode::Box);
        try {
            program.setConstants(k, k);
            ADD_FAILURE() << "expected gl::GlError for " << name;
        } catch (const gl::GlError& e) {
            const std::string message = e.what();
            EXPECT_NE(message.find(name), std::string::npos) << message;
            EXPECT_NE(message.find("diffuse.frag"), std::string::npos) << message;
        }
    }
    glUseProgram(0);
}

// The kernels GpuSolver draws, in every configuration: each names a row of
// the table, a variant the row declares, and for each sampler the texture it
// reads (the multigrid's levels are bound by GpuMultigrid, never by a kernel).
TEST(GpuKernels, EveryKernelIsARowsDeclaredVariantAndItsSamplersNameTheirTextures)
{
    for (const Layout layout : {Layout::Collocated, Layout::Staggered})
        for (const BoundaryMode b : {BoundaryMode::Box, BoundaryMode::Periodic, BoundaryMode::Tunnel})
            for (const bool obstacles : {false, true})
                for (const bool dyeShared : {false, true})
                    for (const bool pairs : {false, true}) {
                        const sim::GpuKernels kernels =
                            sim::chooseKernels({velocityLayoutOf(layout), b, obstacles, dyeShared, false, pairs});
                        for (const sim::Kernel& k : kernels.all()) {
                            SCOPED_TRACE(std::string(k.row->name) + "\n" + k.defines.text());
                            EXPECT_TRUE(std::find(kProgramSpecs.begin(), kProgramSpecs.end(), k.row) !=
                                        kProgramSpecs.end());
                            EXPECT_TRUE(k.defines.within(k.row->variants));
                            for (const SamplerBinding& s : k.row->samplers) {
                                if (s.uniform) {
                                    EXPECT_NE(s.source, Source::Level) << s.uniform;
                                }
                            }
                        }
                        EXPECT_EQ(kernels.fusesDye, dyeShared && layout == Layout::Collocated);
                        EXPECT_EQ(kernels.fieldPasses.has(Define::Staggered), layout == Layout::Staggered);
                        EXPECT_EQ(kernels.pressurePaired.row != nullptr, pairs);
                    }
}

// A variant is built the first time it is asked for, then reused; a variant
// its row does not declare is refused, naming the row.
TEST_F(ProgramSpecTest, AProgramSetBuildsAVariantOnFirstUseAndRefusesAnUndeclaredOne)
{
    const PassConstants k = makePassConstants(SimParams{});
    sim::ProgramSet set;
    set.reset(BoundaryMode::Box);
    set.setConstants(k, k);
    const sim::Kernel sweep{&programs::solvePressure, {Define::Weighted}};
    EXPECT_TRUE(set.built().empty());
    const sim::SpecProgram& first = set.get(sweep);
    EXPECT_EQ(set.built().size(), 1u);
    EXPECT_EQ(&set.get(sweep), &first);
    EXPECT_EQ(set.built().size(), 1u);
    set.get(sim::Kernel{&programs::solvePressure, {}});
    EXPECT_EQ(set.built().size(), 2u);
    try {
        set.get(sim::Kernel{&programs::solvePressure, {Define::TwoSweeps}});
        ADD_FAILURE() << "expected std::logic_error";
    } catch (const std::logic_error& e) {
        EXPECT_NE(std::string(e.what()).find("solvePressure"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("TWO_SWEEPS"), std::string::npos) << e.what();
    }
    EXPECT_THROW(set.get(sim::Kernel{}), std::logic_error);
    glUseProgram(0);
}

// A row of the solvers' passes is built on fullscreen.vert; a vertex shader
// of its own would be ignored, so the row is refused instead.
TEST_F(ProgramSpecTest, ASolversPassNamingAVertexShaderOfItsOwnIsRefused)
{
    ProgramSpec spec = programs::solvePressure;
    spec.vertexShader = "display.vert";
    try {
        sim::SpecProgram program(spec, BoundaryMode::Box, {});
        ADD_FAILURE() << "expected std::logic_error";
    } catch (const std::logic_error& e) {
        EXPECT_NE(std::string(e.what()).find("display.vert"), std::string::npos) << e.what();
    }
    glUseProgram(0);
}

}  // namespace
}  // namespace fluid
