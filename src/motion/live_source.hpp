// LiveSource: a source that delivers in real time (a camera), read on a thread
// of its own. next() never waits for the device: it returns the newest frame
// the thread has (the same one again when none came since, which reads as "no
// motion"), so the window draws at its own rate and not the camera's. Before
// the first frame arrives, next() returns an empty frame.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "motion/frame_source.hpp"

namespace fluid::motion {

class LiveSource final : public FrameSource {
public:
    explicit LiveSource(std::unique_ptr<FrameSource> device);
    ~LiveSource() override;  // stops the thread after the device's current read
    LiveSource(const LiveSource&) = delete;
    LiveSource& operator=(const LiveSource&) = delete;

    LumaFrame next() override;
    double frameRate() const override { return frameRate_; }
    std::string describe() const override { return description_; }

    // Tests: waits until the thread has delivered `count` frames in all.
    void waitForFrames(long count);

private:
    void readLoop();

    std::unique_ptr<FrameSource> device_;
    double frameRate_;
    std::string description_;
    std::mutex mutex_;
    std::condition_variable delivered_;
    LumaFrame newest_;
    long framesRead_ = 0;
    bool stop_ = false;
    bool ended_ = false;
    std::thread thread_;  // last: starts once everything above exists
};

}  // namespace fluid::motion
