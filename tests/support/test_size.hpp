// How much of the slow sweeps a test run does (the parameter fuzz, the
// extreme-settings sweep, the command-line fuzz). `quick`, the default and
// what CI runs, covers every variant of each sweep with fewer samples;
// `full` (FLUIDSIM_TEST_SIZE=full) runs the whole sweep, by hand after a
// change to the numerics or the command line (README, "Building by hand").
// The validation flows have no quick size: their figures are the claims.
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace fluid::test {

enum class TestSize { Quick, Full };

// FLUIDSIM_TEST_SIZE: unset, empty or "quick" -> Quick; "full" -> Full.
// Anything else throws, so a typo never silently runs the small sweep.
inline TestSize testSize()
{
    const char* text = std::getenv("FLUIDSIM_TEST_SIZE");
    const std::string value = text ? text : "";
    if (value.empty() || value == "quick") return TestSize::Quick;
    if (value == "full") return TestSize::Full;
    throw std::invalid_argument("FLUIDSIM_TEST_SIZE='" + value + "': expected quick or full");
}

template <typename T>
T bySize(T quick, T full)
{
    return testSize() == TestSize::Full ? full : quick;
}

inline const char* testSizeName()
{
    return testSize() == TestSize::Full ? "full" : "quick";
}

}  // namespace fluid::test
