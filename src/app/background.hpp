// The picture under the water in the water view (--background FILE): loaded
// once, stretched over the domain, and sampled bilinearly between its pixel
// centres, by display.frag on the GPU (texelFetch, the same arithmetic) and by
// backgroundAt here, for shadeCell and the headless frames.
#pragma once

#include <optional>
#include <string>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "image/image_file.hpp"

namespace fluid::app {

using BackgroundImage = Image;  // src/image/image_file.hpp

// Reads a PNG, JPEG, BMP, TGA, GIF or PNM file; throws std::runtime_error with
// one line naming the file and the reason.
BackgroundImage loadBackground(const std::string& path);

// What loadBackground would refuse, found from the file's header alone (no
// pixel decoded): the one line; nothing for "" (no background) or a good file.
std::optional<std::string> backgroundFileProblem(const std::string& path);

// The colour at `position` (m) of a domain of size `domain` (m) that the image
// covers; beyond the edge the edge pixel repeats.
glm::vec3 backgroundAt(const BackgroundImage& image, glm::vec2 position, glm::vec2 domain);

}  // namespace fluid::app
