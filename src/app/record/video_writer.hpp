// VideoWriter: a VideoEncoder on a thread of its own, fed through a bounded
// FrameQueue, so that encoding never stalls the frame that hands a picture
// over. The encoder is opened by the constructor, in the caller's thread, so
// that a bad path fails at once, with its reason.
#pragma once

#include <string>
#include <thread>

#include "app/record/frame_queue.hpp"
#include "app/record/video_encoder.hpp"

namespace fluid::app {

struct VideoSummary {
    std::string path;
    glm::ivec2 size{0};
    long frames = 0;               // video frames written (repeats included)
    long pictures = 0;             // pictures handed over
    long dropped = 0;              // pictures dropped: the encoder was behind (their frames repeat an earlier one)
    long framesLost = 0;           // frames that could not even be repeated
    std::string error;             // why the file is incomplete; "" when it is whole
    std::string describe() const;  // one line for the terminal
};

class VideoWriter {
public:
    // Pictures queued before the encoder is behind: each a whole window's
    // RGBA, so a few only.
    static constexpr std::size_t kQueuePictures = 4;

    // Throws VideoError (see VideoEncoder).
    VideoWriter(const std::string& path, glm::ivec2 pictureSize, int fps);
    ~VideoWriter();  // close() when not done
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    // Never blocks: false when the picture was dropped.
    bool offer(VideoPicture picture);
    // Encodes what is queued, finishes the file, joins the thread.
    VideoSummary close();
    glm::ivec2 size() const { return size_; }

private:
    void run();

    VideoEncoder encoder_;
    FrameQueue queue_{kQueuePictures};
    glm::ivec2 size_;
    long pictures_ = 0;
    std::string error_;  // written by the thread, read after the join
    std::thread thread_;
    bool closed_ = false;
    VideoSummary summary_;
};

}  // namespace fluid::app
