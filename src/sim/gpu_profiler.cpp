#include "sim/gpu_profiler.hpp"

namespace fluid::sim {

const gl::Query& GlTimestampQueries::query(int set, int index) const
{
    return sets_[static_cast<std::size_t>(set)][static_cast<std::size_t>(index)];
}

void GlTimestampQueries::record(int set, int index)
{
    std::vector<gl::Query>& queries = sets_[static_cast<std::size_t>(set)];
    while (queries.size() <= static_cast<std::size_t>(index)) queries.push_back(gl::Query::create());
    glQueryCounter(query(set, index).id(), GL_TIMESTAMP);
}

bool GlTimestampQueries::available(int set, int index)
{
    GLint available = 0;
    glGetQueryObjectiv(query(set, index).id(), GL_QUERY_RESULT_AVAILABLE, &available);
    return available != 0;
}

std::uint64_t GlTimestampQueries::nanoseconds(int set, int index)
{
    GLuint64 ns = 0;
    glGetQueryObjectui64v(query(set, index).id(), GL_QUERY_RESULT, &ns);
    return ns;
}

}  // namespace fluid::sim
