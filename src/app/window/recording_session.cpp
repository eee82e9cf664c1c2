#include "app/window/recording_session.hpp"
#include "app/report.hpp"
#include "app/window/fresh_name.hpp"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <system_error>
#include <utility>

namespace fluid::app {

std::string freshVideoName(const std::string& directory)
{
    return freshFileName(directory, ".mp4");
}

void RecordingSession::start(const std::string& path, glm::ivec2 framebuffer, double fluidTime, double limit)
{
    recorder_.start(path, framebuffer, fluidTime, limit);
    stats_.recording = true;
    stats_.recordingNote = "recording " + path;
    std::printf("fluidsim: recording %s (%dx%d, %d frames/s of fluid time)\n", path.c_str(), framebuffer.x,
                framebuffer.y, WindowRecorder::kFps);
    std::fflush(stdout);
}

void RecordingSession::startFromFlags(glm::ivec2 framebuffer, double fluidTime)
{
    if (options_.recordFile.empty()) return;
    start(options_.recordFile, framebuffer, fluidTime, options_.recordSeconds);
    fromFlags_ = true;
}

void RecordingSession::toggle(glm::ivec2 framebuffer, double fluidTime)
{
    // A stop waits for the end of the frame: steps asked for before it (N
    // presses in the same poll) are run by this frame and belong in the video.
    if (recorder_.recording()) {
        stopAfterFrame_ = true;
        return;
    }
    try {
        if (!options_.screenshotDir.empty()) {
            std::error_code error;  // (the throwing form said "filesystem error: cannot create directories: ...")
            std::filesystem::create_directories(options_.screenshotDir, error);
            if (error) throw VideoError("cannot create the folder " + options_.screenshotDir + ": " + error.message());
        }
        start(freshVideoName(options_.screenshotDir), framebuffer, fluidTime, 0.0);
        stats_.writeError.clear();
    } catch (const std::exception& e) {
        // The window carries on: the panel shows why, as for a screenshot.
        stats_.writeError = std::string("not recording: ") + e.what();
        report(stats_.writeError);
    }
}

void RecordingSession::frame(glm::ivec2 framebuffer, double fluidTime)
{
    if (!recorder_.recording()) return;
    recorder_.frame(framebuffer, fluidTime);
    if (recorder_.limitReached() || stopAfterFrame_) stop();
}

void RecordingSession::stop()
{
    stopAfterFrame_ = false;
    const auto summary = recorder_.stop();
    if (!summary) return;
    const bool fromFlags = std::exchange(fromFlags_, false);
    stats_.recording = false;
    stats_.recordingNote = "recorded " + summary->path;
    if (summary->error.empty()) {
        std::printf("fluidsim: recorded %s\n", summary->describe().c_str());
        std::fflush(stdout);
    } else {
        failed_ = failed_ || fromFlags;
        stats_.writeError = summary->describe();
        report("recorded " + summary->describe());
    }
}

}  // namespace fluid::app
