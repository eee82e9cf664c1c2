// RecordingSession's F9 (toggle) where it cannot record: one tidy line in the
// panel and on stderr, the window carrying on (label gpu: the session's
// recorder reads the window back through GL).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "app/window/recording_session.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

namespace fs = std::filesystem;
using RecordingSessionTest = test::GlTest;

// --screenshot-dir naming a file: F9 said "not recording: filesystem error:
// cannot create directories: Not a directory [...]", the library's words.
TEST_F(RecordingSessionTest, F9IntoAFolderThatCannotBeMadeSaysWhyInOneLine)
{
    const fs::path file = fs::temp_directory_path() / ("fluidsim-recording-test-" + std::to_string(getpid()));
    std::ofstream(file) << "a file";
    Options options;
    options.screenshotDir = file.string();
    PanelStats stats;
    {
        RecordingSession session(options, stats);
        session.toggle({64, 48}, 0.0);
        EXPECT_FALSE(session.recording());
        EXPECT_FALSE(session.failed()) << "an F9 that fails leaves the exit code alone, as a screenshot does";
    }
    EXPECT_EQ(stats.writeError, "not recording: cannot create the folder " + file.string() + ": Not a directory");
    fs::remove(file);
}

}  // namespace
}  // namespace fluid::app
