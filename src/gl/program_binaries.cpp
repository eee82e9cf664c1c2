#include "gl/program_binaries.hpp"

#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fluid::gl::program_binaries {

namespace {

struct Binary {
    GLenum format = 0;
    std::vector<char> bytes;
};

// The process's binaries. Contexts may live on several threads (one each),
// so the table is locked; the GL calls are made outside the lock.
struct Table {
    std::mutex mutex;
    std::unordered_map<std::string, Binary> binaries;
    std::size_t loads = 0;
    bool enabled = true;
};

Table& table()
{
    static Table t;
    return t;
}

bool enabled()
{
    const std::lock_guard lock(table().mutex);
    return table().enabled;
}

}  // namespace

bool available()
{
    if (epoxy_gl_version() < 41 && !epoxy_has_gl_extension("GL_ARB_get_program_binary")) return false;
    GLint formats = 0;
    glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
    return formats > 0;
}

void prepareForLink(GLuint program)
{
    if (available()) glProgramParameteri(program, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
}

bool load(GLuint program, const std::string& sources)
{
    if (!enabled() || !available()) return false;
    Binary binary;
    {
        const std::lock_guard lock(table().mutex);
        const auto found = table().binaries.find(sources);
        if (found == table().binaries.end()) return false;
        binary = found->second;
    }
    glProgramBinary(program, binary.format, binary.bytes.data(), static_cast<GLsizei>(binary.bytes.size()));
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    const std::lock_guard lock(table().mutex);
    if (ok != GL_TRUE) {
        // A driver may refuse a binary it gave (an update between runs of a
        // cache that outlives the process would; this one does not): compile.
        table().binaries.erase(sources);
        return false;
    }
    ++table().loads;
    return true;
}

void store(GLuint program, const std::string& sources)
{
    if (!enabled() || !available()) return;
    GLint length = 0;
    glGetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &length);
    if (length <= 0) return;
    Binary binary;
    binary.bytes.resize(static_cast<std::size_t>(length));
    GLsizei written = 0;
    glGetProgramBinary(program, length, &written, &binary.format, binary.bytes.data());
    if (written <= 0) return;
    binary.bytes.resize(static_cast<std::size_t>(written));
    const std::lock_guard lock(table().mutex);
    table().binaries.insert_or_assign(sources, std::move(binary));
}

void setEnabled(bool on)
{
    const std::lock_guard lock(table().mutex);
    table().enabled = on;
}

std::size_t loads()
{
    const std::lock_guard lock(table().mutex);
    return table().loads;
}

std::size_t kept()
{
    const std::lock_guard lock(table().mutex);
    return table().binaries.size();
}

}  // namespace fluid::gl::program_binaries
