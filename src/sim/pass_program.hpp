// What every GPU pass shares: building a fragment pass for one boundary rule,
// and drawing it over a whole render target.
#pragma once

#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"

namespace fluid::sim {

// Texture units, fixed per sampler name so they are set once per program;
// the obstacle mask's (uSolid) in every pass built with OBSTACLES.
inline constexpr GLuint kUnit0 = 0;
inline constexpr GLuint kUnit1 = 1;
inline constexpr GLuint kUnit2 = 2;
inline constexpr GLuint kSolidUnit = 3;
inline constexpr GLuint kUnit4 = 4;
inline constexpr GLuint kUnit5 = 5;

// A pass compiled for one boundary rule (and any extra #defines): the choices
// come ahead of common.glsl, so no fetch branches on them at run time.
// headerFile and secondHeaderFile (shaders/ files or nullptr) go between
// common.glsl and the pass, in that order.
gl::Program buildPass(const char* fragmentFile, BoundaryMode boundary, const char* extraDefines = "",
                      const char* headerFile = nullptr, const char* secondHeaderFile = nullptr);

// Sets common.glsl's uniforms of the grid a pass draws on (the bound program
// must be `program`): its size, the driven boundary's speed, 0.5 / h and the
// mask's unit. Those the shader does not use are skipped.
void setGridUniforms(const gl::Program& program, const PassConstants& grid);

// Draws the bound program over all of `target` (one triangle, no buffers).
// Sets all the state it depends on: the UI may have left blending,
// scissoring or another framebuffer behind.
void drawFullscreen(const gl::RenderTarget& target, const gl::VertexArray& emptyVertexArray);

// The same over two targets at once (fragment outputs 0 and 1), through `pair`.
void drawFullscreen(const gl::TwoTargets& pair, const gl::RenderTarget& target0, const gl::RenderTarget& target1,
                    const gl::VertexArray& emptyVertexArray);

// Draws issued by the passes so far, every draw below counted (the GL
// thread's alone): for the tests that hold a step's draw count. A compute
// dispatch counts as one (countDispatch()): on llvmpipe it too is a hand-over.
unsigned long long drawCount();
void countDispatch();

// The full-screen draws above, their fragments only in `block`'s cells (a
// scissor), each added to the texel it lands on (additive blending: one
// float add, target + output), the target's other texels untouched. The
// target is the field itself, not a ping-pong's other side: nothing is
// copied back, and the bound program must not read it.
void addToBlock(const gl::RenderTarget& target, const CellBlock& block, const gl::VertexArray& emptyVertexArray);
void addToBlock(const gl::TwoTargets& pair, const gl::RenderTarget& target0, const gl::RenderTarget& target1,
                const CellBlock& block, const gl::VertexArray& emptyVertexArray);

}  // namespace fluid::sim
