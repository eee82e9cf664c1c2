// Video files and cameras through FFmpeg: libavformat demuxes (or, with
// libavdevice's v4l2 input, grabs from the camera), libavcodec decodes and
// libswscale converts to 8-bit grey, which becomes the frame's brightness.
#include <algorithm>
#include <cmath>
#include <string>

#include "ffmpeg/ffmpeg_log.hpp"
#include "motion/frame_source.hpp"
#include "motion/live_source.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavdevice/avdevice.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
}

namespace fluid::motion {

namespace {

class VideoSource final : public FrameSource {
public:
    VideoSource(const std::string& url, const AVInputFormat* format, bool loop, std::string what)
        : what_(std::move(what)), loop_(loop)
    {
        ffmpeg::takeLastError();  // nothing of an earlier file in this one's messages
        int result = avformat_open_input(&formatContext_, url.c_str(), format, nullptr);
        if (result < 0)
            throw SourceError("cannot open " + what_ + ": " + ffmpeg::errorText(result) +
                              ffmpeg::lastErrorInBrackets());
        result = avformat_find_stream_info(formatContext_, nullptr);
        if (result < 0) fail("cannot read " + what_ + ": " + ffmpeg::errorText(result));
        const AVCodec* codec = nullptr;
        stream_ = av_find_best_stream(formatContext_, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
        if (stream_ < 0 || !codec) fail(what_ + " holds no video FFmpeg can decode");
        codecContext_ = avcodec_alloc_context3(codec);
        if (!codecContext_) fail("out of memory opening " + what_);
        avcodec_parameters_to_context(codecContext_, formatContext_->streams[stream_]->codecpar);
        result = avcodec_open2(codecContext_, codec, nullptr);
        if (result < 0) fail("cannot decode " + what_ + ": " + ffmpeg::errorText(result));
        if (codecContext_->width <= 0 || codecContext_->height <= 0) fail(what_ + " has no picture size");
        packet_ = av_packet_alloc();
        frame_ = av_frame_alloc();
        if (!packet_ || !frame_) fail("out of memory opening " + what_);

        const AVStream* s = formatContext_->streams[stream_];
        const auto rate = [](AVRational r) { return r.num > 0 && r.den > 0 ? av_q2d(r) : 0.0; };
        frameRate_ = videoFrameRate(rate(s->avg_frame_rate), rate(s->r_frame_rate));
    }
    ~VideoSource() override { release(); }
    VideoSource(const VideoSource&) = delete;
    VideoSource& operator=(const VideoSource&) = delete;

    LumaFrame next() override
    {
        for (int attempt = 0; attempt < 2; ++attempt) {
            if (decodeOne()) return toLuma();
            if (!loop_ || decodedAny_ == false) break;
            // The end of a file: start again from its beginning.
            av_seek_frame(formatContext_, stream_, 0, AVSEEK_FLAG_BACKWARD);
            avcodec_flush_buffers(codecContext_);
            ended_ = false;
        }
        return {};
    }
    double frameRate() const override { return frameRate_; }
    std::string describe() const override
    {
        return what_ + ", " + std::to_string(codecContext_->width) + "x" + std::to_string(codecContext_->height) +
               " at " + std::to_string(static_cast<int>(std::lround(frameRate_))) + " frames/s";
    }

private:
    [[noreturn]] void fail(const std::string& message)
    {
        release();
        throw SourceError(message + ffmpeg::lastErrorInBrackets());
    }
    void release()
    {
        sws_freeContext(scaler_);
        scaler_ = nullptr;
        av_frame_free(&frame_);
        av_packet_free(&packet_);
        avcodec_free_context(&codecContext_);
        avformat_close_input(&formatContext_);
    }

    // Decodes the next frame into frame_; false at the end of the stream.
    bool decodeOne()
    {
        while (true) {
            const int received = avcodec_receive_frame(codecContext_, frame_);
            if (received == 0) {
                decodedAny_ = true;
                return true;
            }
            if (received == AVERROR_EOF) return false;
            if (received != AVERROR(EAGAIN)) return false;  // a broken stream ends like a finished one
            if (ended_) {
                avcodec_send_packet(codecContext_, nullptr);  // drain the decoder
                continue;
            }
            const int read = av_read_frame(formatContext_, packet_);
            if (read < 0) {
                ended_ = true;
                avcodec_send_packet(codecContext_, nullptr);
                continue;
            }
            if (packet_->stream_index == stream_) avcodec_send_packet(codecContext_, packet_);
            av_packet_unref(packet_);
        }
    }

    LumaFrame toLuma()
    {
        const int w = frame_->width, h = frame_->height;
        scaler_ = sws_getCachedContext(scaler_, w, h, static_cast<AVPixelFormat>(frame_->format), w, h,
                                       AV_PIX_FMT_GRAY8, SWS_POINT, nullptr, nullptr, nullptr);
        LumaFrame out{w, h, std::vector<float>(static_cast<std::size_t>(w) * static_cast<std::size_t>(h))};
        if (!scaler_) return out;
        std::vector<std::uint8_t> grey(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
        std::uint8_t* planes[4] = {grey.data(), nullptr, nullptr, nullptr};
        int strides[4] = {w, 0, 0, 0};
        sws_scale(scaler_, frame_->data, frame_->linesize, 0, h, planes, strides);
        av_frame_unref(frame_);
        // Images run top to bottom, the grid bottom to top.
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                out.luma[static_cast<std::size_t>((h - 1 - y) * w + x)] =
                    static_cast<float>(grey[static_cast<std::size_t>(y * w + x)]) / 255.0f;
        return out;
    }

    std::string what_;
    bool loop_;
    AVFormatContext* formatContext_ = nullptr;
    AVCodecContext* codecContext_ = nullptr;
    AVPacket* packet_ = nullptr;
    AVFrame* frame_ = nullptr;
    SwsContext* scaler_ = nullptr;
    int stream_ = -1;
    double frameRate_ = 30.0;
    bool ended_ = false;
    bool decodedAny_ = false;
};

}  // namespace

double videoFrameRate(double average, double base)
{
    constexpr double kMostAVideoHas = 240.0;
    if (average > 0.0 && average <= kMostAVideoHas) return average;
    if (base > 0.0 && base <= kMostAVideoHas) return base;
    return 30.0;
}

std::unique_ptr<FrameSource> openVideo(const std::string& path, bool loop)
{
    ffmpeg::keepLogOffStderr();
    return std::make_unique<VideoSource>(path, nullptr, loop, "video " + path);
}

std::unique_ptr<FrameSource> openCamera(const std::string& device)
{
    ffmpeg::keepLogOffStderr();
    avdevice_register_all();
    const AVInputFormat* v4l2 = av_find_input_format("video4linux2");
    if (!v4l2) throw SourceError("cannot open camera " + device + ": this FFmpeg has no video4linux2 input");
    // A camera delivers in real time: read it on its own thread (LiveSource).
    return std::make_unique<LiveSource>(std::make_unique<VideoSource>(device, v4l2, false, "camera " + device));
}

}  // namespace fluid::motion
