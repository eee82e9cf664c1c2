// OutputLocks against another process: a child holds a lock, the test asks
// for it. The two sides step in turn through pipes, never by sleeping.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "app/output_lock.hpp"
#include "support/temp_dir.hpp"

namespace fluid::app {
namespace {

namespace fs = std::filesystem;

// A process that claims `outputs`, tells the test whether it got them, and
// holds them until the test lets it go.
class LockHolder {
public:
    explicit LockHolder(const std::vector<NamedOutput>& outputs)
    {
        int toTest[2], toChild[2];
        if (pipe(toTest) != 0 || pipe(toChild) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            close(toTest[0]);
            close(toChild[1]);
            OutputLocks locks;
            const char got = locks.claim(outputs) ? 'n' : 'y';
            if (write(toTest[1], &got, 1) != 1) _exit(3);
            char go = 0;
            if (read(toChild[0], &go, 1) < 0) _exit(4);
            _exit(0);
        }
        close(toTest[1]);
        close(toChild[0]);
        toChild_ = toChild[1];
        char got = 0;
        if (read(toTest[0], &got, 1) == 1) claimed_ = got == 'y';
        close(toTest[0]);
    }
    ~LockHolder() { letGo(); }
    void letGo()
    {
        if (pid_ <= 0) return;
        close(toChild_);  // its read returns: it ends, and the kernel drops its locks
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
    pid_t pid() const { return pid_; }
    bool claimed() const { return claimed_; }

private:
    pid_t pid_ = -1;
    int toChild_ = -1;
    bool claimed_ = false;
};

class OutputLock : public test::TempDirTest {
protected:
    OutputLock() : TempDirTest("fluidsim-output-lock") {}
};

TEST_F(OutputLock, AnOutputAnotherRunWritesIsRefusedWithItsProcess)
{
    LockHolder other({{"--video", file("v.mp4")}});
    ASSERT_GT(other.pid(), 0);
    ASSERT_TRUE(other.claimed());
    OutputLocks mine;
    const auto busy = mine.claim({{"--video", file("v.mp4")}});
    ASSERT_TRUE(busy.has_value());
    EXPECT_NE(busy->find("--video " + file("v.mp4")), std::string::npos) << *busy;
    EXPECT_NE(busy->find("process " + std::to_string(other.pid())), std::string::npos) << *busy;
    EXPECT_EQ(busy->find('\n'), std::string::npos) << "one line";
    EXPECT_EQ(mine.held(), 0u);
    other.letGo();
    EXPECT_FALSE(mine.claim({{"--video", file("v.mp4")}}).has_value()) << "free once the other run ended";
    EXPECT_EQ(mine.held(), 1u);
}

TEST_F(OutputLock, ARefusedClaimKeepsNoneOfItsLocks)
{
    LockHolder other({{"--export-energy", file("e.csv")}});
    ASSERT_TRUE(other.claimed());
    OutputLocks mine;
    EXPECT_TRUE(mine.claim({{"--video", file("v.mp4")}, {"--export-energy", file("e.csv")}}).has_value());
    EXPECT_EQ(mine.held(), 0u);
    LockHolder third({{"--video", file("v.mp4")}});
    EXPECT_TRUE(third.claimed()) << "the video's lock was given back with the refusal";
}

TEST_F(OutputLock, OneFileByTwoNamesIsOneLockAndTwoFilesAreTwo)
{
    fs::create_directories(dir_ / "sub");
    fs::create_symlink(dir_ / "sub", dir_ / "link");
    EXPECT_EQ(outputLockFile(file("sub/e.csv")), outputLockFile(file("link/../sub/./e.csv")));
    EXPECT_EQ(outputLockFile(file("sub/e.csv")), outputLockFile(file("link/e.csv")));
    EXPECT_NE(outputLockFile(file("sub/e.csv")), outputLockFile(file("sub/f.csv")));
    LockHolder other({{"--out", file("link")}});
    ASSERT_TRUE(other.claimed());
    OutputLocks mine;
    const auto busy = mine.claim({{"--out", file("sub")}});
    ASSERT_TRUE(busy.has_value()) << "a folder by its link";
    EXPECT_NE(busy->find("another folder"), std::string::npos) << *busy;
}

TEST_F(OutputLock, OutputsNotAskedForTakeNoLock)
{
    OutputLocks mine;
    EXPECT_FALSE(mine.claim({{"--video", ""}, {"--record", ""}}).has_value());
    EXPECT_EQ(mine.held(), 0u);
}

}  // namespace
}  // namespace fluid::app
