// The solvers' state API over the field table, on both backends: every field
// survives upload and download bit for bit on its own grid, reset clears every
// field, and a field of the wrong shape is refused with its name.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "support/backends.hpp"
#include "support/fields.hpp"

namespace fluid {
namespace {

template <typename Solver>
using SolverState = test::OnBothBackends<Solver>;
TYPED_TEST_SUITE(SolverState, test::BothSolvers);

SimParams smallParams()
{
    return SimParams{.gridWidth = 24, .gridHeight = 16};
}

TYPED_TEST(SolverState, UploadThenDownloadIsExactForEveryField)
{
    TypeParam solver = test::makeSolver<TypeParam>(smallParams());
    const FluidState input = test::randomState(solver.grids(), 7);
    solver.upload(input);
    const FluidState output = solver.download();
    for (const FieldSpec& spec : kFieldSpecs) {
        const test::FieldError e = test::compareFields(fieldOf(output, spec), fieldOf(input, spec));
        EXPECT_EQ(e.maxAbs, 0.0) << spec.name << ": " << test::describe(e);
        EXPECT_GT(test::maxAbs(fieldOf(input, spec)), 1e-3) << spec.name;  // the round trip carried something
    }
}

TYPED_TEST(SolverState, ResetClearsEveryField)
{
    TypeParam solver = test::makeSolver<TypeParam>(smallParams());
    solver.upload(test::randomState(solver.grids(), 8));
    solver.reset();
    const FluidState output = solver.download();
    for (const FieldSpec& spec : kFieldSpecs) EXPECT_EQ(test::maxAbs(fieldOf(output, spec)), 0.0) << spec.name;
}

TYPED_TEST(SolverState, AFieldOfTheWrongShapeIsRefusedByName)
{
    TypeParam solver = test::makeSolver<TypeParam>(smallParams());
    for (const FieldSpec& spec : kFieldSpecs) {
        FluidState state = FluidState::zeros(solver.grids());
        const GridSize g = solver.grids().of(spec.grid);
        fieldOf(state, spec) = Field(g.width, g.height + 2, spec.components);
        try {
            solver.upload(state);
            ADD_FAILURE() << spec.name << " of the wrong shape was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(std::string(spec.name) + " is "), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace fluid
