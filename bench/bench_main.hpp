// What every GPU benchmark program here shares: one headless GL context for
// the whole process, and a main() that names the renderer in the report's
// header and sets a default minimum time that the command line can override.
#pragma once

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "platform/headless_context.hpp"

namespace fluid::bench {

// One context for the whole process, made on first use: GPU benchmarks share it
// (each GpuSolver owns all its GL objects), and a missing one is reported once
// per benchmark instead of aborting the run, so the CPU rows still come out.
// It is current on the main thread only, which is why no benchmark here uses
// ->Threads().
struct GlEnvironment {
    std::unique_ptr<platform::HeadlessContext> context;
    std::string error;  // why there is no context; empty when there is one
};

inline const GlEnvironment& glEnvironment()
{
    static const GlEnvironment environment = [] {
        GlEnvironment e;
        try {
            e.context = std::make_unique<platform::HeadlessContext>();
            platform::requireGl33();
        } catch (const platform::ContextError& error) {
            e.context.reset();
            e.error = std::string("no OpenGL 3.3 context: ") + error.what();
        }
        return e;
    }();
    return environment;
}

// Runs the registered benchmarks. `defaultMinTimeFlag` goes first, so that a
// --benchmark_min_time on the command line (read later) wins; passed as a flag
// rather than MinTime() so that the names stay short.
inline int runBenchmarks(int argc, char** argv, std::string defaultMinTimeFlag)
{
    std::vector<char*> args(argv, argv + argc);
    args.insert(args.begin() + (args.empty() ? 0 : 1), defaultMinTimeFlag.data());  // after the program name
    args.push_back(nullptr);  // keep the argv[argc] == nullptr convention
    int count = static_cast<int>(args.size()) - 1;
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
    // Made up front so the header names the renderer (or the reason there is
    // none) next to the CPU description; GPU numbers mean little without it.
    const GlEnvironment& gl = glEnvironment();
    benchmark::AddCustomContext("gl_renderer", gl.context ? gl.context->description() : gl.error);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

}  // namespace fluid::bench
