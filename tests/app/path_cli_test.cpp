// Every flag that names a file or a folder says why it cannot be used, with
// the real cause (src/app/path_check.hpp): one line, exit 2, before the run.
// A folder at mode 000 does not stop root, so the binary runs as nobody when
// the tests run as root (ProcessRequest::unprivilegedUser).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;

constexpr uid_t kNobody = 65534;

class PathCli : public fluid::test::CliDirTest {
protected:
    PathCli() : CliDir("path-cli") {}
    void SetUp() override
    {
        CliDir::SetUp();
        // Open to every user: the binary may run as nobody.
        fs::create_directories(dir_ / "locked" / "sub");
        fs::create_directories(dir_ / "locked" / "frames");
        fs::create_directories(dir_ / "closed");
        for (const char* name : {"locked/m.png", "locked/b.png", "locked/v.mp4", "locked/in.rec", "secret.png",
                                 "secret.rec", "secret.mp4"})
            std::ofstream(dir_ / name) << "x";
        fs::permissions(dir_, fs::perms::all);
        fs::permissions(dir_ / "locked", fs::perms::none);
        fs::permissions(dir_ / "closed", fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec);
        for (const char* name : {"secret.png", "secret.rec", "secret.mp4"})
            fs::permissions(dir_ / name, fs::perms::none);
        fs::create_symlink("gone", dir_ / "dangling");
        fs::create_symlink("loop-b", dir_ / "loop-a");
        fs::create_symlink("loop-a", dir_ / "loop-b");
        // The binary where nobody can reach it: the build tree may lie below
        // a folder that only its owner may enter (a clone in `mktemp -d`).
        fs::copy_file(FLUIDSIM_EXE, binary_);
        fs::permissions(binary_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                     fs::perms::others_read | fs::perms::others_exec);
    }
    void TearDown() override
    {
        fs::permissions(dir_ / "locked", fs::perms::all);
        fs::permissions(dir_ / "closed", fs::perms::all);
        CliDir::TearDown();
    }

    // A headless run on the CPU, as a user whom the modes deny.
    fluid::test::ProcessResult run(const std::vector<std::string>& flags)
    {
        fluid::test::ProcessRequest request;
        request.argv = {binary_.string(), "--headless", "--backend", "cpu", "--threads", "1"};
        // A short run, were it not refused (a replay's log says its own).
        if (std::find(flags.begin(), flags.end(), "--replay") == flags.end())
            request.argv.insert(request.argv.end(), {"--grid", "16", "--steps", "2"});
        request.argv.insert(request.argv.end(), flags.begin(), flags.end());
        request.env = {{"HOME", dir_.string()}, {"XDG_CONFIG_HOME", (dir_ / "config").string()}};
        request.workDir = dir_.string();
        request.unprivilegedUser = kNobody;
        return fluid::test::runProcess(request);
    }

    const fs::path binary_ = dir_ / "fluidsim";
};

std::string describe(const fluid::test::ProcessResult& r)
{
    return "exit " + std::to_string(r.exitCode) + "\nstdout:\n" + r.out + "stderr:\n" + r.err;
}

// Each was "does not exist", "no such file", "No such file or directory",
// "not a directory" or no reason at all; only --out said "Permission denied".
TEST_F(PathCli, APathThroughAFolderWithoutPermissionSaysPermissionDenied)
{
    const std::string why = ": permission denied (the directory locked cannot be entered)\n";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--export-energy", "locked/sub/e.csv"}, "fluidsim: cannot write locked/sub/e.csv" + why},
        {{"--video", "locked/sub/v.mp4"}, "fluidsim: cannot write locked/sub/v.mp4" + why},
        {{"--out", "locked/sub"}, "fluidsim: cannot write into locked/sub" + why},
        {{"--obstacles", "locked/m.png"}, "fluidsim: cannot read the obstacle mask locked/m.png" + why},
        {{"--background", "locked/b.png", "--view", "water"},
         "fluidsim: cannot read the background locked/b.png" + why},
        {{"--scenario", "motion", "--motion", "video:locked/v.mp4"}, "fluidsim: cannot open video locked/v.mp4" + why},
        {{"--scenario", "motion", "--motion", "images:locked/frames"},
         "fluidsim: cannot open image folder locked/frames" + why},
        {{"--replay", "locked/in.rec"}, "fluidsim: cannot read the input log locked/in.rec" + why},
    };
    for (const auto& [flags, line] : cases) {
        const auto r = run(flags);
        EXPECT_EQ(r.exitCode, 2) << flags[0] << "\n" << describe(r);
        EXPECT_EQ(r.err, line) << describe(r);
        EXPECT_EQ(r.out, "") << "the run started: " << describe(r);
    }
}

