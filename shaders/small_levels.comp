// The pressure multigrid's small levels cycled at once (GL 4.3 compute): from
// the first level of at most kMaxStartCells cells (here level 0, uSize[0])
// down to the coarsest and back up, in one dispatch of one workgroup, every
// level in shared memory. On llvmpipe each draw of the fragment passes is a
// hand-over to its threads (some 55 us); below 32 x 32 cells that is all a
// draw costs, and these levels took nine draws a V-cycle.
// Each step is the fragment pass of its name, on the same floats in the same
// order: smooth.frag (TWO_SWEEPS, ZERO_GUESS on the way down),
// restrict_residual.frag, solve_coarsest.frag, prolong_correction.frag. So
// the cycle's values are those passes' to the bit
// (tests/sim/small_levels_test.cpp), and the CPU mirror's parity holds.
// Pressure only, box (a ghost is its mirror cell: the clamped cell) or
// PERIODIC (wrapped); no obstacles, no tunnel (GpuMultigrid::smallLevelsStart).
// 64 invocations: llvmpipe runs a workgroup on one thread, 8 lanes at a
// time, and switches between its batches at every barrier; at 256 the
// dispatch took 1.4x as long at 256^2 (profile_bench), at 16 1.2x.
layout(local_size_x = 8, local_size_y = 8) in;

const int kInvocations = 64;
// From the host (GpuMultigrid::buildSmallLevels), which checks the pyramid against them:
const int kMaxLevels = MAX_LEVELS;      // kSmallLevelsMaxLevels
const int kSharedCells = SHARED_CELLS;  // kSmallLevelsSharedCells: every level's cells together

uniform int uLevelCount;                // from the first level to the coarsest
uniform ivec2 uSize[kMaxLevels];        // each level's cells
uniform ivec2 uExtraChild[kMaxLevels];  // restricting level l: per axis the fine index of a third child, or -1
uniform float uWeight;                  // the smoother's w
uniform float uRhsScale;                // 1 below level 0: multiplied as the fragment passes do
uniform float uZero;                    // 0, which no compiler can fold (opaque)
uniform sampler2D uRhs;                 // the first level's right-hand side (the restricted residual)
uniform sampler2D uInverse;             // the coarsest level's M (core/coarse_solve.hpp)
layout(r32f) writeonly uniform image2D uResult;  // the first level's iterate after the cycle

shared float sX[kSharedCells];  // the iterates
shared float sB[kSharedCells];  // the right-hand sides
shared float sT[kSharedCells];  // a sweep's output

float opaque(float v) { return intBitsToFloat(floatBitsToInt(v) | floatBitsToInt(uZero)); }
float product(float a, float b) { return opaque(a * b); }

void sync()
{
    memoryBarrierShared();
    barrier();
}

int offsetOf(int level)
{
    int offset = 0;
    for (int l = 0; l < level; ++l) offset += uSize[l].x * uSize[l].y;
    return offset;
}

// Cell c of `level` (any cell: a ghost through the rule) as an index into the arrays.
int at(int level, int offset, ivec2 c)
{
    ivec2 size = uSize[level];
#ifdef PERIODIC
    c = (c + 8 * size) % size;
#else
    c = clamp(c, ivec2(0), size - 1);
#endif
    return offset + c.x + size.x * c.y;
}

// The sum of the four neighbours of `array`'s cell c, in the order every pass adds them.
#define NEIGHBOUR_SUM(array, level, offset, c)                                                              \
    ((array[at(level, offset, c + ivec2(-1, 0))] + array[at(level, offset, c + ivec2(1, 0))]) +           \
     (array[at(level, offset, c + ivec2(0, -1))] + array[at(level, offset, c + ivec2(0, 1))]))

float jacobiValue(float neighbours, float rhs) { return (neighbours - uRhsScale * rhs) * 0.25; }

// One weighted Jacobi sweep of `level`: sX into sT, or from zero (sX not read).
void sweepIntoT(int level, int offset, bool fromZero)
{
    ivec2 size = uSize[level];
    for (int i = int(gl_LocalInvocationIndex); i < size.x * size.y; i += kInvocations) {
        ivec2 c = ivec2(i % size.x, i / size.x);
        float rhs = sB[offset + i];
        if (fromZero) {
            sT[offset + i] = uZero + uWeight * jacobiValue(0.0, rhs);
        } else {
            float x = sX[offset + i];
            sT[offset + i] = x + uWeight * (jacobiValue(NEIGHBOUR_SUM(sX, level, offset, c), rhs) - x);
        }
    }
}

// The next sweep: sT into sX.
void sweepIntoX(int level, int offset)
{
    ivec2 size = uSize[level];
    for (int i = int(gl_LocalInvocationIndex); i < size.x * size.y; i += kInvocations) {
        ivec2 c = ivec2(i % size.x, i / size.x);
        float x = sT[offset + i];
        sX[offset + i] = x + uWeight * (jacobiValue(NEIGHBOUR_SUM(sT, level, offset, c), sB[offset + i]) - x);
    }
}

