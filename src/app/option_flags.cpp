// The flag table's rows (option_flags.hpp): every flag and setting of the window
// and the runner: the simulation's (core/parameters.hpp), the settings'
// (setting_rows.hpp) and the run's own (options_rows.hpp), one row each.
#include "app/option_flags.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "app/options_rows.hpp"
#include "core/parameters.hpp"

namespace fluid::app::flag_table {

namespace {

using H = HelpSection;

// The window's starting value where it is not the programs' (vorticity 3,
// exposure 3), as a sentence of --help.
template <typename Owner>
std::string windowStart(const BasicParameter<Owner>& row, const Owner& programs, const Owner& window)
{
    const double starts = row.get(window);
    if (starts == row.get(programs)) return "";
    return std::string(" The window starts at ") + row.formatValue(starts) +
           " unless a flag or the settings file says otherwise.";
}

// A row of any table as a flag: its placeholder, help line and parser, range
// and all. `of` picks the row's owner out of Options (its params, or itself);
// `row` lives in its table for the program's life.
template <typename Owner, typename Of>
Flag rowFlag(const FlagRow<Owner>& row, std::string help, Of of)
{
    if (row.bareFlag)
        return {row.key,
                "",
                row.help,
                row.scope,
                [&row, of](Options& o, const std::string&) {
                    row.set(of(o), 1.0);
                    return std::string();
                },
                row.section};
    Current current = nullptr;
    if (inSettingsFile(row.scope)) current = [&row, of](const Options& o) { return row.format(of(o)); };
    return {row.key,
            row.valuePlaceholder(),
            std::move(help),
            row.scope,
            [&row, of](Options& o, const std::string& value) -> std::string {
                if (auto problem = row.parse(value, of(o))) return *problem + got(value);
                return "";
            },
            row.section,
            current};
}

const auto itself = [](auto& o) -> auto&
{
    return o;
};

Flag runFlag(const RunRow& row)
{
    if (row.text) return {row.key, row.placeholder, row.textHelp, row.scope, row.text, row.section, row.current};
    return rowFlag<Options>(row, row.helpLine(Options{}), itself);
}

// The simulation's rows as flags of the simulation section, everywhere.
const std::vector<FlagRow<SimParams>>& parameterRows()
{
    static const std::vector<FlagRow<SimParams>> rows = [] {
        std::vector<FlagRow<SimParams>> made;
        for (const Parameter& row : parameters()) {
            FlagRow<SimParams> flag{row};
            flag.section = H::Simulation;
            made.push_back(flag);
        }
        return made;
    }();
    return rows;
}
std::vector<Flag> makeFlags()
{
    std::vector<Flag> table;
    for (const RunRow& row : runRows(RunRows::Grid)) table.push_back(runFlag(row));
    const Options window = windowDefaults();
    for (const FlagRow<SimParams>& row : parameterRows())
        table.push_back(rowFlag(
            row, row.helpLine(defaultSimParams()) + windowStart(row, defaultSimParams(), window.params),
            [](auto& o) -> auto& { return o.params; }));
    for (const Setting& row : settingRows())
        table.push_back(rowFlag(row, row.helpLine() + windowStart<AppSettings>(row, Options{}, window), itself));
    for (const RunRow& row : runRows(RunRows::Rest)) table.push_back(runFlag(row));
    return table;
}

}  // namespace

namespace {

// Whether `text` is a number too small for a double to hold: strtod makes it
// 0 (or a subnormal) and says ERANGE. Read as 0, "1e-400" was accepted by
// every flag whose range holds 0, integers included.
bool underflows(const std::string& text)
{
    if (text.empty()) return false;
    errno = 0;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && errno == ERANGE &&
           std::fabs(value) < std::numeric_limits<double>::min();
}

// Each flag refuses a number that underflows with its own range message: the
// one it gives any text that is no number, which every numeric flag refuses
// ("nan"). A flag that takes any text (a file name) is left to itself.
std::vector<Flag> refusingUnderflow(std::vector<Flag> table)
{
    for (Flag& flag : table) {
        if (flag.value.empty() || !flag.apply) continue;
        flag.apply = [apply = flag.apply](Options& o, const std::string& text) -> std::string {
            if (!underflows(text)) return apply(o, text);
            Options scratch = o;
            std::string message = apply(scratch, "nan");
            if (message.empty()) return apply(o, text);
            const std::string got = ", got 'nan'";
            if (const auto at = message.rfind(got); at != std::string::npos)
                message.replace(at, got.size(), ", got '" + printable(text) + "'");
            return message;
        };
    }
    return table;
}

}  // namespace

const std::vector<Flag>& flags()
{
    static const std::vector<Flag> table = refusingUnderflow(makeFlags());
    return table;
}

const Flag* find(const std::string& name)
{
    for (const Flag& flag : flags())
        if (name == flag.name) return &flag;
    return nullptr;
}

}  // namespace fluid::app::flag_table
