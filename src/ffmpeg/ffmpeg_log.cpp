#include "ffmpeg/ffmpeg_log.hpp"

#include <cstdarg>
#include <cstdio>
#include <mutex>

extern "C" {
#include <libavutil/error.h>
#include <libavutil/log.h>
}

namespace fluid::ffmpeg {

namespace {

// Per thread: the motion source's and the encoder's threads each read their own.
thread_local std::string lastError;

extern "C" void keepLine(void* /*context*/, int level, const char* format, va_list arguments)
{
    if (level > AV_LOG_ERROR) return;
    char line[512];
    std::vsnprintf(line, sizeof line, format, arguments);
    std::string text = line;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
    if (!text.empty()) lastError = text;
}

}  // namespace

void keepLogOffStderr()
{
    static std::once_flag once;
    std::call_once(once, [] { av_log_set_callback(keepLine); });
}

std::string takeLastError()
{
    std::string text;
    text.swap(lastError);
    return text;
}

std::string lastErrorInBrackets()
{
    const std::string text = takeLastError();
    return text.empty() ? "" : " (" + text + ")";
}

std::string errorText(int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

}  // namespace fluid::ffmpeg
