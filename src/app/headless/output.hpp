// What the headless runner writes: CSV files (energy per step, cavity centre
// lines) and PNG frames of the displayed field. Files are opened before the run
// starts, so a bad path fails at once instead of after minutes of stepping.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/atomic_file.hpp"
#include "app/background.hpp"
#include "app/display_settings.hpp"
#include "app/headless/measure.hpp"
#include "app/headless/simulate.hpp"
#include "app/record/video_encoder.hpp"
#include "core/field.hpp"

namespace fluid::app::headless {

// A text file written during a run: it appears under its name only at close()
// (src/app/atomic_file.hpp), whole; a run that fails leaves what was there.
// Throws WriteError naming the path and the reason.
class OutputFile {
public:
    explicit OutputFile(const std::string& path) : file_(path) {}
    void write(std::string_view text) { file_.write(text); }
    const std::string& path() const { return file_.path(); }
    void close() { file_.commit(); }

private:
    AtomicFile file_;
};

// A run loses only what it cannot write. An output whose write fails (a
// full disk, a file-size limit) is dropped at that write: its file is left
// as it was (the frames written before it are kept), the run goes on, and
// the other outputs are finished as usual. Each failure is one line at the
// end, and the exit code is 1. Before, the first failure ended the run and
// took every CSV row already computed with it.
class FailedWrites {
public:
    // Runs `write`; false, its reason kept, when it fails to write.
    template <typename Write>
    bool attempt(Write&& write)
    {
        try {
            write();
            return true;
        } catch (const WriteError& e) {
            reasons_.emplace_back(e.what());
        } catch (const VideoError& e) {
            reasons_.emplace_back(e.what());
        }
        return false;
    }
    bool any() const { return !reasons_.empty(); }
    // One line each (app/report.hpp).
    void reportEach() const;

private:
    std::vector<std::string> reasons_;
};

// t,kinetic_energy,max_divergence,pressure_residual: one row per measured step (t = 0 first),
// max_divergence in 1/s with the solver's own central-difference rule.
void writeEnergyHeader(OutputFile& file);
void writeEnergyRow(OutputFile& file, const StepSample& sample);

// s,u_vertical,v_horizontal: see Centerlines.
void writeCenterlines(OutputFile& file, const Centerlines& lines);

// Creates the directory (and its parents); throws std::runtime_error if it
// cannot be made.
void prepareDirectory(const std::string& dir);

// Whether a run could write its outputs, asked before the first step: a
// wrong or read-only path should cost one line, not a whole run and its
// results. `dir` (--out): made with its parents, its nearest folder that
// exists takes a new file; `file` (an export, a video): its folder exists, or
// is `madeFolder` (--out) or a folder above it, and takes a new file, and it
// is not a directory. The one line, with the cause src/app/path_check.hpp
// finds, or nothing when it looks writable ("": none asked).
std::optional<std::string> outputDirectoryProblem(const std::string& dir);
std::optional<std::string> outputFileProblem(const std::string& file, const std::string& madeFolder = "");

// What a frame shows: the dye (demo) or the speed |u| / U on a colour map
// (the validation flows, which carry no dye).
enum class FrameField { Dye, Speed };

// A frame as pixels: 8-bit RGB, rows top to bottom.
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;
};

// Writes DIR/frame_<step>.png of `image`; returns the path.
std::string writeImage(const std::string& dir, int step, const RgbImage& image);

// The frames below as pixels (for a video, --video).
RgbImage renderFrame(const FluidState& state, FrameField field, double velocityScale, const Field* obstacles = nullptr);
RgbImage renderViewFrame(const FluidState& state, const DisplaySettings& view, const SimParams& params,
                         const BackgroundImage* background = nullptr, const Field* obstacles = nullptr);

// Writes DIR/frame_<step>.png, the field upscaled (nearest) to about 512 pixels
// with the bottom row of the grid at the bottom of the image; returns the path.
// Solid cells of `obstacles` (when given and not empty) show kObstacleColour.
std::string writeFrame(const std::string& dir, int step, const FluidState& state, FrameField field,
                       double velocityScale, const Field* obstacles = nullptr);

// The same, for a view of the window (--view) coloured exactly as the window
// colours it (shadeCell, one colour per cell); divergence and vorticity are
// computed from the velocity by the reference passes. An auto range is the
// frame's own largest magnitude.
std::string writeViewFrame(const std::string& dir, int step, const FluidState& state, const DisplaySettings& view,
                           const SimParams& params, const BackgroundImage* background = nullptr,
                           const Field* obstacles = nullptr);

}  // namespace fluid::app::headless
