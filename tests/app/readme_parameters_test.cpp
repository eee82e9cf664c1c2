// README.md's table of parameters states each flag's default and, where the
// window starts elsewhere, the window's ("0 (the window: 2)"). Both are held
// here to the tables the program reads them from, so a default changed in
// the code and not in the README (or the other way) fails.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/option_flags.hpp"
#include "app/options.hpp"
#include "app/setting_rows.hpp"
#include "core/parameters.hpp"

namespace fluid::app {
namespace {

struct TableRow {
    std::vector<std::string> flags;  // without "--"
    std::string defaults;            // the default cell as written
};

std::vector<std::string> cells(const std::string& line)
{
    std::vector<std::string> out;
    std::string cell;
    for (std::size_t n = 1; n < line.size(); ++n) {
        if (line[n] == '\\' && n + 1 < line.size() && line[n + 1] == '|') {
            cell += '|';
            ++n;
        } else if (line[n] == '|') {
            out.push_back(cell);
            cell.clear();
        } else {
            cell += line[n];
        }
    }
    return out;
}

std::vector<std::string> split(const std::string& text, const std::string& by)
{
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (std::size_t at; (at = text.find(by, from)) != std::string::npos; from = at + by.size())
        parts.push_back(text.substr(from, at - from));
    parts.push_back(text.substr(from));
    return parts;
}

std::string trimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(' ');
    const auto last = text.find_last_not_of(' ');
    return first == std::string::npos ? "" : text.substr(first, last - first + 1);
}

// The rows of the table under "## Parameters".
std::vector<TableRow> readmeRows()
{
    std::ifstream in(FLUIDSIM_README);
    std::vector<TableRow> rows;
    bool inSection = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("## ", 0) == 0) inSection = line == "## Parameters";
        if (!inSection || line.rfind("| ", 0) != 0) continue;
        const std::vector<std::string> c = cells(line);
        if (c.size() < 5 || c[1].find("`--") == std::string::npos) continue;
        TableRow row;
        const std::vector<std::string> codes = split(c[1], "`--");  // what precedes the first is no flag
        for (std::size_t n = 1; n < codes.size(); ++n)
            row.flags.push_back(codes[n].substr(0, codes[n].find_first_of(" `")));
        row.defaults = trimmed(c[3]);
        rows.push_back(row);
    }
    return rows;
}

// The default of the flag `name` as the settings file writes it, in `o`.
std::string valueIn(const std::string& name, const Options& o)
{
    if (const Parameter* row = findParameter(name)) return row->format(o.params);
    if (const Setting* row = findSetting(name)) return row->format(o);
    const flag_table::Flag* flag = flag_table::find(name);
    return flag && flag->current ? flag->current(o) : "?";
}

// A default as the README writes it, as the settings file writes it ("1e-4"
// is 0.0001); or `value` itself where the README writes it as --help does
// (dt's "1/60").
std::string normalised(const std::string& name, const std::string& text, const std::string& value)
{
    const Parameter* parameter = findParameter(name);
    const ParameterSpec* row = parameter ? static_cast<const ParameterSpec*>(parameter) : findSetting(name);
    if (!row) return text;
    if (row->defaultText && text == row->defaultText) return value;
    std::string problem;
    const auto parsed = row->parseValue(text, problem);
    return parsed ? row->formatValue(*parsed) : "unreadable '" + text + "'";
}

TEST(ReadmeParameters, EveryDefaultIsTheProgramsAndTheWindows)
{
    const std::vector<TableRow> rows = readmeRows();
    ASSERT_GT(rows.size(), 30u) << "the table of " FLUIDSIM_README " was not found";
    const Options programs;
    const Options window = windowDefaults();
    int checked = 0;
    for (const TableRow& row : rows) {
        // "dye, diverging, auto, 1 (window 3)": one default per flag, each
        // with the window's in brackets where it differs.
        const std::vector<std::string> defaults = split(row.defaults, ", ");
        ASSERT_EQ(defaults.size(), row.flags.size()) << "| " << row.defaults << " |: one default per flag";
        for (std::size_t n = 0; n < row.flags.size(); ++n) {
            const std::string& name = row.flags[n];
            std::string stated = defaults[n], windowStated;
            if (const auto bracket = stated.find(" ("); bracket != std::string::npos) {
                windowStated = stated.substr(bracket + 2, stated.size() - bracket - 3);
                stated = stated.substr(0, bracket);
                for (const char* lead : {"the window: ", "window "})
                    if (windowStated.rfind(lead, 0) == 0) windowStated = windowStated.substr(std::string(lead).size());
            }
            ASSERT_NE(flag_table::find(name), nullptr) << "README names --" << name << ", which is no flag";
            const std::string value = valueIn(name, programs), windowValue = valueIn(name, window);
            EXPECT_EQ(normalised(name, stated, value), value) << "--" << name << "'s default in README.md";
            if (windowStated.empty())
                EXPECT_EQ(windowValue, value) << "README.md does not give the window's --" << name;
            else
                EXPECT_EQ(normalised(name, windowStated, windowValue), windowValue)
                    << "--" << name << "'s window default in README.md";
            ++checked;
        }
    }
    EXPECT_GT(checked, 40);
}

}  // namespace
}  // namespace fluid::app
