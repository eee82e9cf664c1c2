#include "validation/validation_support.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "app/headless/measure.hpp"

#ifndef FLUIDSIM_TEST_DATA_DIR
#error "FLUIDSIM_TEST_DATA_DIR must name tests/data"
#endif

namespace fluid::validation {

std::string backendName(const ::testing::TestParamInfo<Backend>& info)
{
    return info.param == Backend::Gpu ? "Gpu" : "Cpu";
}

std::vector<std::string> BackendLayout::withLayout(std::vector<std::string> flags) const
{
    flags.insert(flags.begin(), {"--layout", toString(layout)});
    return flags;
}

std::vector<BackendLayout> everyBackendAndLayout()
{
    return {{Backend::Cpu, Layout::Staggered},
            {Backend::Gpu, Layout::Staggered},
            {Backend::Cpu, Layout::Collocated},
            {Backend::Gpu, Layout::Collocated}};
}

std::string backendLayoutName(const ::testing::TestParamInfo<BackendLayout>& info)
{
    return std::string(info.param.backend == Backend::Gpu ? "Gpu" : "Cpu") +
           (info.param.layout == Layout::Staggered ? "Staggered" : "Collocated");
}

app::Options headlessOptions(Scenario scenario, Backend backend, int grid, std::vector<std::string> extraFlags)
{
    std::vector<std::string> args = {"fluidsim",   "--headless",
                                     "--scenario", app::toString(scenario),
                                     "--backend",  app::toString(backend),
                                     "--grid",     std::to_string(grid),
                                     "--threads",  "1"};
    args.insert(args.end(), extraFlags.begin(), extraFlags.end());
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    const app::ParseResult parsed = app::parseCommandLine(static_cast<int>(argv.size()), argv.data());
    if (!parsed.ok()) throw std::invalid_argument("headlessOptions(): " + parsed.error);
    return parsed.options;
}

app::headless::RunSpec resolvedSpec(const app::Options& options)
{
    const app::headless::ResolvedRun r = app::headless::resolveRun(options);
    if (!r.ok()) throw std::invalid_argument("resolvedSpec(): " + r.error);
    return r.spec;
}

Profile loadGhia(const std::string& file)
{
    const std::string path = std::string(FLUIDSIM_TEST_DATA_DIR) + "/" + file;
    std::ifstream in(path);
    if (!in) throw std::runtime_error("loadGhia(): cannot read " + path);
    Profile p;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {
            header = false;
            continue;
        }
        std::istringstream row(line);
        std::string point, at, value;
        std::getline(row, point, ',');
        std::getline(row, at, ',');
        std::getline(row, value, ',');
        p.at.push_back(std::stod(at));
        p.value.push_back(std::stod(value));
    }
    if (p.at.size() != 17) throw std::runtime_error("loadGhia(): " + path + " should hold 17 points");
    return p;
}

double maxDeviation(const Profile& published, const std::vector<double>& s, const std::vector<double>& simulated,
                    double wallAt0, double wallAt1)
{
    double m = 0.0;
    for (std::size_t k = 0; k < published.at.size(); ++k) {
        const double ours = app::headless::sampleProfile(s, simulated, published.at[k], wallAt0, wallAt1);
        const double d = std::fabs(ours - published.value[k]);
        if (std::isnan(d)) return d;
        m = std::fmax(m, d);
    }
    return m;
}

double observedOrder(double coarseError, double fineError)
{
    return std::log2(coarseError / fineError);
}

}  // namespace fluid::validation
