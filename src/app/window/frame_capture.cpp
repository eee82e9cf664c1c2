#include "app/window/frame_capture.hpp"

#include <cstring>

namespace fluid::app {

namespace {

std::size_t bytesOf(glm::ivec2 size)
{
    return static_cast<std::size_t>(size.x) * static_cast<std::size_t>(size.y) * 4;
}

}  // namespace

bool FrameCapture::capture(glm::ivec2 size, long repeat, GLuint framebuffer)
{
    if (size.x <= 0 || size.y <= 0 || repeat <= 0) return true;
    Slot* free = nullptr;
    Slot* newest = nullptr;
    for (Slot& s : slots_) {
        if (!s.busy && !free) free = &s;
        if (s.busy && (!newest || s.order > newest->order)) newest = &s;
    }
    if (!free) {
        ++dropped_;
        newest->repeat += repeat;  // all three busy: newest is set
        return false;
    }
    if (!free->buffer) free->buffer = gl::Buffer::create();
    glBindBuffer(GL_PIXEL_PACK_BUFFER, free->buffer.id());
    // A fresh store each time (orphaning): the driver need not wait for a
    // mapping of the old one, and a resized window gets its size.
    glBufferData(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(bytesOf(size)), nullptr, GL_STREAM_READ);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glReadBuffer(framebuffer == 0 ? GL_BACK : GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, size.x, size.y, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);  // into the buffer: returns at once
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    free->fence = gl::Fence::insert();
    free->size = size;
    free->repeat = repeat;
    free->order = captures_++;
    free->busy = true;
    return true;
}

FrameCapture::Slot* FrameCapture::oldestBusy()
{
    Slot* oldest = nullptr;
    for (Slot& s : slots_)
        if (s.busy && (!oldest || s.order < oldest->order)) oldest = &s;
    return oldest;
}

void FrameCapture::hand(Slot& slot, const std::function<void(VideoPicture)>& sink)
{
    VideoPicture picture;
    picture.width = slot.size.x;
    picture.height = slot.size.y;
    picture.repeat = slot.repeat;
    picture.rgba.resize(bytesOf(slot.size));
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer.id());
    const void* mapped =
        glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(picture.rgba.size()), GL_MAP_READ_BIT);
    if (mapped) {
        std::memcpy(picture.rgba.data(), mapped, picture.rgba.size());
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    slot.fence.reset();
    slot.busy = false;
    if (mapped) sink(std::move(picture));
}

void FrameCapture::collect(const std::function<void(VideoPicture)>& sink)
{
    // In order: a later picture is never handed over before an earlier one.
    while (Slot* slot = oldestBusy()) {
        if (!slot->fence.signalled()) return;
        hand(*slot, sink);
    }
}

void FrameCapture::drain(const std::function<void(VideoPicture)>& sink)
{
    // Mapping waits for the read-back: only here, when recording stops.
    while (Slot* slot = oldestBusy()) hand(*slot, sink);
}

}  // namespace fluid::app
