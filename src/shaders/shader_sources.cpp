#include "shaders/shader_sources.hpp"

#include <stdexcept>
#include <string>

#include "shader_table.hpp"

namespace fluid::shaders {

std::string_view source(std::string_view fileName)
{
    for (const EmbeddedFile& file : kEmbeddedFiles)
        if (file.name == fileName) return file.text;
    std::string known;
    for (const EmbeddedFile& file : kEmbeddedFiles) known += (known.empty() ? "" : ", ") + std::string(file.name);
    throw std::out_of_range("shaders::source(): no embedded shader '" + std::string(fileName) + "' (have: " + known +
                            ")");
}

}  // namespace fluid::shaders
