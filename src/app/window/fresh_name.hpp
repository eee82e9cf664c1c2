// A file name for what the window saves (a screenshot, a video) that names
// nothing already there: fluidsim-<local date and time>[-n]<extension>.
#pragma once

#include <ctime>
#include <filesystem>
#include <string>

namespace fluid::app {

// In `directory` ("" is the working directory).
inline std::string freshFileName(const std::string& directory, const char* extension)
{
    const std::filesystem::path dir = directory.empty() ? "." : directory;
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    std::filesystem::path path = dir / (std::string("fluidsim-") + stamp + extension);
    for (int n = 2; std::filesystem::exists(path); ++n)
        path = dir / (std::string("fluidsim-") + stamp + "-" + std::to_string(n) + extension);
    return path.string();
}

}  // namespace fluid::app
