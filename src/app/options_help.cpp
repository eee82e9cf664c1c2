// --help: the flag table's rows, in sections, wrapped to 100 columns.
#include <sstream>
#include <string>
#include <vector>

#include "app/option_flags.hpp"
#include "app/options.hpp"
#include "core/parameters.hpp"

namespace fluid::app {

using flag_table::Flag;
using flag_table::flags;

std::vector<std::string> flagNames()
{
    std::vector<std::string> names;
    for (const Flag& flag : flags()) names.emplace_back(flag.name);
    return names;
}

namespace {

// `text` broken at spaces into lines of at most `width` columns, the lines
// after the first indented by `indent` (the first starts there already).
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width)
{
    std::string out, line;
    std::istringstream words(text);
    for (std::string word; words >> word;) {
        if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
            out += line + "\n" + std::string(indent, ' ');
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return out + line;
}

}  // namespace

std::string helpText()
{
    std::ostringstream out;
    out << "usage: fluidsim [options]\n\n"
           "A real-time 2D fluid (stable fluids, GPU Gems ch. 38) on the GPU. Opens a window to\n"
           "paint in; with --headless (or when there is no display) runs a scenario and exits.\n";
    const auto section = [&](const char* title, HelpSection which) {
        out << "\n" << title << ":\n";
        for (const Flag& flag : flags()) {
            if (flag.section != which) continue;
            std::string left = std::string("  --") + flag.name + (flag.value.empty() ? "" : " " + flag.value);
            if (left.size() < 30)
                left.resize(30, ' ');
            else
                left += "\n" + std::string(30, ' ');
            out << left << wrapped(flag.help, 30, 100) << "\n";
        }
    };
    using H = HelpSection;
    section("simulation (also accepted in the settings file)", H::Simulation);
    section("brush and display (also accepted in the settings file)", H::BrushAndDisplay);
    section("water view (also accepted in the settings file)", H::Water);
    section("motion input (settings also in the settings file)", H::Motion);
    section("obstacles (window and headless)", H::Obstacles);
    section("window", H::Window);
    section("headless runner", H::Headless);
    out << "\n  -h, --help                  this text\n\n"
           "Settings file: "
        << defaultConfigPath()
        << " (name = value lines, e.g. 'viscosity = 1e-4').\n"
           "Flags apply to one run; what you change in the window's panel is saved there.\n"
           "Bad values are reported with the accepted range and exit code 2.\n";
    return out.str();
}

}  // namespace fluid::app
