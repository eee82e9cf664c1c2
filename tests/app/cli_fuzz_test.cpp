// The command line fuzzed: the real fluidsim binary, run with random flag
// names, values (empty, huge, NaN, inf, negative, non-ASCII, very long,
// "--"-prefixed) and combinations. Every run must end in
//   exit 0 (stderr: notes only),
//   exit 2 with exactly one line on stderr (bad input), or
//   exit 1 with exactly one line besides notes (a runtime failure: no steady
//   state in the budget, a file that cannot be written, no OpenGL, no window),
// never by a signal, a hang (a generous per-run limit, hang detection only) or
// a second line of error.
//
// Seeded; the seed is printed, and a failure prints the replay command
// (FLUIDSIM_FUZZ_LOG=FILE keeps every run's arguments and stderr):
//   FLUIDSIM_FUZZ_SEED=<seed> FLUIDSIM_FUZZ_RUNS=<n> ./cli_fuzz_tests
// Each run's arguments come from (seed, run index) alone, so a failing run
// replays alone with FLUIDSIM_FUZZ_SEED=<its run seed> FLUIDSIM_FUZZ_RUNS=1.
//
// Runs stay tiny: a suffix fixes a small grid, one thread and (mostly) the CPU
// backend and a 2-step budget (or a short --time), after the random flags (the last value of a
// flag wins, so the random values are still parsed and checked). Runs that
// stop by --time draw it, and --dt, from values that keep them short. Files
// are written only into a private directory: path values are relative or
// /dev/null, /dev/full, /dev/zero. No window opens: DISPLAY is unset (the app
// falls back to the headless demo) or names no server (the window fails).
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli_fuzz_inputs.hpp"
#include "app/run_process.hpp"
#include "support/test_size.hpp"

namespace {

namespace fs = std::filesystem;
using fluid::test::ProcessRequest;
using fluid::test::ProcessResult;
using fluid::test::runProcess;
using namespace fluid::test::fuzz;

class Generator {
public:
    explicit Generator(std::uint64_t seed) : rng_(seed)
    {
        // How hostile this run is: from well-formed flags with good values
        // (which reach the run) to mostly broken ones (which test the parser).
        static const double kHostility[] = {0.0, 0.05, 0.15, 0.3, 0.6};
        hostile_ = kHostility[below(5)];
    }

    std::size_t below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
    bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }
    template <typename T>
    const T& pick(const std::vector<T>& v)
    {
        return v[below(v.size())];
    }

    std::string randomNumber()
    {
        switch (below(4)) {
            case 0:
                return std::to_string(static_cast<long long>(rng_()) >> below(64));
            case 1: {
                std::ostringstream out;
                out << std::uniform_real_distribution<double>(-1.0, 1.0)(rng_) << "e"
                    << static_cast<int>(below(700)) - 350;
                return out.str();
            }
            case 2:
                return std::to_string(std::uniform_real_distribution<double>(-20000.0, 20000.0)(rng_));
            default:
                return std::to_string(static_cast<int>(below(20000)) - 10);
        }
    }

    std::string randomBytes()
    {
        std::string s(1 + below(12), ' ');
        for (char& c : s) c = static_cast<char>(1 + below(255));  // anything but NUL, which argv cannot hold
        return s;
    }

    std::string value()
    {
        switch (below(10)) {
            case 0:
            case 1:
                return randomNumber();
            case 2:
                return randomBytes();
            default:
                return pick(kValues);
        }
    }

    // A flag name, mostly real, sometimes mangled.
    std::string flagName(const FlagName& f)
    {
        std::string name = f.name;
        if (!chance(hostile_)) return "--" + name;
        switch (below(7)) {
            case 0:
                return "--" + name.substr(0, below(name.size() + 1));  // cut short (or "--")
            case 1:
                return "-" + name;
            case 2:
                return "---" + name;
            case 3:
                name[below(name.size())] = static_cast<char>('A' + below(26));
                return "--" + name;
            case 4:
                return "--" + name + randomBytes();
            case 5:
                return "--" + std::string(1 + below(3000), 'x');
            default:
                return "--" + name;
        }
    }

