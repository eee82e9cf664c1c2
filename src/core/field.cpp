#include "core/field.hpp"

namespace fluid {

namespace {

std::string shapeOf(int width, int height, int components)
{
    std::string s = std::to_string(width);
    s += 'x';
    s += std::to_string(height);
    s += 'x';
    s += std::to_string(components);
    return s;
}

}  // namespace

std::optional<std::string> checkShape(const Field& field, GridSize grid, int components, const char* what)
{
    if (field.width() == grid.width && field.height() == grid.height && field.components() == components)
        return std::nullopt;
    std::string message = what;
    message += " is ";
    message += shapeOf(field.width(), field.height(), field.components());
    message += ", expected ";
    message += shapeOf(grid.width, grid.height, components);
    return message;
}

std::optional<std::string> checkShapes(const FluidState& state, const FieldGrids& grids)
{
    for (const FieldSpec& spec : kFieldSpecs)
        if (auto problem = checkShape(fieldOf(state, spec), grids.of(spec.grid), spec.components, spec.name))
            return problem;
    return std::nullopt;
}

}  // namespace fluid
