// Runs a program (the real fluidsim binary) as a child: argv passed as bytes
// (no shell, so any flag value reaches it unquoted and unchanged), stdout and
// stderr collected apart, a wall-clock limit that only catches hangs, and an
// optional file-size limit (RLIMIT_FSIZE) that makes its writes to files fail
// with EFBIG for any user, root included. Header-only: shared by cli_tests
// and cli_fuzz_tests.
#pragma once

#include <gtest/gtest.h>

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace fluid::test {

struct ProcessRequest {
    std::vector<std::string> argv;                         // argv[0] is the program's path
    std::vector<std::pair<std::string, std::string>> env;  // set (value) in the child; "" values unset
    std::string workDir;                                   // "" = ours
    std::optional<rlim_t> fileSizeLimit;                   // bytes
    double timeoutSeconds = 60.0;                          // hang detection, never a speed bound
    // Once stdout holds `signalWhenOut`, `signal` goes to the child (once):
    // an event, not a guess at how long the child needs to get there.
    std::string signalWhenOut;
    // Or once this file exists (a frame the child wrote: it is inside its loop).
    std::string signalWhenFile;
    int signal = SIGTERM;
    // When set and we are root: the child runs as this user (and its group
    // of the same number), whom a file's mode denies as it denies any user.
    std::optional<uid_t> unprivilegedUser;
    // With fileSizeLimit: SIGXFSZ ignored in the child before exec, so a write
    // past the limit fails with EFBIG; false leaves the default (the signal
    // kills) for the child to handle itself.
    bool ignoreFileSizeSignal = true;
};

// The catchable signals that would end a process and that every fluidsim
// process takes as "stop, keep the outputs" (src/app/stop_signals.hpp):
// the stop tests of each kind of process run over this one list.
struct StopSignal {
    int signal;
    const char* name;
};
inline const std::vector<StopSignal>& stopSignals()
{
    static const std::vector<StopSignal> list = {{SIGINT, "SIGINT"},   {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"},
                                                 {SIGPIPE, "SIGPIPE"}, {SIGQUIT, "SIGQUIT"}, {SIGUSR1, "SIGUSR1"},
                                                 {SIGUSR2, "SIGUSR2"}, {SIGALRM, "SIGALRM"}, {SIGXCPU, "SIGXCPU"}};
    return list;
}
// GoogleTest prints a parameter as its name, not as its bytes.
inline void PrintTo(const StopSignal& s, std::ostream* os)
{
    *os << s.name;
}
// For INSTANTIATE_TEST_SUITE_P's names: "SIGHUP".
inline std::string stopSignalName(const ::testing::TestParamInfo<StopSignal>& info)
{
    return info.param.name;
}

struct ProcessResult {
    bool started = false;
    bool timedOut = false;  // killed (SIGKILL, its whole process group) at the limit
    int exitCode = -1;      // when it exited
    int signal = 0;         // when a signal ended it
    long maxRssKiB = 0;     // its peak resident memory (getrusage's ru_maxrss)
    std::string out, err;
};

namespace detail {

// In the forked child: its own process group, folder, environment, limits
// and user as asked, stdin from /dev/null, stdout and stderr to the pipes,
// then exec. Uses only what was made before fork (`args`).
[[noreturn]] inline void execChild(const ProcessRequest& request, std::vector<char*>& args, int outFd, int errFd)
{
    setpgid(0, 0);  // its own group: a timeout kills whatever it started too
    if (!request.workDir.empty() && chdir(request.workDir.c_str()) != 0) _exit(126);
    for (const auto& [name, value] : request.env) {
        if (value.empty())
            unsetenv(name.c_str());
        else
            setenv(name.c_str(), value.c_str(), 1);
    }
    if (request.fileSizeLimit) {
        // Ignored stays ignored across exec: the write fails with EFBIG
        // instead of the signal ending the process.
        if (request.ignoreFileSizeSignal) signal(SIGXFSZ, SIG_IGN);
        rlimit limit{};
        getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = *request.fileSizeLimit;
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(126);
    }
    if (request.unprivilegedUser && geteuid() == 0 &&
        (setgroups(0, nullptr) != 0 || setgid(*request.unprivilegedUser) != 0 ||
         setuid(*request.unprivilegedUser) != 0))
        _exit(126);
    const int devNull = open("/dev/null", O_RDONLY);
    if (devNull < 0 || dup2(devNull, STDIN_FILENO) < 0 || dup2(outFd, STDOUT_FILENO) < 0 ||
        dup2(errFd, STDERR_FILENO) < 0)
        _exit(126);
    execv(args[0], args.data());
    // Said on the child's stderr: a program this user cannot reach (a folder
    // above it closed to others) would otherwise look like a silent exit 127.
    const char* why = "run_process: cannot execute ";
    (void)!write(STDERR_FILENO, why, strlen(why));
    (void)!write(STDERR_FILENO, args[0], strlen(args[0]));
    (void)!write(STDERR_FILENO, "\n", 1);
    _exit(127);
}

// steady_clock::now() plus a timeout in (double) seconds.
using Deadline = decltype(std::chrono::steady_clock::now() + std::chrono::duration<double>(0.0));

inline void killGroup(pid_t pid)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

// Reads the child's stdout and stderr into `result` until both close or the
// deadline passes (then kills it), sending request.signal once when asked.
inline void collectOutput(const ProcessRequest& request, pid_t pid, int outFd, int errFd, Deadline deadline,
                          ProcessResult& result)
{
    constexpr std::size_t kKeep = 1 << 20;  // enough for any message; a runaway child cannot fill our memory
    pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
    std::string* sinks[2] = {&result.out, &result.err};
    bool signalled = false;
    int openPipes = 2;
    while (openPipes > 0) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timedOut = true;
            killGroup(pid);
            break;
        }
        // Watching for a file: looked at every 10 ms (an event, not a guess).
        const bool watching = !signalled && !request.signalWhenFile.empty();
        const int ready = poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), watching ? 10 : 1000)));
        if (ready < 0 && errno != EINTR) break;
        if (watching && access(request.signalWhenFile.c_str(), F_OK) == 0) {
            signalled = true;
            kill(pid, request.signal);
        }
        for (int k = 0; k < 2; ++k) {
            if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buffer[4096];
            const ssize_t n = read(fds[k].fd, buffer, sizeof buffer);
            if (n > 0) {
                if (sinks[k]->size() < kKeep) sinks[k]->append(buffer, static_cast<std::size_t>(n));
                if (!signalled && !request.signalWhenOut.empty() &&
                    result.out.find(request.signalWhenOut) != std::string::npos) {
                    signalled = true;
                    kill(pid, request.signal);
                }
            } else if (n == 0 || errno != EINTR) {
                close(fds[k].fd);
                fds[k].fd = -1;
                --openPipes;
            }
        }
    }
    for (pollfd& f : fds)
        if (f.fd >= 0) close(f.fd);
}