    // Random flags: some with their value next, some as --name=value, some
    // missing their value, stray words between them.
    std::vector<std::string> flags(bool allowTimeFlags)
    {
        std::vector<std::string> args;
        const std::size_t count = below(7);
        for (std::size_t k = 0; k < count; ++k) {
            const FlagName& f = pick(kFlags);
            const std::string name = f.name;
            if (!allowTimeFlags && (name == "steps" || name == "until-steady" || name == "time" || name == "dt"))
                continue;
            if (name == "help" && !chance(0.1)) continue;  // help ends the run at once: rarely
            const std::string flag = flagName(f);
            std::string v = !f.good.empty() && !chance(hostile_) ? pick(f.good) : value();
            const bool broken = chance(hostile_);
            switch (below(10)) {
                case 0:
                    args.push_back(flag + "=" + v);
                    break;
                case 1:
                    if (broken) {
                        args.push_back(flag);  // no value (the next flag becomes it, or none is left)
                        break;
                    }
                    [[fallthrough]];
                case 2:
                    if (broken) {
                        args.push_back(v);  // a stray word
                        break;
                    }
                    [[fallthrough]];
                default:
                    args.push_back(flag);
                    if (f.takesValue || chance(0.2)) args.push_back(v);
            }
        }
        return args;
    }

private:
    std::mt19937_64 rng_;
    double hostile_ = 0.0;
};

struct FuzzRun {
    std::vector<std::string> args;  // without the program
    std::string display;            // "" = unset
};

// One run from its own seed alone.
FuzzRun makeRun(std::uint64_t seed)
{
    Generator g(seed);
    FuzzRun run;
    const std::size_t kind = g.below(10);
    if (kind < 6) {
        // Parsing and the run stage under a 2-step budget.
        run.args = g.flags(true);
        if (g.chance(0.85))
            run.args.insert(run.args.begin() + static_cast<long>(g.below(run.args.size() + 1)), "--headless");
        if (g.chance(0.9)) run.args.insert(run.args.end(), {"--backend", "cpu"});
        run.args.insert(run.args.end(), {"--grid", "8", "--threads", "1", "--steps", "2"});
    } else if (kind < 8) {
        // Runs that stop by --time (and its own --dt, when given), short ones.
        run.args = g.flags(false);
        if (g.chance(0.5)) run.args.insert(run.args.end(), {"--dt", g.pick(kSafeDts)});
        run.args.insert(run.args.begin(), "--headless");
        // The CPU always: up to 50 steps of 2 x 10^4 sweeps are quick there, not on llvmpipe.
        run.args.insert(run.args.end(),
                        {"--backend", "cpu", "--grid", "8", "--threads", "1", "--time", g.pick(kShortTimes)});
    } else {
        // A window asked for where there is no X server: refusals, or one line
        // saying the window cannot open.
        run.args = g.flags(true);
        std::erase(run.args, std::string("--headless"));  // it would run unbounded (256^2, 200 steps)
        run.display = ":59999";
    }
    return run;
}

