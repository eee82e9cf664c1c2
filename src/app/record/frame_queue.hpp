// FrameQueue: the bounded hand-over from the frame loop to the encoder's
// thread. The frame loop never waits: when the encoder has fallen behind and
// the queue is full, the newest picture is dropped and counted, and the
// frames it stood for go to the picture queued last (a repeat of an older
// picture), so the video keeps the fluid's time even when pictures are lost.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace fluid::app {

// One picture read back from the window: RGBA rows bottom to top (GL's
// order), and how many consecutive video frames show it.
struct VideoPicture {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;
    long repeat = 1;
};

class FrameQueue {
public:
    explicit FrameQueue(std::size_t capacity) : capacity_(capacity > 0 ? capacity : 1) {}

    // Never blocks. Returns false when the picture was dropped (queue full or
    // closed); its frames then repeat the last queued picture.
    bool push(VideoPicture picture);
    // Blocks until a picture or close(); nothing once closed and empty.
    std::optional<VideoPicture> pop();
    // No more pushes; pop() drains what is queued, then returns nothing.
    void close();

    std::size_t capacity() const { return capacity_; }
    // Pictures dropped, and video frames that were lost with them (with no
    // picture queued to repeat instead).
    long dropped() const;
    long framesLost() const;

private:
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<VideoPicture> pictures_;
    std::size_t capacity_;
    bool closed_ = false;
    long dropped_ = 0;
    long framesLost_ = 0;
};

}  // namespace fluid::app
