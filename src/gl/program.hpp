// Program: compiles and links GLSL 330 shaders built from named source files.
// Each file starts at its own '#line' offset (file N at line N*100000+1), so
// a driver's line number tells the file; messages are rewritten to name it. Errors throw GlError, a non-empty log on
// success is a warning. A program built again from the same text is loaded
// from its first build's binary where the driver offers one
// (gl/program_binaries.hpp): its first build printed any warning.
#pragma once

#include <string>
#include <vector>

#include "gl/handle.hpp"

namespace fluid::gl {

struct SourceFile {
    std::string name;  // e.g. "advect.frag", used in every message
    std::string text;
};

// One shader stage: the files are concatenated in order after '#version 330 core'.
using StageSources = std::vector<SourceFile>;

class Program {
public:
    Program() = default;  // empty
    // Throws GlError("Program::build(): advect.frag:12: <driver log>") on failure.
    static Program build(const StageSources& vertex, const StageSources& fragment);
    // A compute program (GLSL 430: only where computeShadersAvailable()).
    static Program buildCompute(const StageSources& compute);

    void use() const { glUseProgram(handle_.id()); }
    GLuint id() const { return handle_.id(); }
    const std::string& name() const { return name_; }
    // Location of an active uniform, or -1 (setting -1 is a no-op in GL).
    GLint uniform(const char* uniformName) const { return glGetUniformLocation(handle_.id(), uniformName); }
    // Location of a uniform the caller relies on: throws GlError naming the
    // program and the uniform when it is not active (misspelt, or optimised
    // away because the shader does not use it), instead of a silent no-op.
    GLint requiredUniform(const char* uniformName) const;

private:
    ProgramHandle handle_;
    std::string name_;  // the last file of the fragment stage
};

// Rewrites driver lines "S:L(col): msg" (Mesa) and "S(L) : msg" (NVIDIA) into
// "file:line(col): msg" using the line offsets. Exposed for tests.
std::string attributeLog(const std::string& log, const StageSources& files);

// Whether the current context has compute shaders (OpenGL 4.3). The
// solvers ask for 3.3 core; drivers give their newest core version, which
// is 4.5 on llvmpipe and on most desktop GPUs, 4.1 on macOS (none there).
bool computeShadersAvailable();

// Called with warnings (non-empty logs of successful compiles); stderr by default.
void setWarningHandler(void (*handler)(const std::string&));
// A warning of the caller's (a fallback taken, not an error), to that handler.
void warn(const std::string& message);

}  // namespace fluid::gl
