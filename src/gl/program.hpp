// Program: compiles and links GLSL 330 shaders built from named source files.
// Each file gets its own source-string number through '#line 1 N', so driver
// messages point at the right file and line; we then replace the number with
// the file name. Errors throw GlError, a non-empty log on success is a warning.
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

    void use() const { glUseProgram(handle_.id()); }
    GLuint id() const { return handle_.id(); }
    const std::string& name() const { return name_; }
    // Location of an active uniform, or -1 (setting -1 is a no-op in GL).
    GLint uniform(const char* uniformName) const { return glGetUniformLocation(handle_.id(), uniformName); }

private:
    ProgramHandle handle_;
    std::string name_;  // the last file of the fragment stage
};

// Rewrites "N:line(col): msg" / "N(line) : msg" driver lines so that the source
// number N becomes the file name. Exposed for tests.
std::string attributeLog(const std::string& log, const StageSources& files);

// Called with warnings (non-empty logs of successful compiles); stderr by default.
void setWarningHandler(void (*handler)(const std::string&));

}  // namespace fluid::gl
