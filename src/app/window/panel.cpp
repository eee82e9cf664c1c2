#include "app/window/panel.hpp"

#include "app/grid_picker.hpp"
#include "app/panel_placement.hpp"
#include "core/parameters.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <string>
#include <string_view>

namespace fluid::app {

namespace {

// Wrapped at about 30 font heights: a long help line stays a readable block
// instead of a strip across the window.
void tooltip(const char* text)
{
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// The rows of the parameter table that the quick group shows; the rest are
// the solver's internals, in their own collapsed group.
bool isQuick(const Parameter& row)
{
    for (const char* key : {"viscosity", "vorticity", "pressure-solver", "pressure-iterations", "multigrid-cycles"})
        if (std::string_view(row.key) == key) return true;
    return false;
}

bool shown(const Parameter& row, const SimParams& p)
{
    return !row.shown || row.shown(p);
}

// The slider range is only for dragging: Ctrl+click may type any value, and
// values from flags or the settings file may lie outside it. Ranges are
// enforced where the values are used (validate(), sanitize()); here we only
// refuse what is not a number (ImGui 1.86 applies "*1e39" typed after the
// old value, which can make inf or NaN).
bool sliderFloat(const char* label, float* value, float lo, float hi, const char* format, const char* help,
                 bool logarithmic = false)
{
    const float before = *value;
    const bool changed =
        ImGui::SliderFloat(label, value, lo, hi, format, logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
    tooltip(help);
    if (changed && !std::isfinite(*value)) *value = before;
    return changed;
}

bool sliderInt(const char* label, int* value, int lo, int hi, const char* help)
{
    const bool changed = ImGui::SliderInt(label, value, lo, hi);
    tooltip(help);
    return changed;
}

// A row of the parameter table (core/parameters.hpp) as its control: a
// slider over the row's drag range, a combo of its choices or a checkbox.
void parameterControl(const Parameter& row, SimParams& p)
{
    switch (row.kind) {
        case ParameterKind::Real: {
            float value = static_cast<float>(row.get(p));
            const std::string format = std::string(row.slider.format) + (*row.unit ? " " : "") + row.unit;
            if (sliderFloat(row.label, &value, static_cast<float>(row.slider.min), static_cast<float>(row.slider.max),
                            format.c_str(), row.help, row.slider.logarithmic))
                row.set(p, value);
            return;
        }
        case ParameterKind::Integer: {
            int value = static_cast<int>(row.get(p));
            if (sliderInt(row.label, &value, static_cast<int>(row.slider.min), static_cast<int>(row.slider.max),
                          row.help))
                row.set(p, value);
            return;
        }
        case ParameterKind::Switch: {
            bool on = row.get(p) != 0.0;
            if (ImGui::Checkbox(row.label, &on)) row.set(p, on ? 1.0 : 0.0);
            tooltip(row.help);
            return;
        }
        case ParameterKind::Choice: {
            const double current = row.get(p);
            const char* preview = "?";
            for (const ParameterChoice& c : row.choices)
                if (c.value == current) preview = c.label;
            if (ImGui::BeginCombo(row.label, preview)) {
                for (const ParameterChoice& c : row.choices)
                    if (ImGui::Selectable(c.label, c.value == current)) row.set(p, c.value);
                ImGui::EndCombo();
            }
            tooltip(row.help);
            return;
        }
    }
}

void bloomControl(BloomLook& b)
{
    ImGui::Checkbox("##bloom on", &b.enabled);
    tooltip("Bloom on or off (--bloom): bright dye glows. Dye view only; nothing else is processed.");
    ImGui::SameLine();
    sliderFloat("bloom", &b.intensity, 0.0f, 3.0f, "%.2f",
                "How much glow the bright dye adds (--bloom-intensity); threshold and radius are under Look.", false);
}

// Open at start: what changes the picture most, in a few rows.
void quickSection(PanelState& s)
{
    if (!ImGui::CollapsingHeader("Quick", ImGuiTreeNodeFlags_DefaultOpen)) return;
    Brush& b = s.brush;
    sliderFloat("brush radius", &b.radius, 0.002f, 0.2f, "%.3f m",
                "Radius r of the Gaussian exp(-d^2/r^2) around the stroke, in metres (the short side is 1 m).", true);
    sliderFloat("dye amount", &b.dyeAmount, 0.0f, 5.0f, "%.2f",
                "Peak dye of a drawn line (dye x sqrt(pi) r per metre of stroke), whatever its speed or the "
                "frame rate.");
    ImGui::Checkbox("hover paints", &s.hoverPaint);
    tooltip("The moving pointer paints without a button, as with the left one held (--hover-paint).");
    for (const Parameter& row : parameters())
        if (isQuick(row) && shown(row, s.params)) parameterControl(row, s.params);
    DisplaySettings& d = s.display;
    if (ImGui::BeginCombo("field (V)", toString(d.view))) {
        for (const FieldViewInfo& info : fieldViews()) {
            if (ImGui::Selectable(info.name, info.view == d.view)) d.view = info.view;
            tooltip(info.help);
        }
        ImGui::EndCombo();
    }
    tooltip(viewInfo(d.view).help);
    if (d.view == FieldView::Dye || d.view == FieldView::Water)
        sliderFloat(d.view == FieldView::Dye ? "exposure" : "ink exposure", &d.dyeExposure, 0.05f, 10.0f, "%.2f",
                    "Dye is shown as 1 - exp(-exposure * dye).", true);
    if (d.view == FieldView::Dye) bloomControl(d.bloom);
}

void simulationSection(PanelState& s, PanelActions& actions)
{
    if (!ImGui::CollapsingHeader("Solver internals")) return;
    for (const Parameter& row : parameters())
        if (!isQuick(row) && shown(row, s.params)) parameterControl(row, s.params);
    sliderInt("max steps per frame", &s.maxStepsPerFrame, 1, 16,
              "The most steps one frame may run to keep up with real time. Beyond it (or beyond 50 ms of steps "
              "per frame) the fluid runs slower than real time rather than the frame rate collapsing.");

    // The preview shows the current size even when it came from --grid and is not in the list.
    const std::string preview = std::to_string(s.gridShortSide) + (s.autoGrid ? " (auto)" : "");
    if (ImGui::BeginCombo("grid (short side)", preview.c_str())) {
        if (ImGui::Selectable("auto", s.autoGrid)) {
            s.autoGrid = true;
            actions.applyGrid = true;
        }
        for (int cells : gridChoices()) {
            const bool chosen = cells == s.gridShortSide && !s.autoGrid;
            if (ImGui::Selectable(std::to_string(cells).c_str(), chosen) && !chosen) {
                s.gridShortSide = cells;
                s.autoGrid = false;
                actions.applyGrid = true;
            }
        }
        ImGui::EndCombo();
    }
    tooltip(
        "Cells on the window's shorter side; the other side follows the window's shape. auto measures "
        "the step at each size and takes the largest that keeps up with real time on this machine. "
        "Changing it reallocates every field and carries the fluid over (resampled); with auto, a fluid that "
        "stays under 0.95x real time for a few seconds gets a smaller grid the same way.");

    const auto dyeGridName = [](int cells) { return cells == 0 ? std::string("as the grid") : std::to_string(cells); };
    if (ImGui::BeginCombo("dye grid (short side)", dyeGridName(s.dyeGridShortSide).c_str())) {
        for (int cells : {0, 256, 512, 1024, 2048}) {
            const bool chosen = cells == s.dyeGridShortSide;
            if (ImGui::Selectable(dyeGridName(cells).c_str(), chosen) && !chosen) {
                s.dyeGridShortSide = cells;
                s.autoDyeGrid = false;
                actions.applyGrid = true;
            }
        }
        ImGui::EndCombo();
    }
    tooltip(
        "Dye cells on the window's shorter side: the colour's own grid, finer than the velocity's for "
        "sharp detail at little cost (the velocity is interpolated at each dye cell). Changing it "
        "reallocates every field and carries the fluid over (resampled). With the auto grid it starts at "
        "the finest of 4x and 2x the grid that still keeps up here.");
}

// The smoke's physics (gravity, ambient temperature, smoke weight, cooling)
// are rows of the parameter table, in the solver's internals.
void smokeControls(PanelState& s, const PanelStats& stats)
{
    ImGui::Separator();
    ImGui::TextUnformatted("smoke emitters (Shift+click)");
    sliderFloat("emitter heat", &s.brush.emitterHeat, 0.0f, 2000.0f, "%.0f K/s",
                "Heat a new emitter adds per second at its centre (K/s).");
    sliderFloat("emitter smoke", &s.brush.emitterSmoke, 0.0f, 10.0f, "%.2f 1/s",
                "Smoke (grey dye) a new emitter adds per second at its centre.");
    ImGui::Text("emitters: %d (Shift+click places one, E removes all)", stats.emitters);
}

// Radius and dye amount are in the quick group.
void brushSection(PanelState& s, const PanelStats& stats)
{
    if (!ImGui::CollapsingHeader("Brush and emitters")) return;
    Brush& b = s.brush;
    sliderFloat("splat force", &b.force, 0.0f, 10.0f, "%.2f",
                "A stroke leaves the fluid along it moving at force x the pointer's velocity (m/s), whatever "
                "the frame rate.");
    sliderFloat("dye rate", &b.dyeRate, 0.0f, 20.0f, "%.2f 1/s",
                "Dye added per second at the centre of a brush held still (dye x pi r^2 per second).");
    ImGui::Checkbox("fixed colour", &b.fixedColour);
    tooltip("Off: every stroke takes the next colour of a cycle of hues. On: every stroke uses the colour below.");
    if (b.fixedColour) ImGui::ColorEdit3("colour", &b.colour.x);
    smokeControls(s, stats);
}

void obstacleSection(PanelState& s, const PanelStats& stats, PanelActions& actions)
{
    if (!ImGui::CollapsingHeader("Obstacles")) return;
    ImGui::Checkbox("brush paints obstacles", &s.obstacleBrush);
    tooltip(
        "On: left drag paints solid, right drag erases. Off: the same with Ctrl held (Ctrl+Shift+drag "
        "erases too); without Ctrl the mouse paints dye.");
    sliderFloat("obstacle brush", &s.obstacleBrushRadius, 0.002f, 0.2f, "%.3f m",
                "Radius of the obstacle brush in metres (the short side is 1 m).", true);
    if (ImGui::Button("Clear obstacles")) actions.clearObstacles = true;
    ImGui::SameLine();
    if (ImGui::Button("Restore obstacles")) actions.restoreObstacles = true;
    tooltip("Back to the obstacles of --obstacles and --obstacle (none without them).");
    ImGui::Text("%d solid cells", stats.solidCells);
    if (!stats.obstacleNote.empty()) ImGui::TextWrapped("%s", stats.obstacleNote.c_str());
}

void waterControls(DisplaySettings& d)
{
    using L = DisplayLimits;
    WaterLook& w = d.water;
    sliderFloat("relief", &w.relief, 0.0f, 50.0f, "%.1f",
                "Height of the surface per pressure: 1 is the height a free surface would take, p / (rho g); "
                "more exaggerates the waves.",
                false);
    sliderFloat("light azimuth", &w.lightAzimuth, 0.0f, 360.0f, "%.0f deg",
                "Direction of the light, counter-clockwise from +x.", false);
    sliderFloat("light elevation", &w.lightElevation, 5.0f, 90.0f, "%.0f deg", "Height of the light above the surface.",
                false);
    sliderFloat("shininess", &w.shininess, L::kMinShininess, L::kMaxShininess, "%.0f",
                "Sharpness of the highlight (Blinn-Phong exponent).", true);
    sliderFloat("depth", &w.depth, 0.0f, 1.0f, "%.2f m", "Water over the tiled floor: how far refraction shifts it.",
                false);
}

// The view and its exposure are in the quick group; here is the rest of how
// the chosen view looks.
void lookSection(PanelState& s, const PanelStats& stats)
{
    if (!ImGui::CollapsingHeader("Look")) return;
    DisplaySettings& d = s.display;
    if (d.view == FieldView::Dye) {
        sliderFloat("bloom threshold", &d.bloom.threshold, 0.0f, 1.0f, "%.2f",
                    "Brightness (of 1) where the glow starts, with a soft start below it (--bloom-threshold).", false);
        sliderFloat("bloom radius", &d.bloom.radius, DisplayLimits::kMinBloomRadius, 0.2f, "%.3f",
                    "Spread of the glow, a fraction of the window's short side (--bloom-radius).", true);
        return;
    }
    if (d.view == FieldView::Water) {
        waterControls(d);
        return;
    }
    if (d.view != FieldView::Velocity) {
        int map = d.scalarMap == ColourMap::Diverging ? 0 : 1;
        if (ImGui::Combo("colour map", &map, "diverging (blue-white-red)\0sequential (dark-bright)\0\0"))
            d.scalarMap = map == 0 ? ColourMap::Diverging : ColourMap::Sequential;
        tooltip("Both span [-range, range]; diverging shows the sign best.");
    }
    ImGui::Checkbox("auto range", &d.autoRange);
    tooltip("Follow the field's largest magnitude (measured on the GPU, a few frames late).");
    if (d.autoRange) {
        ImGui::Text("range: %.3g", static_cast<double>(stats.displayRange));
    } else {
        sliderFloat("range", &d.fixedRange, 1e-6f, 1e3f, "%.3g", "The value shown at full colour.", true);
    }
}

void motionSection(PanelState& s, const PanelStats& stats)
{
    if (stats.motionSource.empty()) return;
    if (!ImGui::CollapsingHeader("Motion input", ImGuiTreeNodeFlags_DefaultOpen)) return;
    ImGui::TextWrapped("%s", stats.motionSource.c_str());
    if (!stats.motionActive) return;
    MotionParams& m = s.motion;
    ImGui::Checkbox("motion on", &m.enabled);
    tooltip("Off: the frames are still read, and nothing pushes the fluid.");
    sliderFloat("gain", &m.gain, 0.0f, 100.0f, "%.1f 1/s",
                "Where something moves, the fluid takes on its velocity at this rate.", false);
    sliderFloat("threshold", &m.threshold, 0.0f, 0.5f, "%.3f",
                "A brightness change (of 1) below this is camera noise, not motion.", false);
    sliderFloat("time blur", &m.timeBlur, 0.0f, 2.0f, "%.2f s", "Time over which the motion is averaged.", false);
    sliderFloat("motion dye", &m.dye, 0.0f, 20.0f, "%.1f 1/s", "Dye per second where there is motion.", false);
    if (m.dye > 0.0f) ImGui::ColorEdit3("motion colour", &m.dyeColour.x);
    ImGui::Checkbox("mirror", &m.mirror);
    tooltip("Flip the picture left-right: a camera facing the people in front of the wall.");
    sliderFloat("show camera", &s.display.cameraOverlay, 0.0f, 1.0f, "%.2f",
                "The camera's picture over the fluid, as the motion input sees it (0: hidden).", false);
}

void statsSection(const PanelStats& stats, bool paused)
{
    if (!ImGui::CollapsingHeader("Stats")) return;
    ImGui::Text("%.1f frames/s", stats.framesPerSecond);
    if (paused)
        ImGui::TextUnformatted("paused");
    else if (stats.realTimeFactor < 0.95)
        ImGui::Text("running at %.2fx real time", stats.realTimeFactor);
    else
        ImGui::Text("real time (%.2fx)", stats.realTimeFactor);
    tooltip(
        "Simulated time per wall-clock time. Below 1 the machine cannot run the steps real time asks for "
        "within the step cap: fewer pressure iterations or a smaller grid help.");
    if (stats.stepMilliseconds >= 0.0)
        ImGui::Text("%.2f ms per step (GPU timer)", stats.stepMilliseconds);
    else
        ImGui::TextUnformatted("ms per step: measuring...");
    if (stats.pressureResidual >= 0.0) {
        ImGui::Text("pressure residual %.1e", stats.pressureResidual);
        tooltip(
            "What the last pressure solve left undone: the largest residual of the Poisson equation over "
            "the largest h^2 div u it was solving for (0: solved exactly). Multigrid cycles or Jacobi "
            "iterations lower it.");
    }
    ImGui::Text("grid %d x %d cells", stats.grid.x, stats.grid.y);
    if (!stats.gridChoice.empty()) ImGui::TextWrapped("%s", stats.gridChoice.c_str());
    ImGui::TextWrapped("%s", stats.renderer.c_str());
    if (!stats.lastScreenshot.empty()) ImGui::TextWrapped("saved %s", stats.lastScreenshot.c_str());
    if (!stats.writeError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        ImGui::TextWrapped("%s", stats.writeError.c_str());
        ImGui::PopStyleColor();
    }
}

void helpSection(PanelActions& actions)
{
    if (!ImGui::CollapsingHeader("Help")) return;
    if (ImGui::Button("Reset to defaults")) actions.resetDefaults = true;
    tooltip("Every simulation, brush and display setting back to its default.");
    ImGui::SameLine();
    if (ImGui::Button("Screenshot")) actions.screenshot = true;
    static constexpr std::array<std::array<const char*, 2>, 16> kKeys{{
        {"left drag", "paint dye and push the fluid"},
        {"right drag", "push the fluid, no dye"},
        {"Ctrl+drag", "paint obstacles"},
        {"Ctrl+Shift+drag", "erase obstacles (or Ctrl+right drag)"},
        {"Shift+click", "place a smoke emitter (needs gravity > 0)"},
        {"E", "remove every emitter"},
        {"Space", "pause / resume"},
        {"N", "one step while paused"},
        {"R", "reset the fluid"},
        {"C", "clear the dye"},
        {"V", "next displayed field"},
        {"F1", "hide / show this panel"},
        {"F12 or P", "save a screenshot (PNG)"},
        {"Esc", "quit"},
        {"Ctrl+click", "type a slider's value"},
        {"hover", "what a control does"},
    }};
    if (ImGui::BeginTable("keys", 2)) {
        for (const auto& [key, what] : kKeys) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(key);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(what);
        }
        ImGui::EndTable();
    }
}

}  // namespace

PanelActions drawPanel(PanelState& state, const PanelStats& stats)
{
    PanelActions actions;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    if (!state.visible || !panelFits({display.x, display.y})) return actions;
    ImGui::SetNextWindowPos(ImVec2(kPanelOrigin.x, kPanelOrigin.y), ImGuiCond_FirstUseEver);
    // A fixed width, and the height of the open groups: opening one grows
    // the panel, closing it gives the fluid back (up to the window's height,
    // then it scrolls).
    const float width = ImGui::GetFontSize() * kPanelWidthInFontSizes;
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, FLT_MAX));
    ImGui::SetNextWindowBgAlpha(0.85f);
    const bool open = ImGui::Begin("fluidsim (F1 hides)", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    // Even collapsed, its title bar stays where it can be grabbed.
    const ImVec2 position = ImGui::GetWindowPos();
    const glm::vec2 reachable =
        keepReachable({position.x, position.y}, {display.x, display.y}, ImGui::GetFrameHeight());
    if (reachable != glm::vec2(position.x, position.y)) ImGui::SetWindowPos(ImVec2(reachable.x, reachable.y));
    if (!open) {
        ImGui::End();
        return actions;
    }
    // Leave room for the labels to the right of the controls.
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 11.5f);
    if (ImGui::Button(state.paused ? "Resume" : "Pause")) state.paused = !state.paused;
    ImGui::SameLine();
    if (ImGui::Button("Step")) actions.stepOnce = true;
    ImGui::SameLine();
    if (ImGui::Button("Reset fluid")) actions.resetFluid = true;
    ImGui::SameLine();
    if (ImGui::Button("Clear dye")) actions.clearDye = true;

    quickSection(state);
    simulationSection(state, actions);
    brushSection(state, stats);
    lookSection(state, stats);
    obstacleSection(state, stats, actions);
    motionSection(state, stats);
    statsSection(stats, state.paused);
    helpSection(actions);
    ImGui::PopItemWidth();
    ImGui::End();
    return actions;
}

}  // namespace fluid::app
