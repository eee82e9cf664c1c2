// FrameSource: grey frames from a camera, a video file or a folder of images,
// for motion input (src/core/motion.hpp). Opened from the text of --motion:
//   camera[:DEVICE]   a V4L2 camera (default /dev/video0), through FFmpeg's libavdevice
//   video:FILE        any video FFmpeg reads; it loops at its end
//   images:DIR        the PNG/JPEG/BMP/TGA/PGM/PPM files of DIR in the order of their numbers, looping,
//                     at 30 frames/s
//   demo              a disc sweeping across the picture: motion with nothing to plug in
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/motion.hpp"

namespace fluid::motion {

// Why a source cannot be opened or read: one line naming it and the reason.
class SourceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class FrameSource {
public:
    virtual ~FrameSource() = default;
    // The next frame; an empty frame when the source has ended (a camera that
    // went away). Files and folders loop instead of ending.
    virtual LumaFrame next() = 0;
    virtual double frameRate() const = 0;      // frames per second, > 0
    virtual std::string describe() const = 0;  // "video clip.mp4, 320x240 at 30 frames/s"
};

// Throws SourceError for an unknown kind, a missing file or device, or one
// that holds no decodable video. A source readyFrameSource opened for the
// same spec is taken instead (once): it starts with the frame read then.
std::unique_ptr<FrameSource> openFrameSource(const std::string& spec);

// A video file or an image folder opened, and its first frame read, before
// the run: an empty, corrupt or unreadable file, a text file, a picture of
// the folder that is none, is one line (SourceError's) before the run's
// header, not a failure after it. The source is kept for openFrameSource, so
// it is opened and read once. Nothing to do (nullopt) for a camera, the demo,
// "", or a video that is a stream (a pipe, a device, a URL), which may hold
// its first frame back: the run reads it, its stop signals in place.
std::optional<std::string> readyFrameSource(const std::string& spec);

// What openFrameSource would say of a video file or an image folder that
// cannot be reached or read (src/app/path_check.hpp), found without opening
// it: the app refuses it before a run starts (it failed once the run had
// begun, exit 1).
std::optional<std::string> sourceFileProblem(const std::string& spec);

// A video's frame rate from what its header says (0 where it says nothing):
// the average rate; else the stream's base rate where it is one a video can
// have (at most 240/s: a Matroska file without frame durations gives its
// time base, 1000/s, which read about 17 frames a step); else 30.
double videoFrameRate(double average, double base);

// The sources, for tests.
std::unique_ptr<FrameSource> openVideo(const std::string& path, bool loop = true);
std::unique_ptr<FrameSource> openCamera(const std::string& device);
// Every picture of the folder is checked by its header when it opens (a
// junk 13th picture failed at the 13th frame).
std::unique_ptr<FrameSource> openImageFolder(const std::string& directory, double frameRate = 30.0);

}  // namespace fluid::motion
