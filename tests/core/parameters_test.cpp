// The parameter table is the one place a knob is declared: these tests hold
// every row to its promises, so a new row is checked without a new test.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "core/parameters.hpp"

namespace fluid {
namespace {

// Values at and inside a row's accepted range, and just outside it.
std::vector<double> acceptedValues(const Parameter& row)
{
    switch (row.kind) {
        case ParameterKind::Real:
            // Above an open 0, the smallest normal float: a denormal is no
            // value a GPU keeps (refusedValues).
            return {row.minOpen ? (row.min == 0.0 ? static_cast<double>(std::numeric_limits<float>::min())
                                                  : std::nextafter(static_cast<float>(row.min), 1.0f))
                                : row.min,
                    row.max, 0.5 * (row.min + row.max)};
        case ParameterKind::Integer:
            return {row.min, row.max, std::floor(0.5 * (row.min + row.max))};
        case ParameterKind::Switch:
            return {0.0, 1.0};
        case ParameterKind::Choice: {
            std::vector<double> values;
            for (const ParameterChoice& c : row.choices) values.push_back(c.value);
            return values;
        }
    }
    return {};
}

std::vector<double> refusedValues(const Parameter& row)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    switch (row.kind) {
        case ParameterKind::Real:
            if (row.minOpen && row.min == 0.0) {  // a GPU takes a denormal as 0, which the range refuses
                const double denormal = std::numeric_limits<float>::denorm_min();
                return {row.min - 1.0, row.max * 2.0 + 1.0, nan, inf, -inf, denormal};
            }
            return {row.min - 1.0, row.max * 2.0 + 1.0, nan, inf, -inf};
        case ParameterKind::Integer:
            return {row.min - 1.0, row.max + 1.0};
        case ParameterKind::Switch:
            return {};  // a bool holds nothing else
        case ParameterKind::Choice:
            return {-1.0, 99.0};
    }
    return {};
}

TEST(ParameterTable, KeysAreUniqueAndEveryRowIsComplete)
{
    std::set<std::string> keys;
    for (const Parameter& row : parameters()) {
        EXPECT_TRUE(keys.insert(row.key).second) << row.key << " twice";
        EXPECT_EQ(findParameter(row.key), &row);
        EXPECT_GT(std::string(row.help).size(), 10u) << row.key;
        EXPECT_GT(std::string(row.label).size(), 1u) << row.key;
        if (row.kind == ParameterKind::Choice) {
            EXPECT_GE(row.choices.size(), 2u) << row.key;
        }
    }
    EXPECT_EQ(findParameter("no-such-knob"), nullptr);
}

TEST(ParameterTable, DefaultsAreAcceptedAndTheSliderLiesInsideTheRange)
{
    for (const Parameter& row : parameters()) {
        EXPECT_TRUE(row.accepts(row.get(SimParams{}))) << row.key;
        if (row.kind != ParameterKind::Real && row.kind != ParameterKind::Integer) continue;
        // Dragging a slider end must give a value validate() takes.
        EXPECT_LT(row.slider.min, row.slider.max) << row.key;
        EXPECT_TRUE(row.accepts(row.slider.max)) << row.key;
        EXPECT_TRUE(row.accepts(row.slider.min) || (row.minOpen && row.slider.min > row.min)) << row.key;
    }
}

// validate() refuses every row just outside its range and names the row;
// everything inside reads back through the text the settings file writes.
TEST(ParameterTable, ValidateFollowsEveryRow)
{
    for (const Parameter& row : parameters()) {
        for (double value : refusedValues(row)) {
            SimParams p;
            row.set(p, value);
            const auto problem = validate(p);
            ASSERT_TRUE(problem.has_value()) << row.key << " = " << value;
            EXPECT_NE(problem->find(row.key), std::string::npos) << *problem;
            EXPECT_NE(problem->find(row.range()), std::string::npos) << *problem;
        }
        for (double value : acceptedValues(row)) {
            SimParams p;
            row.set(p, value);
            EXPECT_FALSE(validate(p).has_value()) << row.key << " = " << value << ": " << *validate(p);
            SimParams back;
            EXPECT_FALSE(row.parse(row.format(p), back).has_value()) << row.key << " " << row.format(p);
            EXPECT_EQ(row.get(back), row.get(p)) << row.key << " " << row.format(p);
        }
    }
}

TEST(ParameterTable, ParseRefusesWhatTheRangeRefuses)
{
    for (const Parameter& row : parameters()) {
        for (const char* text : {"", "x", " 1", "0x10", "nan", "inf", "1e999", "on1", "-5e9"}) {
            SimParams p;
            const SimParams before = p;
            const auto problem = row.parse(text, p);
            if (row.kind == ParameterKind::Switch || row.kind == ParameterKind::Choice || std::string(text) != "") {
                ASSERT_TRUE(problem.has_value()) << row.key << " took '" << text << "'";
                EXPECT_EQ(problem->find("expects"), 0u) << *problem;
                EXPECT_NE(problem->find(row.range()), std::string::npos) << *problem;
            }
            EXPECT_EQ(p, before) << row.key << ": a refused value was stored";
        }
    }
}

TEST(ParameterTable, HelpLineGivesTheRangeAndTheDefault)
{
    const Parameter& viscosity = *findParameter("viscosity");
    EXPECT_EQ(viscosity.range(), "[0, 100] m^2/s");
    EXPECT_NE(viscosity.helpLine().find("[0, 100] m^2/s"), std::string::npos) << viscosity.helpLine();
    EXPECT_NE(viscosity.helpLine().find("default 1e-04"), std::string::npos) << viscosity.helpLine();
    EXPECT_EQ(findParameter("dt")->range(), "(0, 10] s");
    EXPECT_EQ(findParameter("pressure-solver")->range(), "jacobi, multigrid");
    EXPECT_EQ(findParameter("warm-start")->format(SimParams{}), "on");
}

// A limit in --help and the messages: as %g writes it, without the
// exponent's sign and leading zeros.
TEST(ParameterTable, LimitsReadAsTheyAreWritten)
{
    EXPECT_EQ(limitText(1e6), "1e6");
    EXPECT_EQ(limitText(static_cast<double>(1e-6f)), "1e-6");
    EXPECT_EQ(limitText(static_cast<double>(1e30f)), "1e30");
    EXPECT_EQ(limitText(1e-40), "1e-40");
    EXPECT_EQ(limitText(4096), "4096");
    EXPECT_EQ(limitText(0.5), "0.5");
    EXPECT_EQ(limitText(-1e4), "-10000");
}

// An integer's range in full, however large: 1..100000000, not 1..1e+08.
TEST(ParameterTable, AnIntegerRangeIsWrittenInFull)
{
    ParameterSpec steps("steps", "steps", "K", "", "", ParameterKind::Integer);
    steps.min = 1;
    steps.max = 100000000;
    EXPECT_EQ(steps.range(), "1..100000000");
}

}  // namespace
}  // namespace fluid
