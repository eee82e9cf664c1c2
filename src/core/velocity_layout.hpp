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
    // texel) into its divergence pass and the unpacking into its gradient
    // pass (divergence_packed.frag): written for the collocated layout's
    // centred differences only. The packed sweeps themselves run on either.
    bool fusesPackingInStep = true;
};

constexpr VelocityLayout velocityLayoutOf(Layout layout)
{
    if (layout == Layout::Staggered)
        return VelocityLayout{layout, true, {0.0, 0.5}, {0.5, 0.0}, "#define STAGGERED 1\n", false};
    return VelocityLayout{layout, false, {0.5, 0.5}, {0.5, 0.5}, "", true};
}

}  // namespace fluid
