// FaceVelocity: the staggered (MAC) velocity of the CPU reference read as what
// it is, faces rather than cells (Jet's FaceCentredGrid2 in spirit). The
// storage stays the Field the GL texture has (width x height, two floats a
// cell): cell c holds u on the face left of it, at (c.x - 1/2, c.y), and v on
// the face below it, at (c.x, c.y - 1/2) (cell centres at integer points).
// The faces on the right and top walls are not stored: the rules give them.
//
// A view, not an owner: the solver keeps one Field per velocity (it swaps
// with its scratch, uploads and downloads as the texture does, and the kernel
// table's functions share their signature with the collocated layout's), so
// each staggered pass wraps the fields it reads and writes once at its entry:
// FaceVelocity to read faces (as stored, as the sampler returns them, or
// through the boundary rules), FaceVelocityOut to write them through the shut
// rule (or, for the splat, which adds, its rows as they are: face_rows.hpp's
// splatRow keeps the fixed faces). Both are two pointers: a pass makes them
// once, never per face.
#pragma once

#include <cassert>
#include <cstddef>

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "core/pass_constants.hpp"
#include "reference/boundary.hpp"

namespace fluid::reference {

// What the faces of a staggered grid are, whatever field holds them: where
// each lies, which are solid, what a pass writes to each.
class FaceGrid {
public:
    explicit FaceGrid(const PassConstants& k) : k_(&k) {}

    const PassConstants& constants() const { return *k_; }
    int width() const { return k_->width; }
    int height() const { return k_->height; }

    // The points of cell c's faces, in cells.
    static glm::vec2 pointOfU(glm::ivec2 c) { return {static_cast<float>(c.x) - 0.5f, static_cast<float>(c.y)}; }
    static glm::vec2 pointOfV(glm::ivec2 c) { return {static_cast<float>(c.x), static_cast<float>(c.y) - 0.5f}; }

    // Whether a face is solid: the face between two cells of which one is an
    // obstacle (k.solid; cells beyond the grid as the mask's sampler reads
    // them). No fluid crosses it: it reads 0.
    bool solidU(glm::ivec2 c) const
    {
        return k_->solid != nullptr && (solidAt({c.x - 1, c.y}, *k_) || solidAt(c, *k_));
    }
    bool solidV(glm::ivec2 c) const
    {
        return k_->solid != nullptr && (solidAt({c.x, c.y - 1}, *k_) || solidAt(c, *k_));
    }

    // What a pass writes to a stored face for the value it computed: a solid
    // face and a box's walls (u at i = 0, v at j = 0) are shut, 0; the
    // tunnel's inflow face (u at i = 0) moves at the inflow speed; any other
    // face takes the value.
    float shutU(glm::ivec2 c, float value) const
    {
        if (!fixedU(c)) return value;
        return k_->tunnel && !solidU(c) ? k_->lidSpeed : 0.0f;  // the inflow face, unless solid
    }
    float shutV(glm::ivec2 c, float value) const { return fixedV(c) ? 0.0f : value; }
    // Whether shutU and shutV fix the face whatever the value (common.glsl's
    // fixedFaces): a pass that adds to the velocity (the splat) adds nothing there.
    bool fixedU(glm::ivec2 c) const { return solidU(c) || (!k_->periodic && c.x == 0); }
    bool fixedV(glm::ivec2 c) const { return solidV(c) || (!k_->periodic && c.y == 0); }

protected:
    // The float of `component` of stored cell c in a velocity field's values.
    std::size_t indexOf(glm::ivec2 c, int component) const
    {
        return 2 * (static_cast<std::size_t>(c.y) * static_cast<std::size_t>(k_->width) +
                    static_cast<std::size_t>(c.x)) +
               static_cast<std::size_t>(component);
    }
    static void checkShape(const Field& faces, const PassConstants& k)
    {
        assert(faces.components() == 2 && faces.width() == k.width && faces.height() == k.height);
        (void)faces, (void)k;
    }

    const PassConstants* k_;
};

// The faces of a velocity field to read.
class FaceVelocity : public FaceGrid {
public:
    FaceVelocity(const Field& faces, const PassConstants& k) : FaceGrid(k), data_(faces.data())
    {
        checkShape(faces, k);
    }

