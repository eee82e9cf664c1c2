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
#include <iterator>
#include <sstream>
#include <string>

#include "app/atomic_file.hpp"
#include "support/temp_dir.hpp"

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

class AtomicFileTest : public fluid::test::TempDirTest {
protected:
    AtomicFileTest() : TempDirTest("fluidsim-atomic-file-test") {}

    // Names in the directory other than `except`: temporaries left behind.
    int strays(const std::string& except) const
    {
        int n = 0;
        for (const auto& entry : fs::directory_iterator(dir_)) n += entry.path().filename() != except;
        return n;
    }
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

// A settings file or an export that is a symbolic link (dotfiles kept in a
// repository) is written through: the link stays, its target gets the bytes.
// Relative targets are relative to the link's folder, through a chain of links.
TEST_F(AtomicFileTest, ASymbolicLinkIsWrittenThroughAndStaysALink)
{
    fs::create_directories(dir_ / "repo");
    std::ofstream(dir_ / "repo" / "settings.ini") << kPrevious;
    fs::create_symlink("repo/settings.ini", dir_ / "link.ini");
    fs::create_symlink("link.ini", dir_ / "chain.ini");
    writeFileAtomically((dir_ / "chain.ini").string(), "grid = 64\n");
    EXPECT_TRUE(fs::is_symlink(dir_ / "chain.ini"));
    EXPECT_TRUE(fs::is_symlink(dir_ / "link.ini"));
    EXPECT_EQ(readAll(dir_ / "repo" / "settings.ini"), "grid = 64\n");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "repo"), fs::directory_iterator()), 1)
        << "a temporary left beside the target";
    // A link to a file not there yet: the file is made where the link points.
    fs::create_symlink("repo/new.csv", dir_ / "dangling.csv");
    writeFileAtomically((dir_ / "dangling.csv").string(), "t\n");
    EXPECT_TRUE(fs::is_symlink(dir_ / "dangling.csv"));
    EXPECT_EQ(readAll(dir_ / "repo" / "new.csv"), "t\n");
}

// A name of 250 bytes is valid (the limit is 255); its temporary, which is
// longer, must not make it fail with "File name too long".
TEST_F(AtomicFileTest, ANameNearTheLengthLimitIsWritten)
{
    for (const std::size_t length : {std::size_t{241}, std::size_t{250}, std::size_t{255}}) {
        const std::string name(length, 'n');
        AtomicFile file((dir_ / name).string());
        EXPECT_EQ(fs::path(file.temporaryPath()).parent_path(), dir_) << "the temporary stays beside the file";
        EXPECT_LE(fs::path(file.temporaryPath()).filename().string().size(), 255u);
        file.write("x\n");
        file.commit();
        EXPECT_EQ(readAll(dir_ / name), "x\n") << length;
        EXPECT_EQ(strays(name), 0) << length;
        fs::remove(dir_ / name);
    }
}

// A folder that exists but takes no file (/proc/self: ENOENT) or refuses it
// (/sys: EACCES, for root too) is reported with the system's words, never as
// a directory that does not exist; nor is a folder that cannot be made (a
// read-only HOME at the window's exit).
TEST_F(AtomicFileTest, TheRealReasonIsReportedNotDoesNotExist)
{
    ASSERT_TRUE(fs::is_directory("/proc/self"));
    try {
        writeFileAtomically("/proc/self/energy.csv", "x\n");
        FAIL() << "no error";
    } catch (const WriteError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write /proc/self/energy.csv: No such file or directory");
    }
    try {
        fluid::app::createParentDirectories("/sys/fluidsim-test/settings.ini");
        FAIL() << "no error";
    } catch (const WriteError& e) {
        // sysfs says EPERM or EACCES, depending on the kernel.
        const std::string what = e.what();
        const std::string prefix =
            "cannot write /sys/fluidsim-test/settings.ini: cannot create the directory /sys/fluidsim-test: ";
        EXPECT_TRUE(what == prefix + "Operation not permitted" || what == prefix + "Permission denied") << what;
    }
    EXPECT_FALSE(fs::exists("/sys/fluidsim-test"));
}

}  // namespace
