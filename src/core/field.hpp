// Field: a W x H grid of cells with 1..4 float components, stored flat and
// row-major with row 0 at the bottom (the layout of a GL texture), so a field
// uploads to and downloads from a texture without reordering.
#pragma once

#include <cassert>
#include <cstddef>
#include <vector>

namespace fluid {

class Field {
public:
    Field() = default;
    Field(int width, int height, int components, float fill = 0.0f)
        : width_(width), height_(height), components_(components),
          data_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * static_cast<std::size_t>(components), fill)
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
        return (static_cast<std::size_t>(j) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(i))
                   * static_cast<std::size_t>(components_)
            + static_cast<std::size_t>(component);
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

// The state a solver carries from one step to the next. Dye has 4 components
// (RGBA32F is colour-renderable everywhere, RGB32F is not); alpha is unused.
struct FluidState {
    Field velocity;  // 2 components, m/s
    Field pressure;  // 1 component, m^2/s (p dt / rho: the projection's potential)
    Field dye;       // 4 components, dimensionless concentration

    static FluidState zeros(int width, int height)
    {
        return {Field(width, height, 2), Field(width, height, 1), Field(width, height, 4)};
    }
};

}  // namespace fluid
