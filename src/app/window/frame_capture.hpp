// FrameCapture: the window's pictures read back without stalling the frame.
// glReadPixels into a pixel buffer object returns at once (the copy is
// queued behind the frame's drawing); a fence marks when it is done, and the
// buffer is mapped only once the fence has passed, a frame or two later.
// Three buffers in a ring: one being filled, up to two waiting. When all
// three are in flight the newest picture is dropped (counted), and its video
// frames go to the newest one in flight, so the video keeps the fluid's time.
#pragma once

#include <array>
#include <functional>

#include <glm/vec2.hpp>

#include "app/record/frame_queue.hpp"
#include "gl/handle.hpp"

namespace fluid::app {

class FrameCapture {
public:
    static constexpr int kSlots = 3;

    // Queues the read-back of the default framebuffer's back buffer
    // (`size` pixels), a picture standing for `repeat` video frames. Call
    // after the frame is drawn and before the swap. False: dropped.
    // `framebuffer`: another one's first colour attachment (the tests').
    bool capture(glm::ivec2 size, long repeat, GLuint framebuffer = 0);
    // Hands the pictures whose read-back is done to `sink`, oldest first.
    // Never waits.
    void collect(const std::function<void(VideoPicture)>& sink);
    // Waits for every read-back in flight and hands it over: when recording
    // stops, never in the frame.
    void drain(const std::function<void(VideoPicture)>& sink);

    long dropped() const { return dropped_; }

private:
    struct Slot {
        gl::Buffer buffer;
        gl::Fence fence;
        glm::ivec2 size{0};
        long repeat = 0;
        long order = 0;  // capture number: collected in this order
        bool busy = false;
    };
    Slot* oldestBusy();
    void hand(Slot& slot, const std::function<void(VideoPicture)>& sink);

    std::array<Slot, kSlots> slots_;
    long captures_ = 0;
    long dropped_ = 0;
};

}  // namespace fluid::app
