#include "app/record/video_encoder.hpp"

#include "app/atomic_file.hpp"
#include "ffmpeg/ffmpeg_log.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <vector>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace fluid::app {

namespace {

std::string lowerExtension(const std::string& path)
{
    const auto dot = path.find_last_of('.');
    const auto slash = path.find_last_of('/');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
    std::string ext = path.substr(dot + 1);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

// Owners of FFmpeg's objects: each freed by its own function.
struct FormatCloser {
    void operator()(AVFormatContext* f) const
    {
        if (!f) return;
        if (f->pb && !(f->oformat->flags & AVFMT_NOFILE)) avio_closep(&f->pb);
        avformat_free_context(f);
    }
};
struct CodecCloser {
    void operator()(AVCodecContext* c) const { avcodec_free_context(&c); }
};
struct FrameCloser {
    void operator()(AVFrame* f) const { av_frame_free(&f); }
};
struct PacketCloser {
    void operator()(AVPacket* p) const { av_packet_free(&p); }
};
struct ScalerCloser {
    void operator()(SwsContext* s) const { sws_freeContext(s); }
};

// The encoders to try for a format, best first.
std::vector<const char*> encodersFor(VideoFormat format)
{
    switch (format) {
        case VideoFormat::Mp4:
            return {"libx264", "mpeg4"};
        case VideoFormat::Webm:
            return {"libvpx-vp9", "libvpx"};
        case VideoFormat::Gif:
            return {"gif"};
    }
    return {};
}

}  // namespace

std::optional<VideoFormat> videoFormatOf(const std::string& path)
{
    const std::string ext = lowerExtension(path);
    if (ext == "mp4") return VideoFormat::Mp4;
    if (ext == "webm") return VideoFormat::Webm;
    if (ext == "gif") return VideoFormat::Gif;
    return std::nullopt;
}

std::optional<std::string> videoPathProblem(const std::string& path)
{
    if (path.empty()) return "expects a video file name ending in .mp4, .webm or .gif";
    if (videoFormatOf(path)) return std::nullopt;
    const std::string ext = lowerExtension(path);
    return "expects a video file name ending in .mp4, .webm or .gif (" +
           (ext.empty() ? std::string("it has no extension") : "not ." + ext) + ")";
}

std::optional<glm::ivec2> videoSizeFor(glm::ivec2 size, VideoFormat format)
{
    glm::ivec2 out = size;
    if (format != VideoFormat::Gif) out = size & ~1;  // yuv420p: even sides
    if (out.x < 2 || out.y < 2) return std::nullopt;
    return out;
}

namespace {

// A WriteError's reason without its "cannot write PATH: " (and without the
// note the video's own message adds).
std::string reasonOf(const WriteError& error, const std::string& path)
{
    std::string why = error.what();
    const std::string prefix = "cannot write " + path + ": ";
    if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
    const std::string note = " (the file is left as it was)";
    if (why.size() >= note.size() && why.compare(why.size() - note.size(), note.size(), note) == 0)
        why.resize(why.size() - note.size());
    return why;
}

}  // namespace

struct VideoEncoder::State {
    // FFmpeg writes the temporary beside the file, renamed over it by
    // finish(): a video that cannot be finished (a full disk) leaves the old
    // file as it was, never an unplayable one under its name. Declared first,
    // so destroyed last: after the container has closed the temporary.
    std::optional<AtomicFile> file;
    bool throughTemporary = false;  // not a device or a pipe: a failure leaves the file as it was
    std::string path;
    VideoFormat format = VideoFormat::Mp4;
    glm::ivec2 size{0};
    std::unique_ptr<AVFormatContext, FormatCloser> container;
    std::unique_ptr<AVCodecContext, CodecCloser> codec;
    std::unique_ptr<AVFrame, FrameCloser> frame;
    std::unique_ptr<AVPacket, PacketCloser> packet;
    std::unique_ptr<SwsContext, ScalerCloser> scaler;
    AVStream* stream = nullptr;  // owned by the container
    std::vector<std::uint8_t> canvas;
    long frames = 0;
    bool headerWritten = false;
    bool finished = false;

    [[noreturn]] void fail(const std::string& what, int code) const
    {
        // FFmpeg's own reason where FFmpeg failed (an older line it logged
        // and got over would say nothing of another failure).
        const std::string ffmpegSays = code < 0 ? ffmpeg::errorText(code) + ffmpeg::lastErrorInBrackets() : "";
        throw VideoError("video " + path + ": " + what + (code < 0 ? ": " + ffmpegSays : std::string()) +
                         (throughTemporary ? " (the file is left as it was)" : ""));
    }

