// Shared pieces of the validation tests: a fixture parameterised by backend
// (the GPU one gets the shared headless context and fails without it), runs
// set up exactly as `fluidsim --headless` sets them up, and the Ghia et al.
// tables from tests/data/.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/headless/scenario.hpp"
#include "app/headless/simulate.hpp"
#include "app/options.hpp"
#include "support/gl_context.hpp"

namespace fluid::validation {

using app::Backend;
using app::Scenario;

class OnBackend : public test::GlTest, public ::testing::WithParamInterface<Backend> {
protected:
    void SetUp() override
    {
        if (GetParam() == Backend::Gpu) GlTest::SetUp();
    }
    void TearDown() override
    {
        if (GetParam() == Backend::Gpu) GlTest::TearDown();
    }
};

std::string backendName(const ::testing::TestParamInfo<Backend>& info);

// A backend and a layout, for the suites that validate both layouts: the
// programs' staggered default and ch. 38's collocated one, a flag away.
struct BackendLayout {
    Backend backend;
    Layout layout;
    // `flags` after the --layout flag that selects this layout.
    std::vector<std::string> withLayout(std::vector<std::string> flags) const;
};

class OnBackendAndLayout : public test::GlTest, public ::testing::WithParamInterface<BackendLayout> {
protected:
    void SetUp() override
    {
        if (GetParam().backend == Backend::Gpu) GlTest::SetUp();
    }
    void TearDown() override
    {
        if (GetParam().backend == Backend::Gpu) GlTest::TearDown();
    }
};

// Both backends on both layouts (for ::testing::ValuesIn).
std::vector<BackendLayout> everyBackendAndLayout();
std::string backendLayoutName(const ::testing::TestParamInfo<BackendLayout>& info);

// The options `fluidsim --headless --scenario S --backend B --grid N` gives,
// plus whatever `extraFlags` add ("--time", "5", ...). The CPU solver runs on
// one thread: ctest runs two tests at once on this two-core machine.
app::Options headlessOptions(Scenario scenario, Backend backend, int grid, std::vector<std::string> extraFlags = {});

// resolveRun() that must succeed (a failure is a test bug, reported as such).
app::headless::RunSpec resolvedSpec(const app::Options& options);

// One published centre-line profile: positions in (0..1) and values / U.
struct Profile {
    std::vector<double> at;
    std::vector<double> value;
};

// Reads tests/data/<file>: '#' comment lines, a header, then point,position,value.
Profile loadGhia(const std::string& file);

// max |simulated - published| at the published points, the simulated profile
// interpolated linearly between cell centres and the walls.
double maxDeviation(const Profile& published, const std::vector<double>& s, const std::vector<double>& simulated,
                    double wallAt0, double wallAt1);

// log2(coarse / fine): the observed order of a grid refinement by 2.
double observedOrder(double coarseError, double fineError);

}  // namespace fluid::validation
