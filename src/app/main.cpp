// fluidsim: parses the options, then opens the window or runs headless.
#include <cstdio>
#include <cstdlib>

#include "app/headless/runner.hpp"
#include "app/options.hpp"

int main(int argc, char** argv)
{
    using namespace fluid::app;
    const ParseResult parsed = parseCommandLine(argc, argv);
    if (parsed.options.showHelp) {
        std::fputs(helpText().c_str(), stdout);
        return 0;
    }
    if (!parsed.ok()) {
        std::fprintf(stderr, "fluidsim: %s (see fluidsim --help)\n", parsed.error.c_str());
        return kUsageErrorExit;
    }
    return runHeadless(parsed.options);
}
