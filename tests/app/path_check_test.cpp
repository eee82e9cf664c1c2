// Why a path cannot be used (src/app/path_check.hpp): each cause in its own
// words, never "does not exist" for a folder that is there. Permissions do not
// stop root, so a check that needs them runs in a child that has given root
// up (nobody), when the tests run as root; as any other user, the mode alone
// denies.
#include <gtest/gtest.h>

#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>

#include "app/path_check.hpp"
#include "support/temp_dir.hpp"

namespace fluid::app {
namespace {

namespace fs = std::filesystem;

constexpr uid_t kNobody = 65534;

// `check` as a user whom modes deny: in a child that has dropped root, when
// we are root. Its answer ("" for nullopt) comes back through a pipe.
std::optional<std::string> unprivileged(const std::function<std::optional<std::string>()>& check)
{
    if (geteuid() != 0) return check();
    int fds[2];
    if (pipe(fds) != 0) return "pipe failed";
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        if (setgroups(0, nullptr) != 0 || setgid(kNobody) != 0 || setuid(kNobody) != 0) _exit(3);
        const std::optional<std::string> answer = check();
        const std::string message = answer ? "1" + *answer : "0";
        if (write(fds[1], message.data(), message.size()) != static_cast<ssize_t>(message.size())) _exit(4);
        _exit(0);
    }
    close(fds[1]);
    std::string message;
    char buffer[512];
    for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) message.append(buffer, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "the child failed";
    if (message.empty()) return "no answer";
    if (message[0] == '0') return std::nullopt;
    return message.substr(1);
}

class PathCheck : public test::TempDirTest {
protected:
    PathCheck() : TempDirTest("fluidsim-path-check") {}
    void SetUp() override
    {
        TempDirTest::SetUp();
        // Open to every user (mkdtemp's 0700 would deny nobody everything).
        fs::permissions(dir_, fs::perms::all);
        previous_ = fs::current_path();
        fs::current_path(dir_);
        std::ofstream("file.txt") << "x";
        fs::create_directory("open");
        fs::permissions("open", fs::perms::all);
        fs::create_directories("locked/sub");
        std::ofstream("locked/m.png") << "x";
        fs::permissions("locked", fs::perms::none);
        std::ofstream("secret.rec") << "x";
        fs::permissions("secret.rec", fs::perms::none);
        fs::create_directory("closed");
        fs::permissions("closed", fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec);
        fs::create_symlink("gone", "dangling");
        fs::create_symlink("loop-b", "loop-a");
        fs::create_symlink("loop-a", "loop-b");
    }
    void TearDown() override
    {
        fs::current_path(previous_);
        fs::permissions(dir_ / "locked", fs::perms::all);
        fs::permissions(dir_ / "closed", fs::perms::all);
        TempDirTest::TearDown();
    }

