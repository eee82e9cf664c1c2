// VideoEncoder: pictures to a video file through FFmpeg's libraries
// (libavformat muxes, libavcodec encodes, libswscale converts RGBA). The
// container and codec follow the file's extension: .mp4 is H.264 (libx264,
// or MPEG-4 part 2 where FFmpeg has no libx264), .webm is VP9 (or VP8), .gif
// is an animated GIF. Each FFmpeg object has one owner here, released in
// order whatever fails.
//
// H.264 and VP9 take yuv420p, which needs an even width and height: a picture
// of an odd size loses its rightmost column and its bottom row (one pixel,
// not a scaling that would blur every pixel). A GIF keeps every pixel.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <glm/vec2.hpp>

#include "app/record/frame_queue.hpp"

namespace fluid::app {

struct VideoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

enum class VideoFormat { Mp4, Webm, Gif };

// The format of a file name, by its extension (case-insensitive); nothing
// for any other.
std::optional<VideoFormat> videoFormatOf(const std::string& path);
// One line when `path` cannot name a video (no or an unknown extension);
// nothing when it can.
std::optional<std::string> videoPathProblem(const std::string& path);
// The size a picture of `size` is recorded at in `format`: even for yuv420p.
// Nothing when there is no picture left (under 2 pixels a side).
std::optional<glm::ivec2> videoSizeFor(glm::ivec2 size, VideoFormat format);

class VideoEncoder {
public:
    // Opens `path` for pictures of `size` at `fps` frames per second; throws
    // VideoError naming the path and FFmpeg's reason (an unwritable folder,
    // a size with nothing left, a missing encoder).
    VideoEncoder(const std::string& path, glm::ivec2 size, int fps);
    // Finishes the file when finish() was not called (errors are then lost).
    ~VideoEncoder();
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    // Encodes picture.repeat frames of the picture (RGBA, rows bottom to
    // top). A picture of another size (the window resized) is placed at the
    // top-left of a black frame of the recorded size, cut where it overflows.
    void write(const VideoPicture& picture);
    // Flushes the encoder and writes the file's trailer; throws VideoError.
    void finish();

    glm::ivec2 size() const;  // the video's frame size
    long frames() const;      // frames written so far
    const std::string& path() const;
    std::string codecName() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace fluid::app
