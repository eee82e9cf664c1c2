#include "app/record/frame_queue.hpp"

namespace fluid::app {

bool FrameQueue::push(VideoPicture picture)
{
    {
        std::lock_guard lock(mutex_);
        if (closed_ || pictures_.size() >= capacity_) {
            ++dropped_;
            if (!closed_ && !pictures_.empty())
                pictures_.back().repeat += picture.repeat;  // the video keeps its length
            else
                framesLost_ += picture.repeat;
            return false;
        }
        pictures_.push_back(std::move(picture));
    }
    ready_.notify_one();
    return true;
}

std::optional<VideoPicture> FrameQueue::pop()
{
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !pictures_.empty(); });
    if (pictures_.empty()) return std::nullopt;
    VideoPicture picture = std::move(pictures_.front());
    pictures_.pop_front();
    return picture;
}

void FrameQueue::close()
{
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    ready_.notify_all();
}

long FrameQueue::dropped() const
{
    std::lock_guard lock(mutex_);
    return dropped_;
}

long FrameQueue::framesLost() const
{
    std::lock_guard lock(mutex_);
    return framesLost_;
}

}  // namespace fluid::app
