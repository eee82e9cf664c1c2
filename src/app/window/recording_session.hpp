// RecordingSession: the window's video recording as the user sees it: it
// starts with --record (or F9 / the panel's button, into --screenshot-dir
// under a fresh name), stops with F9, the button, --record-for or the
// window's end, and says what it wrote on the terminal and in the panel. A
// recording that cannot start or finish costs a line, never the window.
#pragma once

#include <string>

#include <glm/vec2.hpp>

#include "app/options.hpp"
#include "app/window/panel.hpp"
#include "app/window/window_recorder.hpp"

namespace fluid::app {

class RecordingSession {
public:
    RecordingSession(const Options& options, PanelStats& stats) : options_(options), stats_(stats) {}
    ~RecordingSession() { stop(); }
    RecordingSession(const RecordingSession&) = delete;
    RecordingSession& operator=(const RecordingSession&) = delete;

    // --record: from the first frame. Throws VideoError: the run's own flag
    // failing is the run failing.
    void startFromFlags(glm::ivec2 framebuffer, double fluidTime);
    // F9 or the button: a start from now, a stop at the end of this frame.
    void toggle(glm::ivec2 framebuffer, double fluidTime);
    // After the frame's drawing, before the swap.
    void frame(glm::ivec2 framebuffer, double fluidTime);
    void stop();

    bool recording() const { return recorder_.recording(); }
    // The --record video could not be finished: the window carried on, and
    // its exit code says so (it was 0 with the video broken). An F9
    // recording that fails says so in the panel and on stderr, as a
    // screenshot does, and leaves the exit code alone.
    bool failed() const { return failed_; }

private:
    void start(const std::string& path, glm::ivec2 framebuffer, double fluidTime, double limit);

    const Options& options_;
    PanelStats& stats_;
    WindowRecorder recorder_;
    bool stopAfterFrame_ = false;
    bool failed_ = false;
    bool fromFlags_ = false;  // the recording under way is --record's
};

// DIR/fluidsim-YYYYMMDD-HHMMSS[-N].mp4, a name no file has yet.
std::string freshVideoName(const std::string& directory);

}  // namespace fluid::app