    // The encoder's settings for this format and frame rate, then opened.
    void openCodec(const AVCodec* encoder, int fps)
    {
        AVCodecContext& c = *codec;
        c.width = size.x;
        c.height = size.y;
        c.time_base = AVRational{1, fps};
        c.framerate = AVRational{fps, 1};
        c.pix_fmt = format == VideoFormat::Gif ? AV_PIX_FMT_RGB8 : AV_PIX_FMT_YUV420P;
        c.gop_size = 2 * fps;
        if (container->oformat->flags & AVFMT_GLOBALHEADER) c.flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        // One thread: the VideoWriter's. The fluid and the window need the other
        // cores (two on the machines we test on), and an encoder that falls
        // behind costs dropped pictures, never the frame rate.
        c.thread_count = 1;
        // Fast settings: the encoder shares the machine with the fluid it records.
        const std::string codecName = encoder->name;
        if (codecName == "libx264") {
            av_opt_set(c.priv_data, "preset", "veryfast", 0);
            av_opt_set(c.priv_data, "crf", "20", 0);
        } else if (codecName == "libvpx-vp9" || codecName == "libvpx") {
            av_opt_set(c.priv_data, "deadline", "realtime", 0);
            av_opt_set(c.priv_data, "cpu-used", "8", 0);
            c.bit_rate = 4'000'000;
        } else if (codecName == "mpeg4") {
            c.bit_rate = 8'000'000;
        }
        const int result = avcodec_open2(&c, encoder, nullptr);
        if (result < 0) fail(std::string("cannot open the encoder ") + encoder->name, result);
    }

    // The file (through a temporary where it can be one), then the header.
    void openOutput()
    {
        if (!(container->oformat->flags & AVFMT_NOFILE)) {
            try {
                file.emplace(path);
            } catch (const WriteError& e) {
                fail("cannot create the file: " + reasonOf(e, path), 0);
            }
            // A device or a pipe has no temporary: it is written directly.
            throughTemporary = !file->temporaryPath().empty();
            const std::string& into = throughTemporary ? file->temporaryPath() : path;
            const int result = avio_open(&container->pb, into.c_str(), AVIO_FLAG_WRITE);
            if (result < 0) fail("cannot create the file", result);
        }
        const int result = avformat_write_header(container.get(), nullptr);
        if (result < 0) fail("cannot write the header", result);
        headerWritten = true;
    }

