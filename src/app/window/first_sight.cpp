#include "app/window/first_sight.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fluid::app {

namespace {

// splitmix64: a counter-based generator, so the n-th splat of a seed is the
// same whatever came before it, on every platform (std's distributions are
// not specified bit for bit).
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// Uniform in [0, 1) from 24 bits of the stream.
struct Stream {
    std::uint64_t key;
    std::uint64_t n = 0;
    float next() { return static_cast<float>(mix(key + n++) >> 40) * 0x1p-24f; }
};

// A fully saturated colour of hue h in [0, 1) (HSV with s = v = 1).
glm::vec3 hueColour(float h)
{
    glm::vec3 c;
    for (int k = 0; k < 3; ++k) {
        const float x = std::fmod(h * 6.0f + 6.0f - 2.0f * static_cast<float>(k), 6.0f);  // r, g, b: phases 0, 4, 2
        c[k] = std::clamp(std::abs(x - 3.0f) - 1.0f, 0.0f, 1.0f);
    }
    return c;
}

// Dye at a splat's centre, times its colour: 1 - exp(-2) = 0.86 of full
// colour at exposure 1, well above the bloom's threshold, so the cores glow.
constexpr float kBurstDye = 2.0f;
constexpr float kIdleDye = 2.0f;

// Colours that stay vivid as they mix. Dye mixes as light does: two
// neighbouring hues blend into a saturated hue between them, two far apart
// (red and cyan) into grey, and a minute of random hues stirred together is a
// grey-olive soup. So the burst's hues follow the angle around the domain's
// centre (a colour wheel: each splat's neighbours are near it in hue), and
// the idle splats' hue walks slowly around the wheel (kIdleHueStep a splat,
// once around in about 20 s) with a jitter of a fifth of the wheel, so that
// what is on screen at once, a few splats' worth under the window's dye
// dissipation, lies within a third of it: near enough to mix vividly, apart
// enough that neighbouring filaments differ in brightness (green is ten times
// as bright as blue), which is where the eye sees detail.
constexpr float kIdleHueStep = 0.07f;
constexpr float kHueJitter = 0.2f;

float wrapHue(float h)
{
    return h - std::floor(h);
}

}  // namespace

float FirstSight::splatHue(std::uint64_t n, glm::vec2 at, const SimParams& params) const
{
    Stream random{mix(seed_ + 1) ^ (n * 0x9e3779b97f4a7c15ull)};
    const float jitter = kHueJitter * (random.next() - 0.5f);
    const float start = static_cast<float>(mix(seed_) >> 40) * 0x1p-24f;  // the wheel's turn, by the seed
    if (n < static_cast<std::uint64_t>(kBurstSplats)) {
        const glm::vec2 centre(0.5f * params.domainWidth, 0.5f * params.domainHeight());
        const float angle = std::atan2(at.y - centre.y, at.x - centre.x);
        return wrapHue(start + angle / (2.0f * std::numbers::pi_v<float>)+jitter);
    }
    return wrapHue(start + kIdleHueStep * static_cast<float>(n - kBurstSplats) + jitter);
}

Splat FirstSight::randomSplat(std::uint64_t n, float dyeScale, const SimParams& params) const
{
    Stream random{mix(seed_) ^ (n * 0x632be59bd9b4e019ull)};
    const float w = params.domainWidth, h = params.domainHeight();
    const float shortSide = std::min(w, h);
    Splat s;
    s.from = s.to = glm::vec2(w * (0.1f + 0.8f * random.next()), h * (0.1f + 0.8f * random.next()));
    s.radius = shortSide * (0.045f + 0.035f * random.next());
    const float angle = 2.0f * std::numbers::pi_v<float> * random.next();
    const float speed = shortSide * (0.8f + 1.0f * random.next());  // m/s at the centre
    s.velocity = speed * glm::vec2(std::cos(angle), std::sin(angle));
    // Away from the nearer wall on each axis: a splat fired at a wall only
    // flattens its dye against it, in layers along the wall.
    if ((s.from.x > 0.5f * w) == (s.velocity.x > 0.0f)) s.velocity.x = -s.velocity.x;
    if ((s.from.y > 0.5f * h) == (s.velocity.y > 0.0f)) s.velocity.y = -s.velocity.y;
    s.dye = dyeScale * hueColour(splatHue(n, s.from, params));
    return s;
}

void FirstSight::addSplats(double t, double dt, const SimParams& params, std::vector<Splat>& out)
{
    if (!enabled_) return;
    if (sceneHasItsOwnSubject(params)) {
        burstDone_ = true;
        noteActivity(t);
        return;
    }
    if (!burstDone_ && t + dt > 0.0) {
        for (std::uint64_t n = 0; n < kBurstSplats; ++n) out.push_back(randomSplat(n, kBurstDye, params));
        burstDone_ = true;
    }
    // (Each computed from the last activity alone, the splat at 4 s came
    // twice: in the step that ends at 3.99999... + dt and in the one at 4.)
    if (nextIdleSplat_ < t + dt) {
        out.push_back(randomSplat(kBurstSplats + idleSplats_++, kIdleDye, params));  // after the burst's numbers
        nextIdleSplat_ = std::max(nextIdleSplat_, t) + kIdleEvery;
    }
}

void FirstSight::drawHint(bool painted, float wallSeconds)
{
    if (!enabled_ || hintAlpha_ <= 0.0f) return;
    if (painted) hintAlpha_ = std::max(0.0f, hintAlpha_ - wallSeconds / kHintFadeSeconds);
    if (hintAlpha_ <= 0.0f) return;
    // ASCII only: ImGui's default font (ProggyClean) draws U+00B7 as a box.
    const char* text = "drag to paint  |  F1 panel  |  V views";
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize() * 1.5f;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0.0f, text);
    const ImVec2 at(std::floor(0.5f * (display.x - extent.x)), std::floor(display.y - extent.y - 0.06f * display.y));
    const float pad = 0.5f * size;
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(at.x - pad, at.y - 0.5f * pad),
                        ImVec2(at.x + extent.x + pad, at.y + extent.y + 0.5f * pad),
                        ImGui::GetColorU32(ImVec4(0.0f, 0.0f, 0.0f, 0.55f * hintAlpha_)), 0.5f * size);
    draw->AddText(font, size, at, ImGui::GetColorU32(ImVec4(1.0f, 1.0f, 1.0f, 0.9f * hintAlpha_)), text);
}

}  // namespace fluid::app
