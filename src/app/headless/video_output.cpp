#include "app/headless/video_output.hpp"

namespace fluid::app::headless {

VideoPicture toPicture(const RgbImage& image, long repeat)
{
    VideoPicture p;
    p.width = image.width;
    p.height = image.height;
    p.repeat = repeat;
    p.rgba.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4);
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const std::size_t from =
                (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 3;
            const std::size_t to =
                (static_cast<std::size_t>(image.height - 1 - y) * static_cast<std::size_t>(image.width) +
                 static_cast<std::size_t>(x)) *
                4;
            for (std::size_t c = 0; c < 3; ++c) p.rgba[to + c] = image.rgb[from + c];
            p.rgba[to + 3] = 255;
        }
    return p;
}

bool VideoOutput::due(double t)
{
    pending_ = pacer_.framesFor(t);
    return pending_ > 0;
}

void VideoOutput::add(const RgbImage& image)
{
    if (pending_ <= 0) return;
    if (!encoder_) encoder_ = std::make_unique<VideoEncoder>(path_, glm::ivec2(image.width, image.height), kFps);
    encoder_->write(toPicture(image, pending_));
    pending_ = 0;
}

std::string VideoOutput::finish()
{
    if (!encoder_) return "no frames to " + path_;
    encoder_->finish();
    const glm::ivec2 size = encoder_->size();
    return std::to_string(encoder_->frames()) + (encoder_->frames() == 1 ? " frame (" : " frames (") +
           std::to_string(size.x) + "x" + std::to_string(size.y) + ", " + std::to_string(kFps) +
           " frames/s of fluid time) to " + path_;
}

}  // namespace fluid::app::headless
