// Files are whole or absent (src/app/atomic_file.hpp). A write is made to
// fail for real, for any user (root included, whom a read-only directory does
// not stop): RLIMIT_FSIZE makes write() past the limit fail with EFBIG, and
// /dev/full fails every write with ENOSPC.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app/atomic_file.hpp"

namespace {

namespace fs = std::filesystem;
using fluid::app::AtomicFile;
using fluid::app::WriteError;
using fluid::app::writeFileAtomically;

std::string readAll(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// While alive, files of this process cannot grow past `bytes`: a write past
// it fails with EFBIG (the SIGXFSZ that would kill us is ignored meanwhile).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &previous_);
        previousHandler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = previous_;
        limited.rlim_cur = bytes;
        EXPECT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &previous_);
        std::signal(SIGXFSZ, previousHandler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit previous_{};
    void (*previousHandler_)(int) = SIG_DFL;
};

class AtomicFileTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = fs::temp_directory_path() / ("fluidsim-atomic-file-test-" + std::to_string(getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // Names in the directory other than `except`: temporaries left behind.
    int strays(const std::string& except) const
    {
        int n = 0;
        for (const auto& entry : fs::directory_iterator(dir_)) n += entry.path().filename() != except;
        return n;
    }

    fs::path dir_;
};

const std::string kPrevious = "grid = 128\nviscosity = 0.001\n";

TEST_F(AtomicFileTest, WritesTheWholeFileAndLeavesNothingElse)
{
    const fs::path path = dir_ / "settings.ini";
    writeFileAtomically(path.string(), "a = 1\n");
    EXPECT_EQ(readAll(path), "a = 1\n");
    writeFileAtomically(path.string(), "b = 2\n");  // replaces, never appends
    EXPECT_EQ(readAll(path), "b = 2\n");
    EXPECT_EQ(strays("settings.ini"), 0);
    // The mode a new file gets from ofstream (0666 less the umask), not mkstemp's 0600.
    const mode_t mask = umask(0);
    umask(mask);
    EXPECT_EQ(fs::status(path).permissions(), static_cast<fs::perms>(0666 & ~mask));
}

TEST_F(AtomicFileTest, TheRealNameAppearsOnlyAtCommit)
{
    const fs::path path = dir_ / "energy.csv";
    AtomicFile file(path.string());
    file.write("t,kinetic_energy\n");
    file.write(std::string(200000, '0'));  // more than the buffer: bytes reach the disk
    EXPECT_FALSE(fs::exists(path)) << "a half-written file under the real name";
    file.commit();
    EXPECT_EQ(fs::file_size(path), 17u + 200000u);
    EXPECT_EQ(strays("energy.csv"), 0);
}

TEST_F(AtomicFileTest, AFailedWriteLeavesThePreviousFileIntactAndSaysWhy)
{
    const fs::path path = dir_ / "settings.ini";
    {
        std::ofstream(path) << kPrevious;
    }
    std::string message;
    {
        const FileSizeLimit limit(100);  // the new text is 5000 bytes
        try {
            writeFileAtomically(path.string(), std::string(5000, 'x'));
        } catch (const WriteError& e) {
            message = e.what();
        }
    }
    EXPECT_EQ(readAll(path), kPrevious) << "the previous file was truncated or replaced";
    EXPECT_EQ(strays("settings.ini"), 0) << "the temporary was left behind";
    EXPECT_EQ(message, "cannot write " + path.string() + ": File too large (the file is left as it was)");
}

TEST_F(AtomicFileTest, AFailureMidRunLeavesThePreviousFileIntact)
{
    const fs::path path = dir_ / "energy.csv";
    {
        std::ofstream(path) << kPrevious;
    }
    {
        const FileSizeLimit limit(1000);
        AtomicFile file(path.string());
        file.write("t,kinetic_energy\n");
        EXPECT_THROW(
            {
                for (int row = 0; row < 100000; ++row) file.write("0.125,1.5\n");
            },
            WriteError);
        EXPECT_THROW(file.commit(), WriteError);  // nothing left to commit
    }
    EXPECT_EQ(readAll(path), kPrevious);
    EXPECT_EQ(strays("energy.csv"), 0);
}

TEST_F(AtomicFileTest, AFileNeverCommittedLeavesThePreviousFileIntact)
{
    const fs::path path = dir_ / "energy.csv";
    {
        std::ofstream(path) << kPrevious;
    }
    {
        AtomicFile file(path.string());
        file.write(std::string(200000, '1'));
    }  // a run that failed before its end
    EXPECT_EQ(readAll(path), kPrevious);
    EXPECT_EQ(strays("energy.csv"), 0);
}

TEST_F(AtomicFileTest, AMissingDirectoryIsNamed)
{
    const fs::path path = dir_ / "no-such-dir" / "energy.csv";
    try {
        writeFileAtomically(path.string(), "x\n");
        FAIL() << "no error";
    } catch (const WriteError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write " + path.string() + ": the directory " +
                                             (dir_ / "no-such-dir").string() + " does not exist");
    }
    EXPECT_FALSE(fs::exists(dir_ / "no-such-dir"));
}

TEST_F(AtomicFileTest, ADirectoryIsNotReplaced)
{
    fs::create_directories(dir_ / "out");
    EXPECT_THROW(writeFileAtomically((dir_ / "out").string(), "x\n"), WriteError);
    EXPECT_TRUE(fs::is_directory(dir_ / "out"));
}

// A device is written in place (there is nothing to rename over, and /dev must
// not get temporaries); a full one still fails with the reason.
TEST_F(AtomicFileTest, AFullDeviceFailsWithTheReason)
{
    ASSERT_TRUE(fs::is_character_file("/dev/full"));
    try {
        writeFileAtomically("/dev/full", "t,kinetic_energy\n");
        FAIL() << "no error";
    } catch (const WriteError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write /dev/full: No space left on device");
    }
    EXPECT_TRUE(fs::is_character_file("/dev/full")) << "/dev/full was replaced";
    writeFileAtomically("/dev/null", "fine\n");
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

}  // namespace
