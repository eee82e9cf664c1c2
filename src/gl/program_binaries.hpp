// program_binaries: the binaries of the programs linked in this process, by
// their whole source text, so that a program built again is loaded
// (glProgramBinary) instead of compiled and linked again. Every GpuSolver
// builds its passes' programs (about ninety), and a process makes many
// solvers: a grid change in the window, and each GPU case of the test suite
// (bench/solver_bench.cpp's BM_GpuSolverMadeAgain). A loaded program is a
// program object of its own, so its uniforms are its own too.
// Where the context offers no binary format (GL 4.1 or
// ARB_get_program_binary, and at least one format), nothing is kept and
// every program is compiled. A binary the driver refuses is dropped and the
// program compiled. Used by gl::Program; knows nothing else of it.
#pragma once

#include <epoxy/gl.h>

#include <cstddef>
#include <string>

namespace fluid::gl::program_binaries {

// Whether the current context gives and takes program binaries.
bool available();

// Before glLinkProgram: asks the driver to keep the program's binary
// retrievable (GL_PROGRAM_BINARY_RETRIEVABLE_HINT), where available().
void prepareForLink(GLuint program);

// Loads the binary kept under `sources` (the stages' whole texts) into
// `program`, a new program object: true if there was one and it linked.
bool load(GLuint program, const std::string& sources);

// Keeps the binary of `program`, just linked from `sources`.
void store(GLuint program, const std::string& sources);

// Off: every program is compiled and nothing is kept, as where the driver
// offers no format (bench/solver_bench.cpp times a solver made both ways).
// On by default; for the whole process.
void setEnabled(bool on);

// How many programs were loaded, and how many binaries are kept (tests).
std::size_t loads();
std::size_t kept();

}  // namespace fluid::gl::program_binaries
