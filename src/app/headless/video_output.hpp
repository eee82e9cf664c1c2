// --video for the headless runner: its frames as a video of 30 frames per
// second of fluid time (FramePacer), encoded in the step loop's thread (there
// is no frame to keep smooth). The encoder opens at the first picture, whose
// size it takes.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/headless/output.hpp"
#include "app/record/frame_pacer.hpp"
#include "app/record/video_encoder.hpp"

namespace fluid::app::headless {

class VideoOutput {
public:
    static constexpr int kFps = 30;

    explicit VideoOutput(std::string path) : path_(std::move(path)), pacer_(kFps, 0.0) {}

    // After a step at fluid time t: whether its picture is due.
    bool due(double t);
    // The picture of the step due() was asked for last; throws VideoError.
    void add(const RgbImage& image);
    // Finishes the file; returns "N frames (WxH) to PATH"; throws VideoError.
    std::string finish();

private:
    std::string path_;
    FramePacer pacer_;
    long pending_ = 0;
    std::unique_ptr<VideoEncoder> encoder_;
};

// RGB rows top to bottom to RGBA rows bottom to top (the window's read-back order).
VideoPicture toPicture(const RgbImage& image, long repeat);

}  // namespace fluid::app::headless
