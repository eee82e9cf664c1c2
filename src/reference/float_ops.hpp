// Float helpers the CPU mirrors share, each defined to give what the shader's
// operation gives on every input the passes meet.
#pragma once

namespace fluid::reference {

// std::fmax(x, bound) for a bound that is neither zero nor NaN (so neither the
// sign of a zero nor a NaN bound can tell them apart): a NaN x gives the bound.
// A compare and a select, which vectorise, where std::fmax is a library call.
inline float atLeast(float x, float bound)
{
    return x > bound ? x : bound;
}

// GLSL's max(a, b) of two non-negative numbers (squared speeds): a compare
// and a select, so the two sides agree on every input.
inline float atLeast2(float a, float b)
{
    return a < b ? b : a;
}

// std::fmin(x, bound), under the same conditions.
inline float atMost(float x, float bound)
{
    return x < bound ? x : bound;
}

// GLSL's min and max, operand for operand (they differ from std::fmin/fmax only
// for NaN, and in which zero they return, which no comparison here can see).
inline float glslMin(float x, float y)
{
    return y < x ? y : x;
}
inline float glslMax(float x, float y)
{
    return x < y ? y : x;
}

}  // namespace fluid::reference
