// FirstSight: what a newcomer sees in the first minute without touching
// anything (STYLE.md habit 20): a burst of colour at start, a hint on the
// canvas that fades once they paint, and a random splat every few seconds
// while nobody paints, so the fluid never stands still.
//
// Window only: the headless runner and the solver's tests never see it. Its
// splats are timed in fluid time and handed to the step together with the
// stroke's (as the idle brush's are), so they land on the same steps at any
// frame rate, and are the same every run for a seed.
#pragma once

#include <cstdint>
#include <vector>

#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid::app {

class FirstSight {
public:
    static constexpr int kBurstSplats = 20;          // at fluid time 0
    static constexpr double kIdleAfter = 4.0;        // s of fluid time without painting before the random splats
    static constexpr double kIdleEvery = 1.5;        // s of fluid time between them
    static constexpr float kHintFadeSeconds = 1.5f;  // wall-clock s, once the user painted

    // enabled false: no splats and no hint (--first-sight off).
    explicit FirstSight(bool enabled, std::uint64_t seed = 1) : enabled_(enabled), seed_(seed) {}

    // Painting (or a held button) at fluid time t: the random splats wait.
    void noteActivity(double t) { nextIdleSplat_ = t + kIdleAfter; }

    // Scenes with a subject of their own, where coloured splats would only
    // hide it: smoke (gravity on: a plume, grey) and the wind tunnel (the flow
    // past its body). There the burst and the idle splats do not land.
    static bool sceneHasItsOwnSubject(const SimParams& params)
    {
        return smokeIsOn(params) || isTunnel(params.boundary);
    }

    // Appends the splats due in the step from fluid time t to t + dt: the
    // burst in the step that holds t = 0, and the idle splat whose time
    // (kIdleAfter after the last activity, then every kIdleEvery) falls before
    // t + dt, once: a time on a step's boundary is not also claimed by the
    // next step, whichever way t + dt rounds. Nothing in a scene with its
    // own subject (sceneHasItsOwnSubject): the burst is then skipped for
    // good, and the idle splats wait as if someone were painting.
    void addSplats(double t, double dt, const SimParams& params, std::vector<Splat>& out);

    // The hint on ImGui's foreground draw list, at the bottom of the window
    // (between ImGui::NewFrame and ImGui::Render); `painted`: the user has
    // painted, and it fades out; `wallSeconds`: the frame's wall time.
    void drawHint(bool painted, float wallSeconds);

    bool hintVisible() const { return enabled_ && hintAlpha_ > 0.0f; }

private:
    // The hue of the n-th splat, which lands at `at` (first_sight.cpp: why
    // hues follow the place in the burst and walk slowly after it).
    float splatHue(std::uint64_t n, glm::vec2 at, const SimParams& params) const;
    // The n-th random splat: a point of bright colour with a push in a random
    // direction, anywhere but at the very edges.
    Splat randomSplat(std::uint64_t n, float dyeScale, const SimParams& params) const;

    bool enabled_;
    std::uint64_t seed_;
    bool burstDone_ = false;
    double nextIdleSplat_ = kIdleAfter;  // fluid time of the next idle splat
    std::uint64_t idleSplats_ = 0;
    float hintAlpha_ = 1.0f;
};

}  // namespace fluid::app
