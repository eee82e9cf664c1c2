// The one way every fluidsim process (the window, a headless run, a headless
// replay) takes the signals that would end it. Every catchable signal whose
// default would kill the process (an ssh session ending sends SIGHUP, a
// closed pipe SIGPIPE, Ctrl+\ SIGQUIT, a batch system SIGXCPU or SIGUSR1...)
// instead asks the process to stop after the step or frame in progress: its
// outputs (CSVs, frames, the video, the input log) are finished with what
// was done, one line says which signal stopped it, and the exit code is
// 128 + the signal. SIGXFSZ (a file-size limit) is no stop but a failed
// write: it is ignored, so the write() that crossed the limit fails with
// EFBIG and the output that made it says which file could not be written.
// Signals that report a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) are
// not caught: the state they leave cannot be trusted to write from. A second
// stop signal (Ctrl+C twice) while the process runs ends it at once, with
// 128 + the signal: a run blocked on its input (a --motion pipe that sends
// nothing) reaches no end of a step.
#pragma once

#include <string>
#include <string_view>

namespace fluid::app {

// Installs the handlers for its lifetime and puts the previous ones back
// after. A signal that was ignored when fluidsim started stays ignored
// (`nohup fluidsim ...` must survive the hang-up it asked to ignore).
class StopOnSignals {
public:
    StopOnSignals();
    ~StopOnSignals();
    StopOnSignals(const StopOnSignals&) = delete;
    StopOnSignals& operator=(const StopOnSignals&) = delete;

    // The signal that asked to stop, 0 while none has.
    static int requested();
    // The steps are done and the outputs are being written out: from now on
    // a second stop signal no longer ends the process at once.
    static void finishing();
};

// "SIGHUP" for SIGHUP, and so on for every signal StopOnSignals handles.
const char* signalName(int signal);

// The line a stopped process prints (through report()): "stopped by SIGINT
// <progress>; the outputs hold what was done". `progress` says how far it
// got ("after 120 steps (t = 2 s)"), or is empty.
std::string stoppedBy(int signal, std::string_view progress);

// A stopped process's exit code: 128 + the signal, as a shell reports a
// process the signal ended, in every kind of process.
constexpr int stopExitCode(int signal)
{
    return 128 + signal;
}

}  // namespace fluid::app
