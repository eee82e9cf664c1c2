// The signals that end a headless run cleanly. Every catchable signal whose
// default would kill the process (an ssh session ending sends SIGHUP, a
// closed pipe SIGPIPE, Ctrl+\ SIGQUIT, a batch system SIGXCPU or SIGUSR1...)
// instead asks the run to stop after the step in progress: the CSVs are
// committed with every row so far and no temporary file is left. Signals
// that report a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) are not
// caught: the state they leave cannot be trusted to write from. A second
// stop signal (Ctrl+C twice) while the run steps ends the process at once,
// with 128 + the signal: a run blocked on its input (a --motion pipe that
// sends nothing) reaches no end of a step.
#pragma once

namespace fluid::app::headless {

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

}  // namespace fluid::app::headless
