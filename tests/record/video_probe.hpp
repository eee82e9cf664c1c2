// What a video file holds, read back through libavformat and libavcodec as a
// player would: its frame size, its frame count (every frame decoded) and its
// frame rate. The tests' ffprobe, without needing the ffmpeg program.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

namespace fluid::test {

struct VideoProbe {
    bool opened = false;
    std::string error;
    std::string codec;
    int width = 0;
    int height = 0;
    int frames = 0;  // decoded
    double fps = 0.0;
    std::vector<std::uint8_t> lastFrame;  // RGB, rows top to bottom
    // The brightest channel in the last frame, of 255.
    int brightest() const
    {
        int m = 0;
        for (std::uint8_t v : lastFrame) m = std::max(m, static_cast<int>(v));
        return m;
    }
};

inline VideoProbe probeVideo(const std::string& path)
{
    VideoProbe probe;
    AVFormatContext* format = nullptr;
    if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) {
        probe.error = "cannot open " + path;
        return probe;
    }
    AVCodecContext* codec = nullptr;
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    const AVCodec* decoder = nullptr;
    const int stream = avformat_find_stream_info(format, nullptr) < 0
                           ? -1
                           : av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (stream >= 0 && decoder) codec = avcodec_alloc_context3(decoder);
    if (codec && avcodec_parameters_to_context(codec, format->streams[stream]->codecpar) >= 0 &&
        avcodec_open2(codec, decoder, nullptr) >= 0) {
        probe.opened = true;
        probe.codec = decoder->name;
        probe.width = codec->width;
        probe.height = codec->height;
        probe.fps = av_q2d(format->streams[stream]->avg_frame_rate);
        const auto drain = [&] {
            while (avcodec_receive_frame(codec, frame) == 0) {
                ++probe.frames;
                probe.lastFrame.assign(static_cast<std::size_t>(frame->width * frame->height * 3), 0);
                SwsContext* toRgb =
                    sws_getContext(frame->width, frame->height, static_cast<AVPixelFormat>(frame->format), frame->width,
                                   frame->height, AV_PIX_FMT_RGB24, SWS_POINT, nullptr, nullptr, nullptr);
                std::uint8_t* planes[4] = {probe.lastFrame.data(), nullptr, nullptr, nullptr};
                const int strides[4] = {frame->width * 3, 0, 0, 0};
                if (toRgb) sws_scale(toRgb, frame->data, frame->linesize, 0, frame->height, planes, strides);
                sws_freeContext(toRgb);
                av_frame_unref(frame);
            }
        };
        while (av_read_frame(format, packet) >= 0) {
            if (packet->stream_index == stream && avcodec_send_packet(codec, packet) >= 0) drain();
            av_packet_unref(packet);
        }
        avcodec_send_packet(codec, nullptr);
        drain();
    } else {
        probe.error = "no decodable video stream in " + path;
    }
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
    return probe;
}

}  // namespace fluid::test
