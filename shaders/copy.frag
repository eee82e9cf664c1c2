// The cheapest pass there is: one fetch, one write per cell. Not part of the
// solver: bench/solver_bench.cpp times it as the floor every pass is compared to.
uniform sampler2D uSource;

out vec4 fragResult;

void main() { fragResult = texelFetch(uSource, ivec2(gl_FragCoord.xy), 0); }