TEST_F(PathCli, AFileWithoutReadPermissionSaysPermissionDenied)
{
    const std::string why = ": permission denied (the file cannot be read)\n";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--obstacles", "secret.png"}, "fluidsim: cannot read the obstacle mask secret.png" + why},
        {{"--scenario", "motion", "--motion", "video:secret.mp4"}, "fluidsim: cannot open video secret.mp4" + why},
        {{"--replay", "secret.rec"}, "fluidsim: cannot read the input log secret.rec" + why},
        {{"--scenario", "motion", "--motion", "images:closed"},
         "fluidsim: cannot open image folder closed: permission denied (the directory cannot be listed)\n"},
    };
    for (const auto& [flags, line] : cases) {
        const auto r = run(flags);
        EXPECT_EQ(r.exitCode, 2) << flags[0] << "\n" << describe(r);
        EXPECT_EQ(r.err, line) << describe(r);
    }
}

// A link to nothing as --out said "File exists"; a missing image folder said
// "not a directory".
TEST_F(PathCli, LinksAndMissingFoldersSayWhatTheyAre)
{
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--out", "dangling"},
         "fluidsim: cannot write into dangling: dangling is a symbolic link to gone, which does not exist\n"},
        {{"--obstacles", "dangling"},
         "fluidsim: cannot read the obstacle mask dangling: dangling is a symbolic link to gone, which does not "
         "exist\n"},
        {{"--replay", "loop-a"}, "fluidsim: cannot read the input log loop-a: loop-a is a loop of symbolic links\n"},
        {{"--scenario", "motion", "--motion", "images:none"},
         "fluidsim: cannot open image folder none: no such directory\n"},
        {{"--obstacles", "secret.png/m.png"},
         "fluidsim: cannot read the obstacle mask secret.png/m.png: secret.png is not a directory\n"},
    };
    for (const auto& [flags, line] : cases) {
        const auto r = run(flags);
        EXPECT_EQ(r.exitCode, 2) << flags[0] << "\n" << describe(r);
        EXPECT_EQ(r.err, line) << describe(r);
    }
}

// --export-energy on a loop of links replaced the link with a regular file
// at the end of the run (exit 0); it is refused before the run, the link kept.
TEST_F(PathCli, AnOutputOnALoopOfLinksIsRefusedAndTheLinkKept)
{
    const auto r = run({"--export-energy", "loop-a"});
    EXPECT_EQ(r.exitCode, 2) << describe(r);
    EXPECT_EQ(r.err, "fluidsim: cannot write loop-a: loop-a is a loop of symbolic links\n") << describe(r);
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir_ / "loop-a")));
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir_ / "loop-b")));
}

// --out makes its folder before the other outputs are opened: a video or a
// CSV in it is no missing folder (it was refused, "the directory fr does not
// exist"). Written as root: the home folder takes no files from nobody.
TEST_F(PathCli, AnOutputInTheFolderOfOutIsWritten)
{
    fluid::test::ProcessRequest request;
    request.argv = {FLUIDSIM_EXE, "--headless", "--backend",       "cpu",         "--threads", "1",
                    "--grid",     "16",         "--steps",         "2",           "--out",     "fr",
                    "--video",    "fr/v.mp4",   "--export-energy", "fr/csv/e.csv"};
    request.workDir = dir_.string();
    request.env = {{"HOME", dir_.string()}, {"XDG_CONFIG_HOME", (dir_ / "config").string()}};
    auto r = fluid::test::runProcess(request);
    EXPECT_EQ(r.exitCode, 2) << describe(r);  // fr/csv is not made by --out fr
    EXPECT_EQ(r.err, "fluidsim: cannot write fr/csv/e.csv: the directory fr/csv does not exist\n") << describe(r);
    request.argv.back() = "fr/e.csv";
    r = fluid::test::runProcess(request);
    EXPECT_EQ(r.exitCode, 0) << describe(r);
    EXPECT_EQ(r.err, "") << describe(r);
    EXPECT_TRUE(fs::is_regular_file(dir_ / "fr" / "v.mp4"));
    EXPECT_TRUE(fs::is_regular_file(dir_ / "fr" / "e.csv"));
    EXPECT_TRUE(fs::is_regular_file(dir_ / "fr" / "frame_000002.png"));
}

}  // namespace
