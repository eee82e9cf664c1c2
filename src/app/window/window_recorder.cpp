#include "app/window/window_recorder.hpp"

namespace fluid::app {

void WindowRecorder::start(const std::string& path, glm::ivec2 framebuffer, double fluidTime, double limit)
{
    stop();
    writer_ = std::make_unique<VideoWriter>(path, framebuffer, kFps);  // throws before anything changes
    pacer_.emplace(kFps, fluidTime);
    capture_ = std::make_unique<FrameCapture>();
    path_ = path;
    limit_ = limit;
}

void WindowRecorder::handOver(VideoPicture picture)
{
    writer_->offer(std::move(picture));
}

void WindowRecorder::frame(glm::ivec2 framebuffer, double fluidTime)
{
    if (!writer_) return;
    capture_->collect([this](VideoPicture p) { handOver(std::move(p)); });
    if (limitReached()) return;
    long frames = pacer_->framesFor(fluidTime);
    // Past the limit: only the frames up to it.
    if (limit_ > 0.0) {
        const long allowed = static_cast<long>(limit_ * kFps + 0.5) - (pacer_->frames() - frames);
        frames = std::min(frames, std::max(allowed, 0L));
    }
    if (frames > 0) capture_->capture(framebuffer, frames);
}

bool WindowRecorder::limitReached() const
{
    return writer_ && limit_ > 0.0 && pacer_->frames() >= static_cast<long>(limit_ * kFps + 0.5);
}

std::optional<VideoSummary> WindowRecorder::stop()
{
    if (!writer_) return std::nullopt;
    capture_->drain([this](VideoPicture p) { handOver(std::move(p)); });
    VideoSummary summary = writer_->close();
    summary.dropped += capture_->dropped();
    summary.pictures += capture_->dropped();
    writer_.reset();
    capture_.reset();
    pacer_.reset();
    return summary;
}

}  // namespace fluid::app
