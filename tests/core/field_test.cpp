// FluidState's field table: every row is a member of FluidState, shapes follow
// the row's grid, and the one shape check names the field that is wrong.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/field.hpp"

namespace fluid {
namespace {

const FieldGrids kGrids{{12, 10}, {36, 30}};

TEST(FieldTable, RowsAreDistinctMembersWithDistinctNames)
{
    std::set<std::string> names;
    FluidState state;
    std::set<const Field*> members;
    for (const FieldSpec& spec : kFieldSpecs) {
        names.insert(spec.name);
        members.insert(&fieldOf(state, spec));
        EXPECT_TRUE(spec.components == 1 || spec.components == 2 || spec.components == 4) << spec.name;
    }
    EXPECT_EQ(names.size(), kFieldCount);
    EXPECT_EQ(members.size(), kFieldCount);
    EXPECT_STREQ(fieldSpec(FieldId::Velocity).name, "velocity");
    EXPECT_STREQ(fieldSpec(FieldId::Pressure).name, "pressure");
    EXPECT_STREQ(fieldSpec(FieldId::Dye).name, "dye");
}

TEST(FieldTable, ZerosPutsEachFieldOnItsGrid)
{
    const FluidState state = FluidState::zeros(kGrids);
    for (const FieldSpec& spec : kFieldSpecs) {
        const Field& f = fieldOf(state, spec);
        EXPECT_EQ(f.width(), kGrids.of(spec.grid).width) << spec.name;
        EXPECT_EQ(f.height(), kGrids.of(spec.grid).height) << spec.name;
        EXPECT_EQ(f.components(), spec.components) << spec.name;
    }
    EXPECT_EQ(state.dye.width(), 36);
    EXPECT_EQ(state.velocity.width(), 12);
    EXPECT_FALSE(checkShapes(state, kGrids).has_value());
}

TEST(FieldTable, ShapeCheckNamesTheFieldAndBothShapes)
{
    for (const FieldSpec& spec : kFieldSpecs) {
        FluidState state = FluidState::zeros(kGrids);
        const GridSize g = kGrids.of(spec.grid);
        fieldOf(state, spec) = Field(g.width + 1, g.height, spec.components);
        const auto problem = checkShapes(state, kGrids);
        ASSERT_TRUE(problem.has_value()) << spec.name;
        const std::string expected = std::string(spec.name) + " is " + std::to_string(g.width + 1) + "x" +
                                     std::to_string(g.height) + "x" + std::to_string(spec.components) + ", expected " +
                                     std::to_string(g.width) + "x" + std::to_string(g.height) + "x" +
                                     std::to_string(spec.components);
        EXPECT_EQ(*problem, expected);
    }
}

TEST(FieldTable, AStateOnTheWrongGridsIsRefused)
{
    // A dye on the simulation grid when the dye has its own.
    const FluidState uniform = FluidState::zeros(FieldGrids::uniform(12, 10));
    const auto problem = checkShapes(uniform, kGrids);
    ASSERT_TRUE(problem.has_value());
    EXPECT_EQ(problem->rfind("dye is 12x10x4", 0), 0u) << *problem;
}

}  // namespace
}  // namespace fluid
