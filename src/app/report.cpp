#include "app/report.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

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

bool failedToWriteStdout()
{
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return false;
    const int error = errno;
    report(std::string("cannot write to standard output") +
           (error != 0 ? std::string(": ") + std::strerror(error) : ""));
    return true;
}

}  // namespace fluid::app
