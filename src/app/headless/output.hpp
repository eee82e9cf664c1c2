// What the headless runner writes: CSV files (energy per step, cavity centre
// lines) and PNG frames of the displayed field. Files are opened before the run
// starts, so a bad path fails at once instead of after minutes of stepping.
#pragma once

#include <fstream>
#include <string>

#include "app/display_settings.hpp"
#include "app/headless/measure.hpp"
#include "app/headless/simulate.hpp"
#include "core/field.hpp"

namespace fluid::app::headless {

// A text file opened for writing; throws std::runtime_error naming the path
// and the reason when it cannot be created.
class OutputFile {
public:
    explicit OutputFile(const std::string& path);
    std::ofstream& stream() { return out_; }
    const std::string& path() const { return path_; }
    void close();  // flushes; throws if anything failed to write

private:
    std::string path_;
    std::ofstream out_;
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

// What a frame shows: the dye (demo) or the speed |u| / U on a colour map
// (the validation flows, which carry no dye).
enum class FrameField { Dye, Speed };

// Writes DIR/frame_<step>.png, the field upscaled (nearest) to about 512 pixels
// with the bottom row of the grid at the bottom of the image; returns the path.
std::string writeFrame(const std::string& dir, int step, const FluidState& state, FrameField field,
                       double velocityScale);

// The same, for a view of the window (--view) coloured exactly as the window
// colours it (shadeCell, one colour per cell); divergence and vorticity are
// computed from the velocity by the reference passes. An auto range is the
// frame's own largest magnitude.
std::string writeViewFrame(const std::string& dir, int step, const FluidState& state, const DisplaySettings& view,
                           const SimParams& params);

}  // namespace fluid::app::headless
