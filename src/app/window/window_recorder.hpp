// WindowRecorder: the window as a video (--record, F9, the panel's button).
// Each frame, after the drawing and before the swap, the FramePacer says how
// many video frames the picture stands for (by fluid time); a picture that
// stands for some is read back asynchronously (FrameCapture) and, a frame or
// two later, handed to the encoder's thread (VideoWriter). Nothing here waits
// in the frame; stopping waits for the last read-backs and the encoder.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <glm/vec2.hpp>

#include "app/record/frame_pacer.hpp"
#include "app/record/video_writer.hpp"
#include "app/window/frame_capture.hpp"

namespace fluid::app {

class WindowRecorder {
public:
    static constexpr int kFps = 30;

    // Starts a video of the window at `framebuffer` pixels from fluid time
    // `fluidTime`; stops after `limit` s of fluid when > 0. Throws VideoError.
    void start(const std::string& path, glm::ivec2 framebuffer, double fluidTime, double limit = 0.0);
    // After the frame's drawing, before the swap.
    void frame(glm::ivec2 framebuffer, double fluidTime);
    // Finishes the file; nothing when not recording.
    std::optional<VideoSummary> stop();
    // The limit of start() is reached: the caller stops (and says so).
    bool limitReached() const;

    bool recording() const { return writer_ != nullptr; }
    double seconds() const { return pacer_ ? pacer_->seconds() : 0.0; }
    const std::string& path() const { return path_; }

private:
    void handOver(VideoPicture picture);

    std::unique_ptr<VideoWriter> writer_;
    std::optional<FramePacer> pacer_;
    std::unique_ptr<FrameCapture> capture_;
    std::string path_;
    double limit_ = 0.0;
};

}  // namespace fluid::app
