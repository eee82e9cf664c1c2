// AsyncMax: the largest value of a texture's field, reduced on the GPU to a
// 16 x 16 texture, read into a pixel buffer and collected frames later once a
// fence says the GPU is done, so the frame never waits for it.
#pragma once

#include <optional>

#include <glm/vec2.hpp>

#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "sim/spec_program.hpp"

namespace fluid::app {

// What is maximised over the cells (shaders/reduce_max.frag): the result's x,
// and y where two channels are kept apart.
// SumOfSquaresRedGreen is a sum, not a maximum: collect() then adds the
// blocks' sums (the panel's kinetic energy).
enum class MaxMeasure { AbsRed = 0, LengthRedGreen = 1, MaxRgb = 2, AbsRedAndGreenApart = 3, SumOfSquaresRedGreen = 4 };

class AsyncMax {
public:
    AsyncMax();  // needs a current GL 3.3 context; throws gl::GlError

    // Starts a reduction of `texture` (grid cells); any one in flight is dropped.
    void request(GLuint texture, MaxMeasure measure, glm::ivec2 grid);
    bool inFlight() const { return static_cast<bool>(fence_); }
    void cancel() { fence_.reset(); }
    // The maxima of the last request once the GPU has them (then only once);
    // nothing before. Non-finite block maxima are skipped.
    std::optional<glm::vec2> collect();

    // Its program, for the display rows' test.
    const sim::SpecProgram& specProgram() const { return program_; }

private:
    sim::SpecProgram program_;  // a row of core/display_programs.hpp
    gl::VertexArray vertexArray_;
    gl::RenderTarget reduced_;  // 16 x 16 block maxima, two channels
    gl::Buffer readBuffer_;     // pixel pack buffer for the asynchronous read
    gl::Fence fence_;
    bool sums_ = false;  // the request in flight is SumOfSquaresRedGreen
};

}  // namespace fluid::app