// Output closed: the child is ending (or a grandchild kept the pipes; then
// the deadline still applies). Its exit code or signal, and its peak memory.
inline void reap(pid_t pid, Deadline deadline, ProcessResult& result)
{
    int status = 0;
    for (;;) {
        rusage usage{};
        const pid_t done = wait4(pid, &status, WNOHANG, &usage);
        result.maxRssKiB = usage.ru_maxrss;
        if (done == pid) break;
        if (std::chrono::steady_clock::now() >= deadline && !result.timedOut) {
            result.timedOut = true;
            killGroup(pid);
        }
        usleep(2000);  // polling for an exit, not waiting for work to happen
    }
    if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
}

}  // namespace detail

inline ProcessResult runProcess(const ProcessRequest& request)
{
    ProcessResult result;
    int outPipe[2], errPipe[2];
    if (pipe2(outPipe, O_CLOEXEC) != 0) return result;
    if (pipe2(errPipe, O_CLOEXEC) != 0) {
        close(outPipe[0]);
        close(outPipe[1]);
        return result;
    }
    // Everything the child needs, made before fork (no allocation after it).
    std::vector<char*> args;
    for (const std::string& a : request.argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);

    const pid_t pid = fork();
    if (pid == 0) detail::execChild(request, args, outPipe[1], errPipe[1]);
    close(outPipe[1]);
    close(errPipe[1]);
    if (pid < 0) {
        close(outPipe[0]);
        close(errPipe[0]);
        return result;
    }
    result.started = true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(request.timeoutSeconds);
    detail::collectOutput(request, pid, outPipe[0], errPipe[0], deadline, result);
    detail::reap(pid, deadline, result);
    return result;
}

// Lines in `text` ("a\n" is one; "a" without its newline is one too).
inline int countLines(const std::string& text)
{
    int n = 0;
    for (char c : text) n += c == '\n';
    return n + (!text.empty() && text.back() != '\n');
}

// The fluidsim binary with `words` (split at spaces: no value with a space in
// it), in `workDir`, with HOME there and no display: output is stdout then
// stderr. For tests that check what a run prints and writes.
inline ProcessResult runFluidsim(const std::string& executable, const std::string& words, const std::string& workDir)
{
    ProcessRequest request;
    request.argv.push_back(executable);
    std::size_t at = 0;
    while (at < words.size()) {
        const std::size_t end = std::min(words.find(' ', at), words.size());
        if (end > at) request.argv.push_back(words.substr(at, end - at));
        at = end + 1;
    }
    request.env = {{"HOME", workDir}, {"DISPLAY", ""}, {"WAYLAND_DISPLAY", ""}};
    request.workDir = workDir;
    request.timeoutSeconds = 120.0;
    return runProcess(request);
}

}  // namespace fluid::test
