#include "app/report.hpp"

#include <cstdio>

namespace fluid::app {

std::string oneLine(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c != 0x7f) {
            out += ch;
        } else {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
            out += escaped;
        }
    }
    return out;
}

void report(std::string_view message)
{
    std::fprintf(stderr, "fluidsim: %s\n", oneLine(message).c_str());
}

}  // namespace fluid::app
