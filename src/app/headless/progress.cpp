#include "app/headless/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace fluid::app::headless {

namespace {

constexpr auto kQuietFor = std::chrono::seconds(1);            // short runs draw nothing
constexpr auto kRedrawEvery = std::chrono::milliseconds(100);  // terminal output is not free
constexpr int kBarWidth = 30;

}  // namespace

ProgressBar::ProgressBar() : enabled_(isatty(STDERR_FILENO) == 1), start_(Clock::now()), lastDraw_(start_) {}

void ProgressBar::update(const Progress& p)
{
    if (!enabled_) return;
    const auto now = Clock::now();
    if (now - start_ < kQuietFor || now - lastDraw_ < kRedrawEvery) return;
    lastDraw_ = now;
    const double fraction = p.totalSteps > 0 ? static_cast<double>(p.step) / p.totalSteps : 0.0;
    const int filled = static_cast<int>(fraction * kBarWidth);
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(kBarWidth, '.');
    // A steady-state run usually ends long before its budget, so its ETA would
    // mislead; it shows how far the change rate still is from the tolerance.
    if (p.changeRate)
        std::fprintf(stderr, "\r[%s] step %d  t = %.2f s  max|du/dt| = %.2e m/s^2  \x1b[K", bar.c_str(), p.step, p.time,
                     *p.changeRate);
    else
        std::fprintf(stderr, "\r[%s] %3.0f%%  step %d/%d  t = %.2f s  eta %.0f s\x1b[K", bar.c_str(), 100.0 * fraction,
                     p.step, p.totalSteps, p.time, fraction > 0.0 ? elapsed * (1.0 - fraction) / fraction : 0.0);
    std::fflush(stderr);
    drawn_ = true;
}

void ProgressBar::finish()
{
    if (!drawn_) return;
    std::fprintf(stderr, "\r\x1b[K");
    std::fflush(stderr);
    drawn_ = false;
}

}  // namespace fluid::app::headless
