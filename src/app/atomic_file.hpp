// Files that are whole or absent: every file fluidsim writes (settings, CSVs,
// PNG frames, screenshots) goes to a temporary beside its real name and is
// renamed over it only after a flushed, synced, checked write. A full disk, a
// missing directory or a crash leaves the previous file (if any) as it was,
// never a truncated one under the real name.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace fluid::app {

// One line naming the file and the reason, e.g. "cannot write out/e.csv: No
// space left on device (the file is left as it was)".
class WriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A file written over time (a CSV that grows by a row per step). Bytes go to
// PATH.partial-XXXXXX in the same directory; commit() renames it over PATH.
// Destroyed before commit(), it removes the temporary: PATH is untouched.
// A PATH that exists and is not a regular file (/dev/stdout, /dev/null, a
// pipe) cannot be renamed over: it is written directly, errors still checked.
// A PATH that is a symbolic link is written through: the temporary sits
// beside the link's target and replaces it, the link is kept. A name near
// the 255-byte limit gets a temporary whose name is cut to fit.
class AtomicFile {
public:
    explicit AtomicFile(std::string path);  // creates the temporary; throws WriteError
    ~AtomicFile();
    AtomicFile(AtomicFile&& other) noexcept;
    AtomicFile& operator=(AtomicFile&&) = delete;
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Buffered; throws WriteError when the buffer cannot be written out.
    void write(std::string_view bytes);
    // Writes the rest, fsyncs, closes and renames into place; throws WriteError
    // (and removes the temporary) on any failure.
    void commit();

    const std::string& path() const { return path_; }
    // The temporary's name ("" when writing directly to a special file).
    const std::string& temporaryPath() const { return temporary_; }

private:
    void drain();
    [[noreturn]] void fail(const std::string& why);
    void discard() noexcept;

    std::string path_;
    std::string temporary_;
    std::string target_;  // what the temporary replaces: path_, or the file path_ links to
    std::string buffer_;
    int fd_ = -1;
    bool direct_ = false;
};

// The file a write to `path` lands in: the end of its chain of symbolic links
// (a relative target is relative to its link's folder); `path` itself when it
// is no link. A loop stops after 40 links (the kernel's ELOOP limit), where
// the write then fails with the kernel's reason.
std::string writeTarget(const std::string& path);

// Creates the directories `path` is to go in; throws WriteError naming the
// directory and the system's reason (a read-only HOME says "Read-only file
// system", not that the directory does not exist).
void createParentDirectories(const std::string& path);

// The whole file at once: AtomicFile, write, commit.
void writeFileAtomically(const std::string& path, std::string_view bytes);

}  // namespace fluid::app
