// VelocityLayout: where the velocity's two components live in a cell, and
// what follows from it, asked once. Code that needs the layout reads its
// facts from here (the sample offsets, the shader define, the fast paths it
// allows) instead of branching on Layout at each use; each backend picks its
// kernels or program variants from it once.
#pragma once

#include "core/sim_params.hpp"

namespace fluid {

// A point inside a cell, in cells from its lower-left corner.
struct CellPoint {
    double x = 0.5;
    double y = 0.5;
};

struct VelocityLayout {
    Layout layout = Layout::Collocated;
    // u and v each on a face of its own (the MAC grid): u on the cell's left
    // face, v on its bottom face. Collocated: both at the centre.
    bool onFaces = false;
    CellPoint u;  // where u of cell (i, j) is sampled
    CellPoint v;  // where v of cell (i, j) is sampled
    // Prepended to a shader's source (before `#line 1`) to build its variant
    // for this layout; empty for the collocated (the book's) one.
    const char* shaderDefine = "";
    // The GPU step may fuse the packing of the pressure solve (four cells a
    // texel) into its divergence pass (divergence_packed.frag, on either
    // layout) and the unpacking into its gradient pass (gradient.frag's
    // PACKED_PRESSURE, the collocated layout's: a staggered variant, two
    // outputs and the packed texels' selects, measured slower on llvmpipe
    // than the unpacking pass and the plain gradient, 0.45 against 0.38 ms
    // at 256^2). The packed sweeps themselves run on either.
    bool packsInDivergence = true;
    bool unpacksInGradient = true;
};

constexpr VelocityLayout velocityLayoutOf(Layout layout)
{
    if (layout == Layout::Staggered)
        return VelocityLayout{layout, true, {0.0, 0.5}, {0.5, 0.0}, "#define STAGGERED 1\n", true, false};
    return VelocityLayout{layout, false, {0.5, 0.5}, {0.5, 0.5}, "", true, true};
}

}  // namespace fluid
