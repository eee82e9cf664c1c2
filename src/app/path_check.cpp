#include "app/path_check.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "app/atomic_file.hpp"

namespace fluid::app {

namespace {

namespace fs = std::filesystem;
using Kind = PathStatus::Kind;

Kind kindOf(const struct stat& st)
{
    if (S_ISREG(st.st_mode)) return Kind::RegularFile;
    if (S_ISDIR(st.st_mode)) return Kind::Directory;
    return Kind::Special;
}

// The names of `path` one by one ("a/b/" is a, b).
std::vector<fs::path> partsOf(const fs::path& path)
{
    std::vector<fs::path> parts;
    for (const fs::path& part : path)
        if (!part.empty()) parts.push_back(part);
    return parts;
}

// Whether `folder` takes a new file. Only making one tells every case apart:
// a read-only mount, a folder without write permission (root may write
// anyway), one that takes no files at all (/proc/self says ENOENT). The probe
// is removed at once.
std::optional<std::string> notWritable(const fs::path& folder)
{
    const std::string pattern = (folder / ".fluidsim-probe-XXXXXX").string();
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = mkstemp(name.data());
    if (fd < 0) {
        const int error = errno;
        if (error == EACCES) return "permission denied (the directory " + folder.string() + " takes no new files)";
        return std::string(std::strerror(error));
    }
    close(fd);
    unlink(name.data());
    return std::nullopt;
}

// A name longer than the file system takes (255 bytes on Linux's) failed
// only at the end, at the rename, after the whole run.
std::optional<std::string> nameTooLong(const fs::path& name, const fs::path& existingFolder)
{
    const long limit = pathconf(existingFolder.c_str(), _PC_NAME_MAX);
    const std::size_t bytes = name.string().size();
    if (limit <= 0 || bytes <= static_cast<std::size_t>(limit)) return std::nullopt;
    return "the name " + name.string().substr(0, 16) + "... is " + std::to_string(bytes) + " bytes, over the " +
           std::to_string(limit) + " this file system takes";
}

// Whether `folder` is `made` or a folder above it (made with it), by name.
bool madeWith(const fs::path& folder, const std::string& made)
{
    if (made.empty()) return false;
    const std::vector<fs::path> a = partsOf(folder.lexically_normal());
    const std::vector<fs::path> b = partsOf(fs::path(made).lexically_normal());
    if (a.empty() || a.size() > b.size() || (a.size() == 1 && a[0] == ".")) return false;
    for (std::size_t n = 0; n < a.size(); ++n)
        if (a[n] != b[n]) return false;
    return true;
}

// Whether `made` can be made and written: the folder above its first missing
// name (`firstMissing`), which exists, takes a new file, and each name still
// to be made fits.
std::optional<std::string> madeLaterProblem(const fs::path& made, const fs::path& firstMissing)
{
    const fs::path existing = firstMissing.parent_path().empty() ? fs::path(".") : firstMissing.parent_path();
    if (auto why = notWritable(existing)) return why;
    const fs::path below = existing == "." && made.is_relative() ? made : made.lexically_relative(existing);
    for (const fs::path& part : below)
        if (auto why = nameTooLong(part, existing)) return why;
    return std::nullopt;
}

}  // namespace

PathStatus examinePath(const std::string& path)
{
    PathStatus s;
    struct stat st {};
    if (stat(path.c_str(), &st) == 0) {
        s.kind = kindOf(st);
        return s;
    }
    s.error = errno;
    s.kind = Kind::Other;
    s.at = path;
    if (s.error != ENOENT && s.error != ENOTDIR && s.error != EACCES && s.error != ELOOP && s.error != ENAMETOOLONG)
        return s;
    // The failure is traced name by name: the first part of the path that
    // cannot be reached says why.
    const std::vector<fs::path> parts = partsOf(path);
    fs::path prefix;
    for (std::size_t n = 0; n < parts.size(); ++n) {
        prefix = n == 0 ? parts[0] : prefix / parts[n];
        const bool last = n + 1 == parts.size();
        if (stat(prefix.c_str(), &st) == 0) {
            if (!last && !S_ISDIR(st.st_mode)) {
                s.kind = Kind::NotADirectory;
                s.at = prefix.string();
                return s;
            }
            continue;
        }
        const int error = errno;
        s.at = prefix.string();
        switch (error) {
            case EACCES:
                // Searching the folder above is what was refused.
                s.kind = Kind::PermissionDenied;
                s.at = prefix.has_parent_path() ? prefix.parent_path().string() : ".";
                return s;
            case ELOOP:
                s.kind = Kind::LinkLoop;
                return s;
            case ENOENT: {
                struct stat link {};
                if (lstat(prefix.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
                    s.kind = Kind::DanglingLink;
                    std::error_code ignored;
                    s.linkTarget = fs::read_symlink(prefix, ignored).string();
                } else {
                    s.kind = last ? Kind::Missing : Kind::MissingFolder;
                }
                return s;
            }
            case ENAMETOOLONG:
                // No such name can be there; an output's check says how long
                // a name may be.
                s.kind = last ? Kind::Missing : Kind::MissingFolder;
                return s;
            default:
                s.error = error;
                return s;
        }
    }
    return s;  // the path changed in between: the first failure's reason
}

std::string pathFailureWords(const PathStatus& s, const std::string& missing)
{
    switch (s.kind) {
        case Kind::Missing:
            return missing;
        case Kind::MissingFolder:
            return "the directory " + s.at + " does not exist";
        case Kind::DanglingLink:
            return s.at + " is a symbolic link to " + s.linkTarget + ", which does not exist";
        case Kind::LinkLoop:
            return s.at + " is a loop of symbolic links";
        case Kind::NotADirectory:
            return s.at + " is not a directory";
        case Kind::PermissionDenied:
            return "permission denied (the directory " + s.at + " cannot be entered)";
        case Kind::Other:
            return std::strerror(s.error);
        case Kind::RegularFile:
        case Kind::Directory:
        case Kind::Special:
            break;
    }
    return "";
}

std::optional<std::string> inputFileProblem(const std::string& path)
{
    const PathStatus s = examinePath(path);
    if (!s.exists()) return pathFailureWords(s, "no such file");
    if (s.kind == Kind::Directory) return std::string("it is a directory");
    // A device or a pipe could be read without end (/dev/zero) or block.
    if (s.kind == Kind::Special) return std::string("not a regular file");
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int error = errno;
        if (error == EACCES) return std::string("permission denied (the file cannot be read)");
        return std::string(std::strerror(error));
    }
    close(fd);
    return std::nullopt;
}

std::optional<std::string> inputDirectoryProblem(const std::string& path)
{
    const PathStatus s = examinePath(path);
    if (!s.exists()) return pathFailureWords(s, "no such directory");
    if (s.kind != Kind::Directory) return std::string("not a directory");
    DIR* listing = opendir(path.c_str());
    if (!listing) {
        const int error = errno;
        if (error == EACCES) return std::string("permission denied (the directory cannot be listed)");
        return std::string(std::strerror(error));
    }
    closedir(listing);
    return std::nullopt;
}

std::optional<std::string> outputFileProblem(const std::string& path, const std::string& madeFolder)
{
    const PathStatus s = examinePath(path);
    switch (s.kind) {
        case Kind::Directory:
            return std::string("it is a directory");
        case Kind::Special:
            return std::nullopt;  // written in place (src/app/atomic_file.hpp)
        case Kind::RegularFile:
        case Kind::Missing:
        case Kind::MissingFolder:
        case Kind::DanglingLink:  // written through: its target is made
            break;
        case Kind::LinkLoop:  // else the loop's link was replaced by a regular file
        case Kind::NotADirectory:
        case Kind::PermissionDenied:
        case Kind::Other:
            return pathFailureWords(s, "");
    }
    // The folder the file is made in: beside the end of its links.
    const fs::path target = writeTarget(path);
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    const PathStatus f = examinePath(folder.string());
    switch (f.kind) {
        case Kind::Directory:
            if (auto why = notWritable(folder)) return why;
            return nameTooLong(target.filename(), folder);
        case Kind::RegularFile:
        case Kind::Special:
            return folder.string() + " is not a directory";
        case Kind::Missing:
        case Kind::MissingFolder:
            if (madeWith(folder, madeFolder))
                return madeLaterProblem(target, f.kind == Kind::Missing ? folder : fs::path(f.at));
            return "the directory " + folder.string() + " does not exist";
        default:
            return pathFailureWords(f, "");
    }
}

std::optional<std::string> outputFolderProblem(const std::string& dir)
{
    const PathStatus s = examinePath(dir);
    switch (s.kind) {
        case Kind::Directory:
            return notWritable(dir);
        case Kind::RegularFile:
        case Kind::Special:
            return dir + " is not a directory";
        case Kind::Missing:
        case Kind::MissingFolder:
            return madeLaterProblem(dir, s.kind == Kind::Missing ? fs::path(dir) : fs::path(s.at));
        default:
            // A link to nothing included: making the folder said "File exists".
            return pathFailureWords(s, "");
    }
}

}  // namespace fluid::app
