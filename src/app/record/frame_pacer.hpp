// FramePacer: which pictures of a recording become frames of a video of
// constant frame rate, by fluid time. Output frame k shows the fluid at time
// start + k / fps; a picture drawn at fluid time t stands for every frame due
// by t that no earlier picture covered. A window that draws slower than the
// video's rate has its pictures repeated, one that draws faster has some
// skipped, and N seconds of fluid are N seconds of video whatever the machine.
// Fluid time, not wall time: a paused or slow fluid makes no frames of its own.
// Free of GL and FFmpeg, so it is unit-tested with made-up times.
#pragma once

namespace fluid::app {

class FramePacer {
public:
    // fps: frames per second of video, > 0; start: the fluid time of frame 0.
    FramePacer(double fps, double start);

    // How many frames the picture of fluid time `time` stands for (0: skip
    // it). Times that run backwards (a reset clock) give 0.
    long framesFor(double time);

    // Frames handed out so far, and the fluid time they cover.
    long frames() const { return frames_; }
    double seconds() const { return static_cast<double>(frames_) / fps_; }
    double fps() const { return fps_; }

private:
    double fps_;
    double start_;
    long frames_ = 0;
};

}  // namespace fluid::app
