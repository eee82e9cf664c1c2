#include "motion/live_source.hpp"

#include <utility>

namespace fluid::motion {

LiveSource::LiveSource(std::unique_ptr<FrameSource> device)
    : device_(std::move(device)),
      frameRate_(device_->frameRate()),
      description_(device_->describe()),
      thread_([this] { readLoop(); })
{
}

LiveSource::~LiveSource()
{
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    thread_.join();
}

void LiveSource::readLoop()
{
    while (true) {
        {
            const std::lock_guard lock(mutex_);
            if (stop_) return;
        }
        LumaFrame frame;
        try {
            frame = device_->next();  // blocks until the device has a frame
        } catch (const std::exception&) {
            frame = {};
        }
        const std::lock_guard lock(mutex_);
        if (frame.empty()) {
            ended_ = true;  // the device went away: the newest frame stays
            delivered_.notify_all();
            return;
        }
        newest_ = std::move(frame);
        ++framesRead_;
        delivered_.notify_all();
    }
}

LumaFrame LiveSource::next()
{
    const std::lock_guard lock(mutex_);
    return newest_;
}

void LiveSource::waitForFrames(long count)
{
    std::unique_lock lock(mutex_);
    delivered_.wait(lock, [&] { return framesRead_ >= count || ended_; });
}

}  // namespace fluid::motion