    fs::path previous_;
};

TEST_F(PathCheck, EachFailureIsTracedToThePartOfThePathItComesFrom)
{
    EXPECT_EQ(examinePath("file.txt").kind, PathStatus::Kind::RegularFile);
    EXPECT_EQ(examinePath("open").kind, PathStatus::Kind::Directory);
    EXPECT_EQ(examinePath("/dev/null").kind, PathStatus::Kind::Special);
    EXPECT_EQ(examinePath("none").kind, PathStatus::Kind::Missing);
    const PathStatus folder = examinePath("no/such/x.csv");
    EXPECT_EQ(folder.kind, PathStatus::Kind::MissingFolder);
    EXPECT_EQ(folder.at, "no");
    const PathStatus file = examinePath("file.txt/x.csv");
    EXPECT_EQ(file.kind, PathStatus::Kind::NotADirectory);
    EXPECT_EQ(file.at, "file.txt");
    const PathStatus dangling = examinePath("dangling");
    EXPECT_EQ(dangling.kind, PathStatus::Kind::DanglingLink);
    EXPECT_EQ(dangling.linkTarget, "gone");
    const PathStatus loop = examinePath("open/../loop-a/x");
    EXPECT_EQ(loop.kind, PathStatus::Kind::LinkLoop);
    EXPECT_EQ(loop.at, "open/../loop-a");
}

// Was "no such file" for every one of them (fs::status's errors read as
// "not there").
TEST_F(PathCheck, AnInputSaysWhyItCannotBeRead)
{
    EXPECT_EQ(inputFileProblem("file.txt"), std::nullopt);
    EXPECT_EQ(inputFileProblem("none.png"), "no such file");
    EXPECT_EQ(inputFileProblem("no/m.png"), "the directory no does not exist");
    EXPECT_EQ(inputFileProblem("file.txt/m.png"), "file.txt is not a directory");
    EXPECT_EQ(inputFileProblem("dangling"), "dangling is a symbolic link to gone, which does not exist");
    EXPECT_EQ(inputFileProblem("loop-a"), "loop-a is a loop of symbolic links");
    EXPECT_EQ(inputFileProblem("open"), "it is a directory");
    EXPECT_EQ(inputFileProblem("/dev/zero"), "not a regular file");
    EXPECT_EQ(unprivileged([] { return inputFileProblem("locked/m.png"); }),
              "permission denied (the directory locked cannot be entered)");
    EXPECT_EQ(unprivileged([] { return inputFileProblem("secret.rec"); }),
              "permission denied (the file cannot be read)");

    EXPECT_EQ(inputDirectoryProblem("open"), std::nullopt);
    EXPECT_EQ(inputDirectoryProblem("none"), "no such directory");
    EXPECT_EQ(inputDirectoryProblem("file.txt"), "not a directory");
    EXPECT_EQ(inputDirectoryProblem("loop-a"), "loop-a is a loop of symbolic links");
    EXPECT_EQ(unprivileged([] { return inputDirectoryProblem("locked/sub"); }),
              "permission denied (the directory locked cannot be entered)");
    EXPECT_EQ(unprivileged([] { return inputDirectoryProblem("closed"); }),
              "permission denied (the directory cannot be listed)");
}

// Was "the directory locked/sub does not exist".
TEST_F(PathCheck, AnOutputFileSaysWhyItCannotBeWritten)
{
    EXPECT_EQ(outputFileProblem("new.csv"), std::nullopt);
    EXPECT_EQ(outputFileProblem("file.txt"), std::nullopt);
    EXPECT_EQ(outputFileProblem("dangling"), std::nullopt);  // written through: "gone" is made
    EXPECT_EQ(outputFileProblem("/dev/null"), std::nullopt);
    EXPECT_EQ(outputFileProblem("open"), "it is a directory");
    EXPECT_EQ(outputFileProblem("no/such/e.csv"), "the directory no/such does not exist");
    EXPECT_EQ(outputFileProblem("file.txt/e.csv"), "file.txt is not a directory");
    // The loop's link was replaced by a regular file.
    EXPECT_EQ(outputFileProblem("loop-a"), "loop-a is a loop of symbolic links");
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status("loop-a")));
    EXPECT_EQ(unprivileged([] { return outputFileProblem("locked/sub/e.csv"); }),
              "permission denied (the directory locked cannot be entered)");
    EXPECT_EQ(unprivileged([] { return outputFileProblem("closed/e.csv"); }),
              "permission denied (the directory closed takes no new files)");
}

// --out fr --video fr/v.mp4: fr is made before the video is opened (it was
// refused, "the directory fr does not exist").
TEST_F(PathCheck, AFileInTheFolderTheRunMakesIsJudgedByTheFolderThatExists)
{
    EXPECT_EQ(outputFileProblem("fr/v.mp4", "fr"), std::nullopt);
    EXPECT_EQ(outputFileProblem("./fr/v.mp4", "fr/"), std::nullopt);
    EXPECT_EQ(outputFileProblem("a/v.mp4", "a/b/fr"), std::nullopt);  // a is made with a/b/fr
    EXPECT_EQ(outputFileProblem("fr/sub/v.mp4", "fr"), "the directory fr/sub does not exist");
    EXPECT_EQ(outputFileProblem("other/v.mp4", "fr"), "the directory other does not exist");
    EXPECT_EQ(unprivileged([] { return outputFileProblem("closed/fr/v.mp4", "closed/fr"); }),
              "permission denied (the directory closed takes no new files)");
    std::string longName = "fr/";  // (appended: GCC 12 warns falsely about "fr/" + std::string(...))
    longName.append(300, 'v').append(".mp4");
    EXPECT_EQ(outputFileProblem(longName, "fr")->substr(0, 26), "the name vvvvvvvvvvvvvvvv.");
}

// A link to nothing said "File exists" (create_directories).
TEST_F(PathCheck, AnOutputFolderSaysWhyItCannotBeMade)
{
    EXPECT_EQ(outputFolderProblem("open"), std::nullopt);
    EXPECT_EQ(outputFolderProblem("new/frames"), std::nullopt);
    EXPECT_EQ(outputFolderProblem("file.txt"), "file.txt is not a directory");
    EXPECT_EQ(outputFolderProblem("file.txt/frames"), "file.txt is not a directory");
    EXPECT_EQ(outputFolderProblem("dangling"), "dangling is a symbolic link to gone, which does not exist");
    EXPECT_EQ(outputFolderProblem("loop-a"), "loop-a is a loop of symbolic links");
    EXPECT_EQ(unprivileged([] { return outputFolderProblem("locked/sub"); }),
              "permission denied (the directory locked cannot be entered)");
    EXPECT_EQ(unprivileged([] { return outputFolderProblem("locked/new/frames"); }),
              "permission denied (the directory locked cannot be entered)");
    EXPECT_EQ(unprivileged([] { return outputFolderProblem("closed/frames"); }),
              "permission denied (the directory closed takes no new files)");
    EXPECT_FALSE(fs::exists("new"));
}

}  // namespace
}  // namespace fluid::app
