// Two runs naming the same output: the second is refused before it writes,
// in one line naming the first (app/output_lock.hpp). The test process holds
// the lock itself, so nothing depends on how long a run takes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app/cli_fixture.hpp"
#include "app/output_lock.hpp"

namespace {

namespace fs = std::filesystem;

class OutputLockCli : public fluid::test::CliDirTest {
protected:
    OutputLockCli() : fluid::test::CliDirTest("output-lock-cli") {}

    fluid::test::ProcessResult headless(const std::string& words) const
    {
        return run("--headless --backend cpu --threads 1 --grid 16 --steps 2 " + words);
    }
};

TEST_F(OutputLockCli, ASecondRunNamingTheSameCsvIsRefusedAndItsFileLeftAlone)
{
    std::ofstream(dir_ / "e.csv") << "old\n";
    fluid::app::OutputLocks firstRun;
    ASSERT_FALSE(firstRun.claim({{"--export-energy", (dir_ / "e.csv").string()}}).has_value());
    const auto refused = headless("--export-energy e.csv");
    EXPECT_EQ(refused.exitCode, 2) << refused.err;
    EXPECT_EQ(fluid::test::countLines(refused.err), 1) << refused.err;
    EXPECT_NE(refused.err.find("--export-energy e.csv is being written by another fluidsim run (process " +
                               std::to_string(getpid()) + ")"),
              std::string::npos)
        << refused.err;
    std::stringstream kept;
    kept << std::ifstream(dir_ / "e.csv").rdbuf();
    EXPECT_EQ(kept.str(), "old\n");

    firstRun = fluid::app::OutputLocks();  // the first run ends
    const auto second = headless("--export-energy e.csv");
    EXPECT_EQ(second.exitCode, 0) << second.err;
}

TEST_F(OutputLockCli, AFramesFolderInUseIsRefused)
{
    fluid::app::OutputLocks firstRun;
    ASSERT_FALSE(firstRun.claim({{"--out", (dir_ / "fr").string()}}).has_value());
    const auto refused = headless("--out fr --frames-every 1");
    EXPECT_EQ(refused.exitCode, 2) << refused.err;
    EXPECT_NE(refused.err.find("--out fr is being written by another fluidsim run"), std::string::npos) << refused.err;
    EXPECT_FALSE(fs::exists(dir_ / "fr")) << "no frame of the second run mixed in";
}

}  // namespace
