#include "app/output_lock.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace fluid::app {

namespace {

namespace fs = std::filesystem;

// This user's folder for the locks: made on first use, mode 0700. One that
// exists but is a link, not a folder, or someone else's is not used (another
// user could otherwise steer our lock files).
std::string lockFolder()
{
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    const std::string folder = runtime != nullptr && *runtime == '/'
                                   ? std::string(runtime) + "/fluidsim-locks"
                                   : "/tmp/fluidsim-locks-" + std::to_string(getuid());
    if (mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST) return "";
    struct stat st {};
    if (lstat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid()) return "";
    return folder;
}

// The same file by any of its names: absolute, links and ".." resolved as
// far as the path exists (an output usually does not yet).
std::string canonicalForm(const std::string& path)
{
    std::error_code error;
    fs::path absolute = fs::absolute(path, error);
    if (error) return path;
    const fs::path canonical = fs::weakly_canonical(absolute, error);
    return error ? absolute.lexically_normal().string() : canonical.string();
}

// FNV-1a, 64 bits: a stable name for a path of any length or alphabet.
std::uint64_t fnv1a(const std::string& text)
{
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

struct flock wholeFileWriteLock()
{
    struct flock lock {};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = 0;
    lock.l_len = 0;  // to the end, however long
    return lock;
}

}  // namespace

std::string outputLockFile(const std::string& path)
{
    const std::string folder = lockFolder();
    if (folder.empty()) return "";
    char name[32];
    std::snprintf(name, sizeof name, "%016llx.lock", static_cast<unsigned long long>(fnv1a(canonicalForm(path))));
    return folder + "/" + name;
}

OutputLocks::OutputLocks(OutputLocks&& other) noexcept : descriptors_(std::move(other.descriptors_))
{
    other.descriptors_.clear();
}

OutputLocks& OutputLocks::operator=(OutputLocks&& other) noexcept
{
    if (this != &other) {
        release();
        descriptors_ = std::move(other.descriptors_);
        other.descriptors_.clear();
    }
    return *this;
}

OutputLocks::~OutputLocks()
{
    release();
}

void OutputLocks::release()
{
    for (const int fd : descriptors_) close(fd);
    descriptors_.clear();
}

std::optional<std::string> OutputLocks::claim(const std::vector<NamedOutput>& outputs)
{
    std::vector<int> taken;
    const auto giveBack = [&taken] {
        for (const int fd : taken) close(fd);
    };
    for (const NamedOutput& output : outputs) {
        if (output.path.empty()) continue;
        const std::string lockFile = outputLockFile(output.path);
        if (lockFile.empty()) continue;
        const int fd = open(lockFile.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) continue;
        // Twice: the holder may end between a refused lock and the question
        // who holds it; then the lock is free and the second try takes it.
        bool locked = false, refused = false;
        struct flock holder {};
        for (int attempt = 0; attempt < 2 && !locked && !refused; ++attempt) {
            struct flock lock = wholeFileWriteLock();
            if (fcntl(fd, F_SETLK, &lock) == 0) {
                locked = true;
                break;
            }
            if (errno != EAGAIN && errno != EACCES) break;  // no lock to be had here: unlocked
            holder = wholeFileWriteLock();
            refused = fcntl(fd, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK;
        }
        if (locked) {
            taken.push_back(fd);
            continue;
        }
        close(fd);
        if (!refused) continue;
        giveBack();
        return output.flag + " " + output.path + " is being written by another fluidsim run (process " +
               std::to_string(holder.l_pid) + ")" + ": wait for it to finish, or name another " +
               (fs::is_directory(output.path) ? "folder" : "file");
    }
    descriptors_.insert(descriptors_.end(), taken.begin(), taken.end());
    return std::nullopt;
}

}  // namespace fluid::app
