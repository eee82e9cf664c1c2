// How fluidsim tells the user about a problem: one line on stderr that starts
// with "fluidsim: ". Messages quote what the user gave (file names, flag
// values, lines of a settings file), which can hold a newline or a terminal
// escape; those bytes are written as \xNN so that every report stays one line
// a script can match and no file name can move the cursor or forge a second line.
#pragma once

#include <string>
#include <string_view>

namespace fluid::app {

// `text` with every control byte (below 0x20, and 0x7f) written as \xNN;
// other bytes, UTF-8 included, are kept.
std::string oneLine(std::string_view text);

// Writes "fluidsim: <message>\n" to stderr, the message made oneLine.
void report(std::string_view message);

// A headless run's summary is its result: flushes stdout and, if it could
// not be written (a full disk, a closed pipe), reports so and returns true.
// `fluidsim --headless > /dev/full` exited 0 with nothing written.
bool failedToWriteStdout();

}  // namespace fluid::app
