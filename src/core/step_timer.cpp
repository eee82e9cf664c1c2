#include "core/step_timer.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace fluid {

const char* multigridLevelGroup(bool viscous, int level)
{
    constexpr int kNamedLevels = 16;  // a 2^16-cell side; the grid's limit is far below
    // Made once, so a lap hands out a pointer that lives as long as the program.
    static const auto names = [] {
        std::array<std::array<std::string, kNamedLevels>, 2> n;
        for (int l = 0; l < kNamedLevels; ++l) {
            n[0][static_cast<std::size_t>(l)] = "projection/level " + std::to_string(l);
            n[1][static_cast<std::size_t>(l)] = "diffusion/level " + std::to_string(l);
        }
        return n;
    }();
    const auto l = static_cast<std::size_t>(std::clamp(level, 0, kNamedLevels - 1));
    return names[viscous ? 1u : 0u][l].c_str();
}

const char* smallLevelsGroup(int level)
{
    constexpr int kNamedLevels = 16;
    static const auto names = [] {
        std::array<std::string, kNamedLevels> n;
        for (int l = 0; l < kNamedLevels; ++l)
            n[static_cast<std::size_t>(l)] = "projection/level " + std::to_string(l) + " and below";
        return n;
    }();
    return names[static_cast<std::size_t>(std::clamp(level, 0, kNamedLevels - 1))].c_str();
}

}  // namespace fluid
