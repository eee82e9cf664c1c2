// The shader files of shaders/, embedded at build time (cmake/EmbedShaders.cmake):
// shaders/ is the source of truth, the binary carries a copy, so fluidsim runs
// from any working directory without a data folder.
#pragma once

#include <array>
#include <string_view>

namespace fluid::shaders {

struct EmbeddedFile {
    std::string_view name;
    std::string_view text;
};

// The text of shaders/<fileName>; throws std::out_of_range naming the file and
// the files that do exist.
std::string_view source(std::string_view fileName);

}  // namespace fluid::shaders
