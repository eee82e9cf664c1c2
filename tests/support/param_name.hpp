// The name generator of a parameterised test whose parameter names itself
// (a case, walls, a grid): INSTANTIATE_TEST_SUITE_P(..., test::paramName).
#pragma once

#include <string>

namespace fluid::test {

inline constexpr auto paramName = [](const auto& info) { return std::string(info.param.name); };

}  // namespace fluid::test
