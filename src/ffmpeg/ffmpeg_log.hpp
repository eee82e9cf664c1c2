// FFmpeg's own log, kept off stderr. FFmpeg printed its raw line
// ("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d0...] moov atom not found") before
// fluidsim's own, so one bad video was two lines, one of them unreadable.
// Its last error is kept instead, for the message that names the file, and
// errorText() gives the words for a returned code to the same messages.
#pragma once

#include <string>

namespace fluid::ffmpeg {

// Routes FFmpeg's log to the keeper below; call before any FFmpeg call (once
// is enough, more are harmless).
void keepLogOffStderr();

// The last line of error level or worse FFmpeg logged on this thread since the
// last call, without its "[component @ address] " and its newline; "" when none.
std::string takeLastError();

// " (the last error)" when there is one, else "": what a message adds.
std::string lastErrorInBrackets();

// FFmpeg's words for an error code (an AVERROR), for the same messages.
std::string errorText(int code);

}  // namespace fluid::ffmpeg
