// Field: a W x H grid of cells with 1..4 float components, stored flat and
// row-major with row 0 at the bottom (the layout of a GL texture), so a field
// uploads to and downloads from a texture without reordering. FluidState: the
// solvers' named fields, one row each in kFieldSpecs.
#pragma once

#include <cassert>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace fluid {

class Field {
public:
    Field() = default;
    Field(int width, int height, int components, float fill = 0.0f)
        : width_(width),
          height_(height),
          components_(components),
          data_(
              static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * static_cast<std::size_t>(components),
              fill)
    {
        assert(width > 0 && height > 0 && components >= 1 && components <= 4);
    }

    int width() const { return width_; }
    int height() const { return height_; }
    int components() const { return components_; }
    std::size_t size() const { return data_.size(); }
    bool sameShape(const Field& other) const
    {
        return width_ == other.width_ && height_ == other.height_ && components_ == other.components_;
    }

    std::size_t index(int i, int j, int component = 0) const
    {
        return (static_cast<std::size_t>(j) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(i)) *
                   static_cast<std::size_t>(components_) +
               static_cast<std::size_t>(component);
    }
    float& at(int i, int j, int component = 0) { return data_[index(i, j, component)]; }
    float at(int i, int j, int component = 0) const { return data_[index(i, j, component)]; }

    float* data() { return data_.data(); }
    const float* data() const { return data_.data(); }
    std::vector<float>& values() { return data_; }
    const std::vector<float>& values() const { return data_; }

    void fill(float value) { data_.assign(data_.size(), value); }
    void swap(Field& other) noexcept
    {
        std::swap(width_, other.width_);
        std::swap(height_, other.height_);
        std::swap(components_, other.components_);
        data_.swap(other.data_);
    }

private:
    int width_ = 0;
    int height_ = 0;
    int components_ = 0;
    std::vector<float> data_;
};

// Which grid a field lives on. Velocity and pressure share the simulation
// grid (and so does the temperature); the dye has its own, which may be finer than the velocity's
// (SimParams::dyeGridWidth): colour detail is cheap, projection is not.
enum class FieldGrid { Simulation, Dye };

struct GridSize {
    int width = 0;   // cells
    int height = 0;  // cells
    bool operator==(const GridSize&) const = default;
};

// The size of every grid a FluidState's fields live on. Each covers the same
// domain, so a grid's cell size is domainWidth / width.
struct FieldGrids {
    GridSize simulation;
    GridSize dye;

    GridSize of(FieldGrid grid) const { return grid == FieldGrid::Dye ? dye : simulation; }
    static FieldGrids uniform(int width, int height) { return {{width, height}, {width, height}}; }
    bool operator==(const FieldGrids&) const = default;
};

// The state a solver carries from one step to the next: a set of named fields,
// each described by one row of kFieldSpecs below. Upload, download, reset,
// shape checks and the test helpers loop over that table, so a new field is a
// member here and a row there. Dye has 4 components (RGBA32F is
// colour-renderable everywhere, RGB32F is not); alpha is unused.
struct FluidState {
    Field velocity;     // 2 components, m/s
    Field pressure;     // 1 component, m^2/s (p dt / rho: the projection's potential)
    Field dye;          // 4 components, dimensionless concentration (smoke: the mean of r, g, b)
    Field temperature;  // 1 component, K: T - T0, the excess over the ambient temperature (SimParams)
    // 1 component, m^2/s (like pressure): the whole step's P = p dt / rho, as
    // the incremental projection estimates it from the last steps
    // (Projection); `pressure` then holds only what the projection adds.
    Field fullPressure;

    static FluidState zeros(const FieldGrids& grids);
    static FluidState zeros(int width, int height) { return zeros(FieldGrids::uniform(width, height)); }
};

// One field of FluidState: what it is called, its shape and where it lives.
struct FieldSpec {
    const char* name;  // in messages and file names
    int components;    // 1, 2 or 4 (a texture format each)
    FieldGrid grid;
    Field FluidState::*member;
    const char* unit;
};

// Index of a field in kFieldSpecs, for solvers that keep one texture or
// buffer per field in an array.
enum class FieldId { Velocity, Pressure, Dye, Temperature, FullPressure };

inline constexpr FieldSpec kFieldSpecs[] = {
    {"velocity", 2, FieldGrid::Simulation, &FluidState::velocity, "m/s"},
    {"pressure", 1, FieldGrid::Simulation, &FluidState::pressure, "m^2/s"},
    {"dye", 4, FieldGrid::Dye, &FluidState::dye, "1"},
    {"temperature", 1, FieldGrid::Simulation, &FluidState::temperature, "K"},
    {"full pressure", 1, FieldGrid::Simulation, &FluidState::fullPressure, "m^2/s"},
};
inline constexpr std::size_t kFieldCount = std::size(kFieldSpecs);

inline constexpr const FieldSpec& fieldSpec(FieldId id)
{
    return kFieldSpecs[static_cast<std::size_t>(id)];
}
inline Field& fieldOf(FluidState& state, const FieldSpec& spec)
{
    return state.*spec.member;
}
inline const Field& fieldOf(const FluidState& state, const FieldSpec& spec)
{
    return state.*spec.member;
}

// The shape `spec` has on `grids`: what upload() demands.
inline Field zerosFor(const FieldSpec& spec, const FieldGrids& grids)
{
    const GridSize g = grids.of(spec.grid);
    return Field(g.width, g.height, spec.components);
}

inline FluidState FluidState::zeros(const FieldGrids& grids)
{
    FluidState state;
    for (const FieldSpec& spec : kFieldSpecs) fieldOf(state, spec) = zerosFor(spec, grids);
    return state;
}

// The one shape check of an uploaded state: a message naming the first field
// whose shape is not the one it has on `grids` ("dye is 64x64x4, expected
// 128x128x4"), or nothing.
std::optional<std::string> checkShapes(const FluidState& state, const FieldGrids& grids);
// The same for one field, named `what`, that must be grid.width x grid.height x components.
std::optional<std::string> checkShape(const Field& field, GridSize grid, int components, const char* what);

}  // namespace fluid
