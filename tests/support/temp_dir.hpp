// A test with a fresh folder of its own under the system's temp folder, named
// by a prefix and the test program's pid (ctest runs several programs at
// once), emptied before the test and removed after it.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <utility>

namespace fluid::test {

class TempDirTest : public ::testing::Test {
protected:
    explicit TempDirTest(std::string prefix) : prefix_(std::move(prefix)) {}

    void SetUp() override
    {
        dir_ = std::filesystem::temp_directory_path() / (prefix_ + "-" + std::to_string(getpid()));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    // The path of `name` in the folder.
    std::string file(const std::string& name) const { return (dir_ / name).string(); }

    std::filesystem::path dir_;

private:
    std::string prefix_;
};

}  // namespace fluid::test
