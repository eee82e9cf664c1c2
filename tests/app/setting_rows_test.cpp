// The settings table (src/app/setting_rows.hpp) is the one place a knob of the
// window is declared: every row must reach the flags, --help, the settings
// file and sanitize() without another line anywhere. These tests go through
// every row, so a path that forgets the table fails for the row it drops.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "app/options.hpp"
#include "app/setting_rows.hpp"

namespace fluid::app {
namespace {

// An accepted value of the row other than its default, so that a path which
// ignores the row cannot pass by leaving the default in place.
double anotherValue(const Setting& row)
{
    const double fallback = row.get(AppSettings{});
    switch (row.kind) {
        case ParameterKind::Switch:
            return fallback != 0.0 ? 0.0 : 1.0;
        case ParameterKind::Choice:
            return row.choices.back().value == fallback ? row.choices.front().value : row.choices.back().value;
        case ParameterKind::Integer:
            return row.max != fallback ? row.max : row.min;
        case ParameterKind::Real:
            break;
    }
    // Not the bounds: 360 degrees of azimuth would read back as 0.
    const double inside = row.min + (row.max - row.min) * 0.375;
    return inside != fallback ? inside : row.min + (row.max - row.min) * 0.625;
}

bool sameAsFloat(double a, double b)
{
    return static_cast<float>(a) == static_cast<float>(b);
}

TEST(SettingRows, KeysAreUniqueAndNoneIsAlsoASimulationParameter)
{
    for (const Setting& row : settingRows()) {
        EXPECT_EQ(findSetting(row.key), &row) << row.key;
        EXPECT_EQ(findParameter(row.key), nullptr) << row.key;
        EXPECT_TRUE(row.accepts(row.get(AppSettings{}))) << row.key << ": its default is out of its own range";
    }
}

TEST(SettingRows, EveryRowIsAFlagThatSetsItsField)
{
    for (const Setting& row : settingRows()) {
        const double value = anotherValue(row);
        const std::string flag = std::string("--") + row.key;
        const std::string text = row.formatValue(value);
        // A window flag with --headless is refused elsewhere; parsing takes it either way.
        const char* argv[] = {"fluidsim", flag.c_str(), text.c_str()};
        const ParseResult r = parseCommandLine(row.bareFlag ? 2 : 3, argv);
        ASSERT_TRUE(r.ok()) << flag << " " << text << ": " << r.error;
        EXPECT_TRUE(sameAsFloat(row.get(r.options), row.bareFlag ? 1.0 : value)) << flag << " " << text;
        if (row.bareFlag) continue;
        const char* bad[] = {"fluidsim", flag.c_str(), "nan"};
        EXPECT_FALSE(parseCommandLine(3, bad).ok()) << flag << " nan";
    }
}

TEST(SettingRows, HelpNamesEveryRowWithItsDefault)
{
    const std::string help = helpText();
    for (const Setting& row : settingRows()) {
        EXPECT_NE(help.find(std::string("--") + row.key), std::string::npos) << row.key;
        if (row.bareFlag) continue;
        // The default comes from AppSettings itself, so it cannot go stale.
        const std::string line = row.helpLine();
        EXPECT_NE(line.find("efault " + row.formatValue(row.get(AppSettings{})) + "."), std::string::npos) << line;
    }
}

TEST(SettingRows, EveryFileSettingSurvivesTheSettingsFile)
{
    for (const Setting& row : settingRows()) {
        Options o;
        const double value = anotherValue(row);
        row.set(o, value);
        const std::string file = formatConfig(o);
        const bool inFile = file.find(std::string("\n") + row.key + " = ") != std::string::npos;
        EXPECT_EQ(inFile, inSettingsFile(row.scope) && !row.bareFlag) << row.key;
        const ParseResult back = parseConfig(file);
        ASSERT_TRUE(back.ok()) << row.key << ": " << back.error;
        if (inFile) {
            EXPECT_TRUE(sameAsFloat(row.get(back.options), value)) << row.key;
        }
    }
}

TEST(SettingRows, SanitizeBringsEveryRowIntoItsRange)
{
    const double inf = std::numeric_limits<double>::infinity();
    for (const double extreme : {std::nan(""), inf, -inf, 1e30, -1e30, -1e6, 0.0, 1e-30, 0.5, 7.0, 1e6}) {
        for (const Setting& row : settingRows()) {
            // An int, a bool or an enum holds no NaN and no 1e30 (the cast
            // would be undefined): those rows get the finite extremes.
            const bool real = row.kind == ParameterKind::Real;
            if (!real && !(std::fabs(extreme) <= 1e6)) continue;
            AppSettings s;
            // Straight into the field, as a value typed into the panel lands
            // (a choice through its integer, as a bad enum would).
            row.set(s, extreme);
            sanitize(s);
            EXPECT_TRUE(row.accepts(row.get(s))) << row.key << " after " << extreme << ": " << row.get(s);
            if (std::isnan(extreme)) {
                EXPECT_EQ(row.get(s), row.get(AppSettings{})) << row.key;
            }
        }
    }
}

}  // namespace
}  // namespace fluid::app
