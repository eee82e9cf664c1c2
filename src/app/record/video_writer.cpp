#include "app/record/video_writer.hpp"

#include <cstdio>

namespace fluid::app {

std::string VideoSummary::describe() const
{
    char line[512];
    std::snprintf(line, sizeof line, "%ld frame%s (%dx%d) to %s; %ld of %ld pictures dropped (the encoder was behind)",
                  frames, frames == 1 ? "" : "s", size.x, size.y, path.c_str(), dropped, pictures);
    std::string text = line;
    if (framesLost > 0) text += ", " + std::to_string(framesLost) + " frames lost";
    if (!error.empty()) text += "; incomplete: " + error;
    return text;
}

VideoWriter::VideoWriter(const std::string& path, glm::ivec2 pictureSize, int fps)
    : encoder_(path, pictureSize, fps), size_(encoder_.size())
{
    thread_ = std::thread([this] { run(); });
}

VideoWriter::~VideoWriter()
{
    close();
}

bool VideoWriter::offer(VideoPicture picture)
{
    if (closed_) return false;
    ++pictures_;
    return queue_.push(std::move(picture));
}

// The thread: encodes until the queue is closed and empty. After an error
// it keeps taking pictures (and drops them), so the frame loop never fills
// a queue nobody reads.
void VideoWriter::run()
{
    bool failed = false;
    while (std::optional<VideoPicture> picture = queue_.pop()) {
        if (failed) continue;
        try {
            encoder_.write(*picture);
        } catch (const VideoError& e) {
            error_ = e.what();
            failed = true;
        }
    }
    if (failed) return;
    try {
        encoder_.finish();
    } catch (const VideoError& e) {
        error_ = e.what();
    }
}

VideoSummary VideoWriter::close()
{
    if (closed_) return summary_;
    closed_ = true;
    queue_.close();
    if (thread_.joinable()) thread_.join();
    summary_.path = encoder_.path();
    summary_.size = size_;
    summary_.frames = encoder_.frames();
    summary_.pictures = pictures_;
    summary_.dropped = queue_.dropped();
    summary_.framesLost = queue_.framesLost();
    summary_.error = error_;
    return summary_;
}

}  // namespace fluid::app
