// Why a path that a flag names cannot be used, in the system's own terms: the
// one place that tells a missing file from a folder without permission, a
// part of the path that is a file, a loop of symbolic links or a link to
// nothing. Every input flag (--obstacles, --background, --motion, --replay)
// and every output flag (--out, --video, --record, --record-input, the
// --export-* CSVs) asks it, so each message names the real cause. GL-free.
#pragma once

#include <optional>
#include <string>

namespace fluid::app {

// What stat(2) says of a path, with the part of the path a failure is at.
struct PathStatus {
    enum class Kind {
        RegularFile,
        Directory,
        Special,           // a device, a pipe or a socket
        Missing,           // the last name does not exist; the folders above it do
        MissingFolder,     // a folder on the way does not exist (`at`)
        DanglingLink,      // `at` is a symbolic link to `linkTarget`, which does not exist
        LinkLoop,          // `at` is a symbolic link that leads back to itself
        NotADirectory,     // `at`, a part before the last, is a file
        PermissionDenied,  // the folder `at` cannot be searched
        Other,             // any other failure: `error`
    };
    Kind kind = Kind::Missing;
    std::string at;          // the part of the path the failure is at
    std::string linkTarget;  // DanglingLink: what the link names
    int error = 0;           // the errno of stat(2) (0 when it succeeded)

    bool exists() const { return kind == Kind::RegularFile || kind == Kind::Directory || kind == Kind::Special; }
};

// stat(2) of `path`, following links; a failure is traced to the part of the
// path it comes from.
PathStatus examinePath(const std::string& path);

// A failure of examinePath in words, e.g. "permission denied by the
// directory locked", "old is a symbolic link to gone, which does not exist".
// Missing: `missing` (the caller's "no such file" or "no such directory").
std::string pathFailureWords(const PathStatus& status, const std::string& missing);

// An input: what is wrong with reading `path` as a file (a regular file this
// process may open for reading) or as a folder (one it may list); nullopt
// when it can be read. The words follow "cannot read ... PATH: ".
std::optional<std::string> inputFileProblem(const std::string& path);
std::optional<std::string> inputDirectoryProblem(const std::string& path);

// An output file: what is wrong with writing `path` (through its symbolic
// links, as AtomicFile writes); nullopt when its folder takes a new file.
// `madeFolder`, when not empty, is a folder the run makes before it writes
// (--out): a file in it, or in a folder above it that is made with it, is
// judged by the folder that exists. The words follow "cannot write PATH: ".
// A device or a pipe is written in place: nullopt (its errors come with the
// write).
std::optional<std::string> outputFileProblem(const std::string& path, const std::string& madeFolder = "");

// An output folder (--out), made with its parents when missing: what is wrong
// with making it and writing into it; nullopt when it can be. The words
// follow "cannot write into DIR: ".
std::optional<std::string> outputFolderProblem(const std::string& dir);

}  // namespace fluid::app
