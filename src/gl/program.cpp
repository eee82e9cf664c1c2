#include "gl/program.hpp"

#include <cctype>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "gl/errors.hpp"
#include "gl/program_binaries.hpp"

namespace fluid::gl {

namespace {

// File n of a stage starts at line n * kLinesPerFile + 1, so a driver's line
// number alone tells the file and the line in it.
constexpr unsigned long kLinesPerFile = 100000;

void printWarning(const std::string& message)
{
    std::cerr << "warning: " << message << '\n';
}
void (*warningHandler)(const std::string&) = printWarning;

std::string trimmed(std::string s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    return s;
}

std::string joinNames(const StageSources& files)
{
    std::string names;
    for (const auto& f : files) names += (names.empty() ? "" : " + ") + f.name;
    return names;
}

// Shaders and programs keep their logs behind the same pair of calls.
template <typename GetIv, typename GetLog>
std::string infoLog(GLuint object, GetIv getIv, GetLog getLog)
{
    GLint length = 0;
    getIv(object, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(length > 0 ? length : 0), '\0');
    if (length > 0) getLog(object, length, nullptr, log.data());
    return trimmed(log);
}

std::string shaderLog(GLuint shader)
{
    return infoLog(shader, glGetShaderiv, glGetShaderInfoLog);
}
std::string programLog(GLuint program)
{
    return infoLog(program, glGetProgramiv, glGetProgramInfoLog);
}

const char* stageName(GLenum stage)
{
    return stage == GL_VERTEX_SHADER ? "vertex" : stage == GL_COMPUTE_SHADER ? "compute" : "fragment";
}

// A stage's whole text: GLSL 330, or 430 for a compute shader (GL 4.3), then
// each file after its '#line'.
std::string stageText(GLenum stage, const StageSources& files)
{
    std::string text = stage == GL_COMPUTE_SHADER ? "#version 430 core\n" : "#version 330 core\n";
    for (std::size_t n = 0; n < files.size(); ++n)
        text += "#line " + std::to_string((n + 1) * kLinesPerFile + 1) + " " + std::to_string(n + 1) + "\n" +
                files[n].text + "\n";
    return text;
}

ShaderHandle compile(GLenum stage, const StageSources& files, const std::string& text)
{
    ShaderHandle shader = ShaderHandle::adopt(glCreateShader(stage));
    if (!shader) throw GlError("Program::build(): glCreateShader failed for " + joinNames(files));
    const char* source = text.c_str();
    glShaderSource(shader.id(), 1, &source, nullptr);
    glCompileShader(shader.id());

    GLint ok = GL_FALSE;
    glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
    const std::string log = attributeLog(shaderLog(shader.id()), files);
    if (ok != GL_TRUE)
        throw GlError(std::string("Program::build(): ") + stageName(stage) + " shader " + joinNames(files) +
                      " failed to compile:\n" + log);
    if (!log.empty()) warningHandler(joinNames(files) + ": " + log);
    return shader;
}

}  // namespace

std::string attributeLog(const std::string& log, const StageSources& files)
{
    std::istringstream in(log);
    std::string line;
    std::string out;
    while (std::getline(in, line)) {
        // Mesa writes "S:L(col): error ...", NVIDIA "S(L) : error ..."; S, the
        // source-string number, is not reliable (Mesa prints 0), the line is.
        unsigned long source = 0, number = 0;
        int consumed = 0;
        std::string rest;
        if (std::sscanf(line.c_str(), "%lu:%lu%n", &source, &number, &consumed) == 2)
            rest = line.substr(static_cast<std::size_t>(consumed));
        else if (std::sscanf(line.c_str(), "%lu(%lu)%n", &source, &number, &consumed) == 2)
            rest = line.substr(static_cast<std::size_t>(consumed));
        const unsigned long file = number / kLinesPerFile;
        if (!rest.empty() && file >= 1 && file <= files.size())
            line = files[file - 1].name + ":" + std::to_string(number % kLinesPerFile) + rest;
        out += (out.empty() ? "" : "\n") + line;
    }
    return out;
}

Program Program::build(const StageSources& vertex, const StageSources& fragment)
{
    const std::string vertexText = stageText(GL_VERTEX_SHADER, vertex);
    const std::string fragmentText = stageText(GL_FRAGMENT_SHADER, fragment);
    // The binary's key: both texts, apart (a text holds no NUL).
    const std::string sources = vertexText + '\0' + fragmentText;

    Program program;
    program.name_ = fragment.empty() ? std::string("<empty>") : fragment.back().name;
    program.handle_ = ProgramHandle::create();
    if (!program.handle_) throw GlError("Program::build(): glCreateProgram failed for " + program.name_);
    if (program_binaries::load(program.id(), sources)) return program;

    ShaderHandle vs = compile(GL_VERTEX_SHADER, vertex, vertexText);
    ShaderHandle fs = compile(GL_FRAGMENT_SHADER, fragment, fragmentText);
    glAttachShader(program.id(), vs.id());
    glAttachShader(program.id(), fs.id());
    program_binaries::prepareForLink(program.id());
    glLinkProgram(program.id());
    glDetachShader(program.id(), vs.id());
    glDetachShader(program.id(), fs.id());

    GLint ok = GL_FALSE;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
    const std::string log = programLog(program.id());
    if (ok != GL_TRUE)
        throw GlError("Program::build(): " + joinNames(vertex) + " + " + joinNames(fragment) + " failed to link:\n" +
                      log);
    if (!log.empty()) warningHandler(program.name_ + " (link): " + log);
    program_binaries::store(program.id(), sources);
    return program;
}

Program Program::buildCompute(const StageSources& compute)
{
    const std::string sources = stageText(GL_COMPUTE_SHADER, compute);
    Program program;
    program.name_ = compute.empty() ? std::string("<empty>") : compute.back().name;
    program.handle_ = ProgramHandle::create();
    if (!program.handle_) throw GlError("Program::buildCompute(): glCreateProgram failed for " + program.name_);
    if (program_binaries::load(program.id(), sources)) return program;
    ShaderHandle cs = compile(GL_COMPUTE_SHADER, compute, sources);
    glAttachShader(program.id(), cs.id());
    program_binaries::prepareForLink(program.id());
    glLinkProgram(program.id());
    glDetachShader(program.id(), cs.id());
    GLint ok = GL_FALSE;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
    const std::string log = programLog(program.id());
    if (ok != GL_TRUE) throw GlError("Program::buildCompute(): " + joinNames(compute) + " failed to link:\n" + log);
    if (!log.empty()) warningHandler(program.name_ + " (link): " + log);
    program_binaries::store(program.id(), sources);
    return program;
}

bool computeShadersAvailable()
{
    return epoxy_gl_version() >= 43;
}

void setWarningHandler(void (*handler)(const std::string&))
{
    warningHandler = handler ? handler : printWarning;
}

void warn(const std::string& message)
{
    warningHandler(message);
}

GLint Program::requiredUniform(const char* uniformName) const
{
    const GLint location = uniform(uniformName);
    if (location < 0)
        throw GlError(std::string("Program::requiredUniform(): ") + name_ + " has no active uniform '" + uniformName +
                      "'");
    return location;
}

}  // namespace fluid::gl
