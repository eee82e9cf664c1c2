// OutputLocks: an advisory lock on each output a run writes (a video, an
// input log, a CSV, the frames' folder), held until the process ends. A
// second run that names an output the first is still writing is refused with
// one line naming the first process, before it computes anything; without
// it both would say "wrote" while one silently overwrote the other (or mixed
// its frames into the other's folder).
//
// The locks are POSIX record locks (fcntl) on small files in a folder of this
// user's (XDG_RUNTIME_DIR/fluidsim-locks, or /tmp/fluidsim-locks-UID), one a
// canonical output path: the kernel drops them when the process ends however
// it ends, so a crash leaves no stale lock, and F_GETLK names the holder.
// Advisory: only fluidsim runs of the same user see them.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fluid::app {

struct NamedOutput {
    std::string flag;  // how the user named it, e.g. "--video"
    std::string path;  // "" = not asked for
};

class OutputLocks {
public:
    OutputLocks() = default;
    OutputLocks(const OutputLocks&) = delete;
    OutputLocks& operator=(const OutputLocks&) = delete;
    OutputLocks(OutputLocks&& other) noexcept;
    OutputLocks& operator=(OutputLocks&& other) noexcept;
    ~OutputLocks();

    // Locks every output that names a path. When another process holds one,
    // returns why in one line ("--video v.mp4 is being written by another
    // fluidsim run (process 1234): ...") and keeps none of this call's.
    // Where no lock can be taken at all (no folder for them), the run goes
    // on unlocked: an advisory lock must not stop a run that could write.
    std::optional<std::string> claim(const std::vector<NamedOutput>& outputs);

    std::size_t held() const { return descriptors_.size(); }

private:
    void release();
    std::vector<int> descriptors_;
};

// The lock file of `path` (its canonical absolute form, hashed); "" when the
// lock folder cannot be made or is not this user's own.
std::string outputLockFile(const std::string& path);

}  // namespace fluid::app