    // Hands `f` (null: flush) to the encoder and muxes what comes out.
    void encode(const AVFrame* f)
    {
        int result = avcodec_send_frame(codec.get(), f);
        if (result < 0) fail("cannot encode a frame", result);
        while (true) {
            result = avcodec_receive_packet(codec.get(), packet.get());
            if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return;
            if (result < 0) fail("cannot encode a frame", result);
            av_packet_rescale_ts(packet.get(), codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            result = av_interleaved_write_frame(container.get(), packet.get());
            if (result < 0) fail("cannot write", result);
        }
    }
};

VideoEncoder::VideoEncoder(const std::string& path, glm::ivec2 pictureSize, int fps) : state_(std::make_unique<State>())
{
    ffmpeg::keepLogOffStderr();
    ffmpeg::takeLastError();  // nothing of an earlier file in this one's messages
    State& s = *state_;
    s.path = path;
    if (auto problem = videoPathProblem(path)) throw VideoError("video " + path + ": " + *problem);
    s.format = *videoFormatOf(path);
    const auto size = videoSizeFor(pictureSize, s.format);
    if (!size)
        throw VideoError("video " + path + ": a picture of " + std::to_string(pictureSize.x) + "x" +
                         std::to_string(pictureSize.y) + " pixels is too small to record");
    s.size = *size;
    if (fps < 1 || fps > 240) throw VideoError("video " + path + ": a frame rate of 1..240 frames/s is needed");

    AVFormatContext* container = nullptr;
    int result = avformat_alloc_output_context2(&container, nullptr, nullptr, path.c_str());
    if (result < 0 || !container) s.fail("no container for this file name", result);
    s.container.reset(container);

    const AVCodec* encoder = nullptr;
    for (const char* name : encodersFor(s.format))
        if ((encoder = avcodec_find_encoder_by_name(name))) break;
    if (!encoder) s.fail("this FFmpeg has no encoder for it", 0);
    s.codec.reset(avcodec_alloc_context3(encoder));
    s.frame.reset(av_frame_alloc());
    s.packet.reset(av_packet_alloc());
    if (!s.codec || !s.frame || !s.packet) s.fail("out of memory", 0);

    s.openCodec(encoder, fps);
    const AVCodecContext& c = *s.codec;

    s.stream = avformat_new_stream(s.container.get(), nullptr);
    if (!s.stream) s.fail("out of memory", 0);
    s.stream->time_base = c.time_base;
    s.stream->avg_frame_rate = c.framerate;
    result = avcodec_parameters_from_context(s.stream->codecpar, &c);
    if (result < 0) s.fail("cannot set up the stream", result);

    s.frame->format = c.pix_fmt;
    s.frame->width = c.width;
    s.frame->height = c.height;
    result = av_frame_get_buffer(s.frame.get(), 0);
    if (result < 0) s.fail("out of memory", result);
    s.scaler.reset(sws_getContext(s.size.x, s.size.y, AV_PIX_FMT_RGBA, s.size.x, s.size.y, c.pix_fmt, SWS_POINT,
                                  nullptr, nullptr, nullptr));
    if (!s.scaler) s.fail("cannot convert RGBA to the encoder's pixels", 0);

    s.openOutput();
}

VideoEncoder::~VideoEncoder()
{
    if (!state_ || state_->finished || !state_->headerWritten) return;
    try {
        finish();
    } catch (const VideoError&) {
        // The file is cut short; a caller who cares calls finish() itself.
    }
}

void VideoEncoder::write(const VideoPicture& picture)
{
    State& s = *state_;
    if (s.finished || picture.repeat <= 0 || picture.width <= 0 || picture.height <= 0) return;
    const std::size_t rowBytes = static_cast<std::size_t>(picture.width) * 4;
    if (picture.rgba.size() < rowBytes * static_cast<std::size_t>(picture.height)) return;
    // Rows bottom to top: the top row of the picture is its last.
    const std::uint8_t* top = picture.rgba.data() + rowBytes * static_cast<std::size_t>(picture.height - 1);
    int stride = -static_cast<int>(rowBytes);
    if (picture.width < s.size.x || picture.height < s.size.y) {
        // A window resized since the start: its picture at the top-left of black.
        const std::size_t canvasRow = static_cast<std::size_t>(s.size.x) * 4;
        s.canvas.assign(canvasRow * static_cast<std::size_t>(s.size.y), 0);
        const int rows = std::min(picture.height, s.size.y);
        const std::size_t bytes = static_cast<std::size_t>(std::min(picture.width, s.size.x)) * 4;
        for (int y = 0; y < rows; ++y)
            std::memcpy(s.canvas.data() + canvasRow * static_cast<std::size_t>(y), top + stride * y, bytes);
        top = s.canvas.data();
        stride = static_cast<int>(canvasRow);
    }
    int result = av_frame_make_writable(s.frame.get());
    if (result < 0) s.fail("out of memory", result);
    const std::uint8_t* planes[4] = {top, nullptr, nullptr, nullptr};
    const int strides[4] = {stride, 0, 0, 0};
    sws_scale(s.scaler.get(), planes, strides, 0, s.size.y, s.frame->data, s.frame->linesize);
    for (long n = 0; n < picture.repeat; ++n) {
        s.frame->pts = s.frames++;
        s.encode(s.frame.get());
    }
}

void VideoEncoder::finish()
{
    State& s = *state_;
    if (s.finished) return;
    s.finished = true;
    s.encode(nullptr);
    int result = av_write_trailer(s.container.get());
    if (result < 0) s.fail("cannot finish the file", result);
    if (s.container->pb) {
        result = avio_closep(&s.container->pb);  // the last bytes are written here
        if (result < 0) s.fail("cannot finish the file", result);
    }
    if (s.file) {
        try {
            s.file->commit();
        } catch (const WriteError& e) {
            s.fail("cannot finish the file: " + reasonOf(e, s.path), 0);
        }
    }
}

glm::ivec2 VideoEncoder::size() const
{
    return state_->size;
}
long VideoEncoder::frames() const
{
    return state_->frames;
}
const std::string& VideoEncoder::path() const
{
    return state_->path;
}
std::string VideoEncoder::codecName() const
{
    return state_->codec->codec->name;
}

}  // namespace fluid::app
