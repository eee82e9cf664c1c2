// What the CPU passes share: the 5-point stencil's neighbour offsets (named as
// in shaders/common.glsl), the loop that shares rows among threads, and row
// pointers for the interior fast paths.
#pragma once

#include <omp.h>
#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "reference/passes.hpp"

namespace fluid::reference::stencil {

inline const glm::ivec2 kLeft{-1, 0};
inline const glm::ivec2 kRight{1, 0};
inline const glm::ivec2 kBottom{0, -1};
inline const glm::ivec2 kTop{0, 1};

inline int threadCount(Exec exec)
{
    return exec.threads > 0 ? exec.threads : omp_get_max_threads();
}

// Runs body(j) for rows 0 .. height-1, shared out statically among threads:
// every row is computed alone, so results do not depend on the thread count.
template <typename RowBody>
void forEachRow(int height, Exec exec, RowBody&& body)
{
#pragma omp parallel for schedule(static) num_threads(threadCount(exec))
    for (int j = 0; j < height; ++j) body(j);
}

// The first float of row j.
inline const float* rowOf(const Field& f, int j)
{
    return f.data() + f.index(0, j);
}
inline float* rowOf(Field& f, int j)
{
    return f.data() + f.index(0, j);
}

}  // namespace fluid::reference::stencil
