#include "app/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

namespace fluid::app {

namespace {

// Bytes held before they go to the file: a CSV row per step would otherwise
// cost a system call each.
constexpr std::size_t kBufferBytes = 1 << 16;

std::string reason(int error)
{
    return std::strerror(error);
}

// mkstemp makes the file 0600; a finished output should have the mode any new
// file of the user gets (0666 less the umask), like std::ofstream gives.
void giveUsualMode(int fd)
{
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, static_cast<mode_t>(0666 & ~mask));
}

}  // namespace

std::string writeTarget(const std::string& path)
{
    std::filesystem::path at = path;
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code error;
        if (!std::filesystem::is_symlink(std::filesystem::symlink_status(at, error))) break;
        const std::filesystem::path next = std::filesystem::read_symlink(at, error);
        if (error) break;
        at = next.is_absolute() ? next : at.parent_path() / next;
    }
    return at.string();
}

namespace {

// TARGET.partial-XXXXXX, beside TARGET; a file name near the limit (255
// bytes on every Linux file system) keeps as much of its name as fits, so a
// name that is valid never fails for its temporary's sake.
std::string temporaryPattern(const std::string& target)
{
    static constexpr std::string_view kSuffix = ".partial-XXXXXX";
    const std::filesystem::path path(target);
    const std::string directory = path.parent_path().string();
    const long limit = pathconf(directory.empty() ? "." : directory.c_str(), _PC_NAME_MAX);
    const std::size_t nameMax = limit > 0 ? static_cast<std::size_t>(limit) : 255;
    std::string name = path.filename().string();
    if (name.size() + kSuffix.size() > nameMax) name.resize(nameMax - kSuffix.size());
    return (directory.empty() ? name : directory + "/" + name) + std::string(kSuffix);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path))
{
    if (path_.empty()) throw WriteError("cannot write a file with an empty name");
    // A symbolic link (a settings file kept in a dotfiles repository) is
    // written through: its target is replaced, the link stays a link.
    const std::string target = writeTarget(path_);
    struct stat existing {};
    if (stat(target.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
        if (S_ISDIR(existing.st_mode)) throw WriteError("cannot write " + path_ + ": it is a directory");
        // A device or a pipe: there is nothing to replace, only to write to.
        direct_ = true;
        fd_ = open(path_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0) throw WriteError("cannot write " + path_ + ": " + reason(errno));
        return;
    }
    std::string pattern = temporaryPattern(target);
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    fd_ = mkstemp(name.data());
    if (fd_ < 0) {
        const int error = errno;
        const std::filesystem::path directory = std::filesystem::path(target).parent_path();
        // ENOENT also comes from a directory that is there but takes no new
        // files (/proc/self): "does not exist" only when it is so.
        std::error_code ignored;
        if (error == ENOENT && !std::filesystem::exists(directory.empty() ? "." : directory, ignored))
            throw WriteError("cannot write " + path_ + ": the directory " +
                             (directory.empty() ? "." : directory.string()) + " does not exist");
        throw WriteError("cannot write " + path_ + ": " + reason(error));
    }
    temporary_ = name.data();
    target_ = target;
    giveUsualMode(fd_);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : path_(std::move(other.path_)),
      temporary_(std::move(other.temporary_)),
      target_(std::move(other.target_)),
      buffer_(std::move(other.buffer_)),
      fd_(std::exchange(other.fd_, -1)),
      direct_(other.direct_)
{
    other.temporary_.clear();
}

AtomicFile::~AtomicFile()
{
    discard();
}

void AtomicFile::discard() noexcept
{
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    if (!temporary_.empty()) unlink(temporary_.c_str());
    temporary_.clear();
    buffer_.clear();
}

void AtomicFile::fail(const std::string& why)
{
    discard();
    throw WriteError("cannot write " + path_ + ": " + why + (direct_ ? "" : " (the file is left as it was)"));
}

void AtomicFile::write(std::string_view bytes)
{
    if (fd_ < 0) throw WriteError("cannot write " + path_ + ": the file is already closed");
    buffer_.append(bytes);
    if (buffer_.size() >= kBufferBytes) drain();
}

void AtomicFile::drain()
{
    std::size_t done = 0;
    while (done < buffer_.size()) {
        const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(n < 0 ? reason(errno) : "the write made no progress");
        done += static_cast<std::size_t>(n);
    }
    buffer_.clear();
}

void AtomicFile::commit()
{
    if (fd_ < 0) throw WriteError("cannot write " + path_ + ": the file is already closed");
    drain();
    if (direct_) {
        const int fd = std::exchange(fd_, -1);
        if (close(fd) != 0) fail(reason(errno));
        return;
    }
    // The data must be on disk before the name points at it, or a power cut
    // could leave an empty file under the real name.
    if (fsync(fd_) != 0) fail(reason(errno));
    const int fd = std::exchange(fd_, -1);
    if (close(fd) != 0) fail(reason(errno));
    if (std::rename(temporary_.c_str(), target_.c_str()) != 0) fail(reason(errno));
    temporary_.clear();
}

void createParentDirectories(const std::string& path)
{
    const std::filesystem::path directory = std::filesystem::path(path).parent_path();
    if (directory.empty()) return;
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    if (error)
        throw WriteError("cannot write " + path + ": cannot create the directory " + directory.string() + ": " +
                         error.message());
}

void writeFileAtomically(const std::string& path, std::string_view bytes)
{
    AtomicFile file(path);
    file.write(bytes);
    file.commit();
}

}  // namespace fluid::app
