#include "app/png.hpp"

#include <stb_image_write.h>

#include <stdexcept>

namespace fluid::app {

namespace {

extern "C" void appendBytes(void* context, void* data, int size)
{
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}

}  // namespace

std::string encodePng(int width, int height, int channels, const unsigned char* pixels)
{
    std::string bytes;
    if (!stbi_write_png_to_func(appendBytes, &bytes, width, height, channels, pixels, width * channels))
        throw std::runtime_error("cannot encode a " + std::to_string(width) + "x" + std::to_string(height) +
                                 " PNG image");
    return bytes;
}

}  // namespace fluid::app