    // Cell c's faces as stored (c inside the grid): u left of it, v below it.
    float storedU(glm::ivec2 c) const { return data_[indexOf(c, 0)]; }
    float storedV(glm::ivec2 c) const { return data_[indexOf(c, 1)]; }
    template <int component>
    float stored(glm::ivec2 c) const
    {
        return data_[indexOf(c, component)];
    }
    glm::vec2 storedFaces(glm::ivec2 c) const { return {storedU(c), storedV(c)}; }

    // A component of the stored cell nearest c as a shader's sampler returns
    // it (clamped, or wrapped when periodic): no rule, no ghost.
    template <int component>
    float texel(glm::ivec2 c) const
    {
        return stored<component>(k_->periodic ? wrapCell(c, *k_) : clampCell(c, *k_));
    }

    // u on the face left of cell c, any c: a solid face reads 0; a box's
    // walls have zero normal velocity (their faces i <= 0 and i >= width read
    // 0, whatever is stored at i = 0; the dye's slipWalls read: the first
    // face in, and no sign flips, staggered.cpp's uRule); beyond the bottom wall the ghost is
    // -u, beyond the lid 2 U - u (the wall halfway moves at U), as the
    // collocated rule; the tunnel's inflow faces move at the inflow speed and
    // its outflow face carries what leaves the last column divergence-free;
    // periodic grids wrap. Inline: an inner face away from solids is its
    // stored value under every rule, and most reads are of such faces (a
    // call per read was 40% of a CPU step); the others go to uRule.
    float u(glm::ivec2 c) const
    {
        if (k_->solid == nullptr && c.x > 0 && c.x < k_->width && c.y >= 0 && c.y < k_->height) return storedU(c);
        return uRule(c);
    }
    // v on the face below cell c: the same rules with the axes swapped (no lid).
    float v(glm::ivec2 c) const
    {
        if (k_->solid == nullptr && c.y > 0 && c.y < k_->height && c.x >= 0 && c.x < k_->width) return storedV(c);
        return vRule(c);
    }
    template <int component>
    float face(glm::ivec2 c) const
    {
        if constexpr (component == 0)
            return u(c);
        else
            return v(c);
    }
    float uRule(glm::ivec2 c) const;  // staggered.cpp
    float vRule(glm::ivec2 c) const;

    // u and v of the cells first + n step, n in [0, count), into u[n] and
    // v[n] (either may be null: that component is not read): the rules for a
    // run of faces read together (a row beyond a wall, a column beyond a
    // side wall), in one loop into which the rules inline (staggered.cpp).
    void ruled(glm::ivec2 first, glm::ivec2 step, int count, float* u, float* v) const;

    // Row j of the stored faces for the fast paths: u of cell i at [2 i], v
    // at [2 i + 1]; the next row starts stride() floats on.
    const float* row(int j) const { return data_ + indexOf({0, j}, 0); }
    std::ptrdiff_t stride() const { return 2 * static_cast<std::ptrdiff_t>(k_->width); }

private:
    float tunnelU(glm::ivec2 c) const;

    const float* data_;
};

// The faces of a velocity field a pass writes.
class FaceVelocityOut : public FaceGrid {
public:
    FaceVelocityOut(Field& faces, const PassConstants& k) : FaceGrid(k), data_(faces.data()) { checkShape(faces, k); }

    // Cell c's faces given what the pass computed for them, through the shut rule.
    void write(glm::ivec2 c, float u, float v) const
    {
        data_[indexOf(c, 0)] = shutU(c, u);
        data_[indexOf(c, 1)] = shutV(c, v);
    }
    // The shut rule on a face a fast path has already written.
    void shutWrittenU(glm::ivec2 c) const { data_[indexOf(c, 0)] = shutU(c, data_[indexOf(c, 0)]); }
    void shutWrittenV(glm::ivec2 c) const { data_[indexOf(c, 1)] = shutV(c, data_[indexOf(c, 1)]); }

    // Row j for the fast paths, laid out as FaceVelocity::row's.
    float* row(int j) const { return data_ + indexOf({0, j}, 0); }

private:
    float* data_;
};

}  // namespace fluid::reference
