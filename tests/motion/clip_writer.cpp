#include "motion/clip_writer.hpp"

#include <cmath>
#include <cstdint>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

namespace fluid::test {

namespace {

struct Encoder {
    AVFormatContext* format = nullptr;
    AVCodecContext* codec = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    AVStream* stream = nullptr;
    ~Encoder()
    {
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&codec);
        if (format) {
            if (format->pb) avio_closep(&format->pb);
            avformat_free_context(format);
        }
    }
    // Sends one frame (nullptr: flush) and writes every packet that comes out.
    bool send(AVFrame* f)
    {
        if (avcodec_send_frame(codec, f) < 0) return false;
        while (avcodec_receive_packet(codec, packet) == 0) {
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            if (av_interleaved_write_frame(format, packet) < 0) return false;
        }
        return true;
    }
};

}  // namespace

std::string writeClip(const std::string& path, int width, int height, int frames, int frameRate,
                      const std::function<LumaFrame(int)>& frameAt)
{
    Encoder e;
    if (avformat_alloc_output_context2(&e.format, nullptr, "matroska", path.c_str()) < 0) return "no matroska muxer";
    const AVCodec* ffv1 = avcodec_find_encoder(AV_CODEC_ID_FFV1);
    if (!ffv1) return "no FFV1 encoder";
    e.stream = avformat_new_stream(e.format, nullptr);
    e.codec = avcodec_alloc_context3(ffv1);
    e.frame = av_frame_alloc();
    e.packet = av_packet_alloc();
    if (!e.stream || !e.codec || !e.frame || !e.packet) return "out of memory";
    e.codec->width = width;
    e.codec->height = height;
    e.codec->pix_fmt = AV_PIX_FMT_GRAY8;
    e.codec->time_base = AVRational{1, frameRate};
    e.stream->time_base = e.codec->time_base;
    if (avcodec_open2(e.codec, ffv1, nullptr) < 0) return "cannot open the FFV1 encoder";
    if (avcodec_parameters_from_context(e.stream->codecpar, e.codec) < 0) return "cannot set the stream";
    if (avio_open(&e.format->pb, path.c_str(), AVIO_FLAG_WRITE) < 0) return "cannot write " + path;
    if (avformat_write_header(e.format, nullptr) < 0) return "cannot write the header";

    e.frame->format = AV_PIX_FMT_GRAY8;
    e.frame->width = width;
    e.frame->height = height;
    if (av_frame_get_buffer(e.frame, 0) < 0) return "cannot allocate a frame";
    for (int n = 0; n < frames; ++n) {
        if (av_frame_make_writable(e.frame) < 0) return "frame not writable";
        const LumaFrame image = frameAt(n);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                e.frame->data[0][y * e.frame->linesize[0] + x] = static_cast<std::uint8_t>(
                    std::lround(255.0f * image.at(x, height - 1 - y)));  // images run top to bottom
        e.frame->pts = n;
        if (!e.send(e.frame)) return "encoding failed at frame " + std::to_string(n);
    }
    if (!e.send(nullptr)) return "flushing the encoder failed";
    if (av_write_trailer(e.format) < 0) return "cannot write the trailer";
    return "";
}

}  // namespace fluid::test