std::string quoted(const std::vector<std::string>& args)
{
    std::string out;
    for (const std::string& a : args) {
        out += " '";
        for (std::size_t n = 0; n < a.size() && n < 200; ++n) {
            const auto c = static_cast<unsigned char>(a[n]);
            if (c >= 0x20 && c < 0x7f && c != '\'')
                out += static_cast<char>(c);
            else {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
                out += escaped;
            }
        }
        if (a.size() > 200) out += "...(" + std::to_string(a.size()) + " bytes)";
        out += "'";
    }
    return out;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

bool startsWith(const std::string& s, const std::string& prefix)
{
    return s.rfind(prefix, 0) == 0;
}

// "" when the outcome is one the program promises, else what is wrong.
std::string verdict(const ProcessResult& r)
{
    if (!r.started) return "could not start the binary";
    if (r.timedOut) return "hung (killed at the time limit)";
    if (r.signal != 0) return "ended by signal " + std::to_string(r.signal) + " (" + strsignal(r.signal) + ")";
    const std::vector<std::string> err = lines(r.err);
    if (!r.err.empty() && r.err.back() != '\n') return "stderr does not end with a newline";
    int errors = 0;
    for (const std::string& line : err) {
        if (!startsWith(line, "fluidsim: ")) return "a stderr line without 'fluidsim: ': '" + line + "'";
        if (!startsWith(line, "fluidsim: note: ")) ++errors;
    }
    switch (r.exitCode) {
        case 0:
            return errors == 0 ? "" : "exit 0 with an error line";
        case 2:
            return err.size() == 1 ? "" : "exit 2 with " + std::to_string(err.size()) + " lines on stderr";
        case 1:
            return errors == 1 ? "" : "exit 1 with " + std::to_string(errors) + " error lines on stderr";
        default:
            return "exit code " + std::to_string(r.exitCode);
    }
}

std::uint64_t envNumber(const char* name, std::uint64_t fallback)
{
    const char* text = std::getenv(name);
    return text && *text ? std::strtoull(text, nullptr, 10) : fallback;
}

// The sweep in two parts of half the runs each, so that the two ctest shards
// share it (one test of 300 runs took 63 s in the release build and 105 s
// under ASan while the other shard had nothing of it). Each part draws its
// own seed; FLUIDSIM_FUZZ_SEED replays one part (the message names it).
class CliFuzz : public ::testing::TestWithParam<int> {};

TEST_P(CliFuzz, EveryRunEndsInExit0OrOneLineAndExit2)
{
    const std::uint64_t seed = envNumber("FLUIDSIM_FUZZ_SEED", std::random_device{}());
    // Quick (CI): 150 runs a part, about 20 s here; full (FLUIDSIM_TEST_SIZE=full):
    // 1000 a part, 5 minutes idle in all and more than 10 with two builds beside it.
    const std::uint64_t runs = envNumber("FLUIDSIM_FUZZ_RUNS", fluid::test::bySize<std::uint64_t>(150, 1000));
    const std::string replay = "cli_fuzz_tests --gtest_filter='*CliFuzz*/" + std::to_string(GetParam()) + "'";
    std::printf(
        "[ fuzz     ] part %d: seed %llu, %llu runs (replay: FLUIDSIM_FUZZ_SEED=%llu FLUIDSIM_FUZZ_RUNS=%llu %s)\n",
        GetParam(), static_cast<unsigned long long>(seed), static_cast<unsigned long long>(runs),
        static_cast<unsigned long long>(seed), static_cast<unsigned long long>(runs), replay.c_str());
    std::fflush(stdout);

    const fs::path home = fs::temp_directory_path() / ("fluidsim-cli-fuzz-" + std::to_string(getpid()));
    int failures = 0;
    int exits[3] = {0, 0, 0};
    double slowest = 0.0;  // reported, not judged: how far the runs stay from the hang limit
    std::uint64_t slowestSeed = 0;
    // FLUIDSIM_FUZZ_LOG=FILE: every run's seed, arguments, exit code and stderr.
    const char* logPath = std::getenv("FLUIDSIM_FUZZ_LOG");
    std::FILE* log = logPath && *logPath ? std::fopen(logPath, "w") : nullptr;
    for (std::uint64_t n = 0; n < runs; ++n) {
        const std::uint64_t runSeed = seed + n;
        const FuzzRun run = makeRun(runSeed);
        fs::remove_all(home);
        fs::create_directories(home / "config");

        ProcessRequest request;
        request.argv = {FLUIDSIM_EXE};
        request.argv.insert(request.argv.end(), run.args.begin(), run.args.end());
        request.env = {{"HOME", home.string()},
                       {"XDG_CONFIG_HOME", (home / "config").string()},
                       {"DISPLAY", run.display},
                       {"WAYLAND_DISPLAY", ""}};
        request.workDir = home.string();
        request.timeoutSeconds = 30.0;  // hang detection: a run takes well under a second
        const auto start = std::chrono::steady_clock::now();
        const ProcessResult result = runProcess(request);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (seconds > slowest) {
            slowest = seconds;
            slowestSeed = runSeed;
        }
        if (result.exitCode >= 0 && result.exitCode <= 2) ++exits[result.exitCode];
        if (log) {
            std::fprintf(log, "%llu exit %d signal %d:%s\n%s", static_cast<unsigned long long>(runSeed),
                         result.exitCode, result.signal, quoted(run.args).c_str(), result.err.c_str());
            std::fflush(log);
        }
        const std::string wrong = verdict(result);
        if (wrong.empty()) continue;
        if (++failures <= 10)
            ADD_FAILURE() << wrong << "\n  run " << n << " (replay alone: FLUIDSIM_FUZZ_SEED=" << runSeed
                          << " FLUIDSIM_FUZZ_RUNS=1 " << replay << ")\n  "
                          << (run.display.empty() ? "" : "DISPLAY=" + run.display + " ") << "fluidsim"
                          << quoted(run.args) << "\n  exit " << result.exitCode << ", signal " << result.signal
                          << "\n  stderr:\n"
                          << result.err.substr(0, 2000);
    }
    fs::remove_all(home);
    if (log) std::fclose(log);
    std::printf("[ fuzz     ] %llu runs: exit 0 %d, exit 1 %d, exit 2 %d; %d failed; slowest %.2f s (run seed %llu)\n",
                static_cast<unsigned long long>(runs), exits[0], exits[1], exits[2], failures, slowest,
                static_cast<unsigned long long>(slowestSeed));
    EXPECT_EQ(failures, 0) << "seed " << seed << "; replay: FLUIDSIM_FUZZ_SEED=" << seed
                           << " FLUIDSIM_FUZZ_RUNS=" << runs << " " << replay;
}

INSTANTIATE_TEST_SUITE_P(Parts, CliFuzz, ::testing::Values(0, 1));

}  // namespace
