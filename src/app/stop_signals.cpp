#include "app/stop_signals.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <csignal>
#include <iterator>
#include <string>

namespace fluid::app {

namespace {

struct Handled {
    int signal;
    const char* name;
};

// Every signal whose default action ends the process and that does not
// report a fault of the process itself. SIGPIPE too: a reader of stdout that
// went away (`fluidsim ... | head`) ends the run like Ctrl+C; a write to a
// pipe then fails with EPIPE, which the write reports, instead of killing.
// (SIGXFSZ is not here: it is ignored, see kFailedWrite.)
constexpr std::array kHandled = {
    Handled{SIGINT, "SIGINT"},       Handled{SIGTERM, "SIGTERM"}, Handled{SIGHUP, "SIGHUP"},
    Handled{SIGPIPE, "SIGPIPE"},     Handled{SIGQUIT, "SIGQUIT"}, Handled{SIGUSR1, "SIGUSR1"},
    Handled{SIGUSR2, "SIGUSR2"},     Handled{SIGALRM, "SIGALRM"}, Handled{SIGVTALRM, "SIGVTALRM"},
    Handled{SIGPROF, "SIGPROF"},     Handled{SIGXCPU, "SIGXCPU"},
#ifdef SIGPWR
    Handled{SIGPWR, "SIGPWR"},
#endif
#ifdef SIGSTKFLT
    Handled{SIGSTKFLT, "SIGSTKFLT"},
#endif
#ifdef SIGPOLL
    Handled{SIGPOLL, "SIGPOLL"},
#endif
};

// Set by the handler, read between steps.
volatile std::sig_atomic_t stopSignal = 0;
// Set once the run writes its outputs out (StopOnSignals::finishing()).
volatile std::sig_atomic_t finishingOutputs = 0;

// A file-size limit crossed (ulimit -f): not a stop. Ignored, the write()
// that crossed it fails with EFBIG, and the output that made it reports the
// file; the other outputs are finished as usual. A handler would do the same
// for the write but stop the whole run for one file.
constexpr Handled kFailedWrite{SIGXFSZ, "SIGXFSZ"};

// A stop asked for again ends the process at once while the run steps: it
// may be blocked where no step ends (a --motion video that is a FIFO with no
// writer, or a stream that stalls: SA_RESTART resumes the read), and Ctrl+C
// then did nothing, ever. Not once it writes its outputs out, which takes
// seconds at most: a Ctrl+C pressed twice by reflex would lose them. SIGPIPE
// comes again from the run's own writes after the first, so it never forces
// the exit.
bool forcesExit(int signal)
{
    return signal != SIGPIPE;
}

void writeAll(const char* text)
{
    std::size_t length = 0;
    while (text[length] != '\0') ++length;
    while (length > 0) {
        const ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0) return;
        text += written;
        length -= static_cast<std::size_t>(written);
    }
}

extern "C" void requestStop(int signal)
{
    if (stopSignal != 0 && forcesExit(signal) && forcesExit(stopSignal) && finishingOutputs == 0) {
        // Only async-signal-safe calls here: write and _exit.
        writeAll(
            "fluidsim: asked to stop again: stopping at once; what the run would have written is not, "
            "its files keep what they held\n");
        _exit(stopExitCode(signal));
    }
    // The user's stop is kept over the run's own SIGPIPE after it, so that
    // a second Ctrl+C still forces the exit.
    if (stopSignal == 0 || (!forcesExit(stopSignal) && forcesExit(signal))) stopSignal = signal;
}

std::array<struct sigaction, kHandled.size()> previous{};
std::array<bool, kHandled.size()> installed{};
struct sigaction previousFailedWrite {};

}  // namespace

StopOnSignals::StopOnSignals()
{
    stopSignal = 0;
    finishingOutputs = 0;
    for (std::size_t n = 0; n < kHandled.size(); ++n) {
        struct sigaction action {};
        action.sa_handler = requestStop;
        sigemptyset(&action.sa_mask);
        // SA_RESTART: a read or write the signal lands in goes on, so the
        // step in progress (and a frame being written) finishes whole.
        action.sa_flags = SA_RESTART;
        sigaction(kHandled[n].signal, nullptr, &previous[n]);
        installed[n] = previous[n].sa_handler != SIG_IGN;
        if (installed[n]) sigaction(kHandled[n].signal, &action, nullptr);
    }
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(kFailedWrite.signal, &ignore, &previousFailedWrite);
}

StopOnSignals::~StopOnSignals()
{
    for (std::size_t n = 0; n < kHandled.size(); ++n)
        if (installed[n]) sigaction(kHandled[n].signal, &previous[n], nullptr);
    sigaction(kFailedWrite.signal, &previousFailedWrite, nullptr);
}

int StopOnSignals::requested()
{
    return static_cast<int>(stopSignal);
}

void StopOnSignals::finishing()
{
    finishingOutputs = 1;
}

const char* signalName(int signal)
{
    for (const Handled& h : kHandled)
        if (h.signal == signal) return h.name;
    if (signal == kFailedWrite.signal) return kFailedWrite.name;
    return "a signal";
}

std::string stoppedBy(int signal, std::string_view progress)
{
    std::string line = std::string("stopped by ") + signalName(signal);
    if (!progress.empty()) line.append(" ").append(progress);
    return line + "; the outputs hold what was done";
}

}  // namespace fluid::app