// Two sweeps of `level` (smooth.frag's TWO_SWEEPS), the first from zero on the way down.
void smoothTwice(int level, bool fromZero)
{
    int offset = offsetOf(level);
    sweepIntoT(level, offset, fromZero);
    sync();
    sweepIntoX(level, offset);
    sync();
}

// A fine child's residual (restrict_residual.frag's residual()); 0 for a cell
// that is not a child here.
float residual(int level, int offset, ivec2 c, bool child)
{
    ivec2 size = uSize[level];
    if (!child || any(greaterThanEqual(c, size))) return 0.0;
    int i = offset + c.x + size.x * c.y;
    return uRhsScale * sB[i] - (NEIGHBOUR_SUM(sX, level, offset, c) - 4.0 * sX[i]);
}

// The residual of `level`, restricted into the right-hand side of level + 1.
void restrictResidual(int level)
{
    int fineOffset = offsetOf(level);
    int coarseOffset = fineOffset + uSize[level].x * uSize[level].y;
    ivec2 coarse = uSize[level + 1];
    ivec2 extra = uExtraChild[level];
    for (int i = int(gl_LocalInvocationIndex); i < coarse.x * coarse.y; i += kInvocations) {
        ivec2 fine = 2 * ivec2(i % coarse.x, i / coarse.x);
        bvec2 third = equal(fine + 2, extra);
        ivec2 k = ivec2(1, 0);
        ivec2 t = ivec2(0, 1);
        float square = (residual(level, fineOffset, fine, true) + residual(level, fineOffset, fine + k, true)) +
                       (residual(level, fineOffset, fine + t, true) + residual(level, fineOffset, fine + k + t, true));
        float sum = square;
        if (any(greaterThanEqual(extra, ivec2(0)))) {
            float column = residual(level, fineOffset, fine + 2 * k, third.x) +
                           residual(level, fineOffset, fine + 2 * k + t, third.x);
            float row = residual(level, fineOffset, fine + 2 * t, third.y) +
                        residual(level, fineOffset, fine + 2 * t + k, third.y);
            float corner = residual(level, fineOffset, fine + 2 * k + 2 * t, third.x && third.y);
            sum = ((square + column) + row) + corner;
        }
        sB[coarseOffset + i] = sum;
    }
    sync();
}

// The coarsest level at once, x = M s (solve_coarsest.frag).
void solveCoarsest(int level)
{
    int offset = offsetOf(level);
    int cells = uSize[level].x * uSize[level].y;
    for (int row = int(gl_LocalInvocationIndex); row < cells; row += kInvocations) {
        float sum = 0.0;
        for (int j = 0; j < cells; ++j) sum += product(texelFetch(uInverse, ivec2(j, row), 0).x, sB[offset + j]);
        sX[offset + row] = sum;
    }
    sync();
}

// level += the bilinear interpolation of level + 1 (prolong_correction.frag).
void prolongCorrection(int level)
{
    int fineOffset = offsetOf(level);
    int coarseOffset = fineOffset + uSize[level].x * uSize[level].y;
    ivec2 size = uSize[level];
    for (int i = int(gl_LocalInvocationIndex); i < size.x * size.y; i += kInvocations) {
        ivec2 cell = ivec2(i % size.x, i / size.x);
        ivec2 base = (cell - 1) >> 1;
        vec2 f = vec2(equal(cell & 1, ivec2(0))) * 0.5 + 0.25;
        float a = sX[at(level + 1, coarseOffset, base)];
        float b = sX[at(level + 1, coarseOffset, base + ivec2(1, 0))];
        float c = sX[at(level + 1, coarseOffset, base + ivec2(0, 1))];
        float d = sX[at(level + 1, coarseOffset, base + ivec2(1, 1))];
        float bottom = opaque(a * (1.0 - f.x)) + opaque(b * f.x);
        float top = opaque(c * (1.0 - f.x)) + opaque(d * f.x);
        float e = opaque(bottom * (1.0 - f.y)) + opaque(top * f.y);
        sX[fineOffset + i] = sX[fineOffset + i] + e;
    }
    sync();
}

void main()
{
    ivec2 first = uSize[0];
    for (int i = int(gl_LocalInvocationIndex); i < first.x * first.y; i += kInvocations)
        sB[i] = texelFetch(uRhs, ivec2(i % first.x, i / first.x), 0).x;
    sync();
    int coarsest = uLevelCount - 1;
    for (int level = 0; level < coarsest; ++level) {
        smoothTwice(level, true);
        restrictResidual(level);
    }
    solveCoarsest(coarsest);
    for (int level = coarsest - 1; level >= 0; --level) {
        prolongCorrection(level);
        smoothTwice(level, false);
    }
    for (int i = int(gl_LocalInvocationIndex); i < first.x * first.y; i += kInvocations)
        imageStore(uResult, ivec2(i % first.x, i / first.x), vec4(sX[i], 0.0, 0.0, 0.0));
}
