#include "app/window/panel.hpp"

#include "app/window/panel_widgets.hpp"

#include "app/grid_picker.hpp"
#include "app/panel_placement.hpp"
#include "app/setting_rows.hpp"
#include "core/parameters.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace fluid::app {

namespace {

using namespace widgets;

bool scrolls = false;  // the panel was taller than the window in the last frame: a scrollbar takes its width

// The rows of the parameter table that the quick group shows; the rest are
// the solver's internals, in their own collapsed group.
bool isQuick(const Parameter& row)
{
    for (const char* key : {"viscosity", "vorticity", "pressure-solver", "pressure-iterations", "multigrid-cycles"})
        if (std::string_view(row.key) == key) return true;
    return false;
}

// The rows of the settings table in `group` that show now.
// A combo of cell counts, `widest` wide, showing `preview` while closed:
// `entriesAbove` draws what comes before the counts, the `current` count is
// marked (-1: none), and picking another calls onPick(cells).
template <typename Counts, typename Name, typename EntriesAbove, typename OnPick>
void cellCountCombo(const char* label, const std::string& preview, float widest, const Counts& counts, int current,
                    const Name& name, const EntriesAbove& entriesAbove, const OnPick& onPick)
{
    fitNextCombo(label, widest);
    if (!ImGui::BeginCombo(label, preview.c_str())) return;
    entriesAbove();
    for (int cells : counts) {
        const bool chosen = cells == current;
        if (ImGui::Selectable(name(cells).c_str(), chosen) && !chosen) onPick(cells);
    }
    ImGui::EndCombo();
}

void settingControls(PanelGroup group, PanelState& s)
{
    AppSettings& settings = s;
    for (const Setting& row : settingRows())
        if (row.group == group && row.isShown(settings)) rowControl<AppSettings>(row, settings);
}

// Open at start: what changes the picture most, in a few rows.
void quickSection(PanelState& s)
{
    if (!ImGui::CollapsingHeader("Quick", ImGuiTreeNodeFlags_DefaultOpen)) return;
    settingControls(PanelGroup::Quick, s);
    for (const Parameter& row : parameters())
        if (isQuick(row) && row.isShown(s.params)) rowControl(row, s.params);
    settingControls(PanelGroup::QuickLook, s);
}

void simulationSection(PanelState& s, PanelActions& actions)
{
    if (!ImGui::CollapsingHeader("Solver internals")) return;
    for (const Parameter& row : parameters())
        if (!isQuick(row) && row.isShown(s.params)) rowControl(row, s.params);
    settingControls(PanelGroup::Solver, s);

    // The preview shows the current size even when it came from --grid and is not in the list.
    const std::string preview = std::to_string(s.gridShortSide) + (s.autoGrid ? " (auto)" : "");
    float widest = comboWidth(preview);
    for (int cells : gridChoices()) widest = std::max(widest, comboWidth(std::to_string(cells) + " (auto)"));
    const auto autoEntry = [&] {
        if (ImGui::Selectable("auto", s.autoGrid)) {
            s.autoGrid = true;
            actions.applyGrid = true;
        }
    };
    const auto name = [](int cells) { return std::to_string(cells); };
    cellCountCombo("grid (short side)", preview, widest, gridChoices(), s.autoGrid ? -1 : s.gridShortSide, name,
                   autoEntry, [&](int cells) {
                       s.gridShortSide = cells;
                       s.autoGrid = false;
                       actions.applyGrid = true;
                   });
    tooltip(
        "Cells on the window's shorter side; the other side follows the window's shape. auto measures "
        "the step at each size and takes the largest that keeps up with real time on this machine. "
        "Changing it reallocates every field and carries the fluid over (resampled); with auto, a fluid that "
        "stays under 0.95x real time for a few seconds gets a smaller grid the same way.");

    const auto dyeGridName = [](int cells) { return cells == 0 ? std::string("as the grid") : std::to_string(cells); };
    constexpr std::array kDyeGrids{0, 256, 512, 1024, 2048};
    widest = comboWidth(dyeGridName(s.dyeGridShortSide));
    for (int cells : kDyeGrids) widest = std::max(widest, comboWidth(dyeGridName(cells)));
    cellCountCombo(
        "dye grid (short side)", dyeGridName(s.dyeGridShortSide), widest, kDyeGrids, s.dyeGridShortSide, dyeGridName,
        [] {},
        [&](int cells) {
            s.dyeGridShortSide = cells;
            s.autoDyeGrid = false;
            actions.applyGrid = true;
        });
    tooltip(
        "Dye cells on the window's shorter side: the colour's own grid, finer than the velocity's for "
        "sharp detail at little cost (the velocity is interpolated at each dye cell). Changing it "
        "reallocates every field and carries the fluid over (resampled). With the auto grid it starts at "
        "the finest of 4x and 2x the grid that still keeps up here.");
}

// Radius and dye amount are in the quick group. The smoke's physics
// (gravity, ambient temperature, smoke weight, cooling) are rows of the
// parameter table, in the solver's internals.
void brushSection(PanelState& s, const PanelStats& stats)
{
    if (!ImGui::CollapsingHeader("Brush and emitters")) return;
    settingControls(PanelGroup::Brush, s);
    Brush& b = s.brush;
    ImGui::Checkbox("fixed colour", &b.fixedColour);
    tooltip("Off: every stroke takes the next colour of a cycle of hues. On: every stroke uses the colour below.");
    if (b.fixedColour) ImGui::ColorEdit3("colour", &b.colour.x);
    ImGui::Separator();
    ImGui::TextUnformatted("smoke emitters (Shift+click)");
    settingControls(PanelGroup::Emitters, s);
    wrappedText("emitters: " + std::to_string(stats.emitters) + " (Shift+click places one, E removes all)");
}

void obstacleSection(PanelState& s, const PanelStats& stats, PanelActions& actions)
{
    if (!ImGui::CollapsingHeader("Obstacles")) return;
    ImGui::Checkbox("brush paints obstacles", &s.obstacleBrush);
    tooltip(
        "On: left drag paints solid, right drag erases. Off: the same with Ctrl held (Ctrl+Shift+drag "
        "erases too); without Ctrl the mouse paints dye.");
    settingControls(PanelGroup::Obstacles, s);
    if (ImGui::Button("Clear obstacles")) actions.clearObstacles = true;
    ImGui::SameLine();
    if (ImGui::Button("Restore obstacles")) actions.restoreObstacles = true;
    tooltip("Back to the obstacles of --obstacles and --obstacle (none without them).");
    ImGui::Text("%d solid cells", stats.solidCells);
    if (!stats.obstacleNote.empty()) wrappedText(stats.obstacleNote);
}

// The view and its exposure are in the quick group; here is the rest of how
// the chosen view looks (the rows show for their views).
void lookSection(PanelState& s, const PanelStats& stats)
{
    if (!ImGui::CollapsingHeader("Look")) return;
    settingControls(PanelGroup::Look, s);
    DisplaySettings& d = s.display;
    if (d.view == FieldView::Dye || d.view == FieldView::Water) return;
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
    wrappedText(stats.motionSource);
    if (!stats.motionActive) return;
    MotionParams& m = s.motion;
    ImGui::Checkbox("motion on", &m.enabled);
    tooltip("Off: the frames are still read, and nothing pushes the fluid.");
    settingControls(PanelGroup::Motion, s);
    if (m.dye > 0.0f) ImGui::ColorEdit3("motion colour", &m.dyeColour.x);
}

// A plot of the history's last values, its latest value as the label.
void plot(const char* label, const char* format, const PlotHistory& h)
{
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, format, static_cast<double>(h.latest()));
    ImGui::PlotLines(label, h.values.data(), static_cast<int>(h.values.size()), 0, overlay, 0.0f, FLT_MAX,
                     ImVec2(0.0f, 2.5f * ImGui::GetFontSize()));
}

// Inside Stats, so that the panel at start has no more rows (a fifth of the
// window at most). Open, the frame is profiled (PanelState::profiling;
// FrameProfile): GPU time per group of the step, the display,
// post-processing and the panel, and plots of ms per step, kinetic energy and
// max |div u|. Closed, nothing is measured.
void profileSection(PanelState& state, const PanelStats& stats)
{
    if (!ImGui::TreeNode("Profile")) return;
    state.profiling = true;
    const ProfileSummary& p = stats.profile;
    if (p.lines.empty()) {
        ImGui::TextUnformatted("measuring...");
    } else if (ImGui::BeginTable("profile", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("GPU time");
        ImGui::TableSetupColumn("ms/frame");
        ImGui::TableSetupColumn("share");
        ImGui::TableHeadersRow();
        for (const ProfileTable::Line& l : p.lines) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (l.depth > 0) ImGui::Indent();
            ImGui::TextUnformatted(l.name.c_str());
            if (l.depth > 0) ImGui::Unindent();
            ImGui::TableNextColumn();
            ImGui::Text("%.3f", l.msPerFrame);
            ImGui::TableNextColumn();
            ImGui::Text("%.0f%%", 100.0 * l.share);
        }
        ImGui::EndTable();
    }
    tooltip(
        "GPU time per frame from timestamp queries, read a few frames late (never waited for), averaged over "
        "the last 30 frames. A step's groups count every step of the frame; fluidsim --headless --profile "
        "prints the same per step.");
    plot("ms per step", "%.2f ms", p.msPerStep);
    plot("kinetic energy", "%.3g m^4/s^2", p.kineticEnergy);
    plot("max |div u|", "%.3g 1/s", p.maxDivergence);
    ImGui::TreePop();
}

// One line of the Stats group: what a number means, in words, and the
// number with its unit, in a column of its own so it never wraps.
void statLine(const char* what, const std::string& value, const char* help = nullptr)
{
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    wrappedText(what);
    if (help) tooltip(help);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
    if (help) tooltip(help);
}

std::string formatted(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

void statsSection(PanelState& state, const PanelStats& stats)
{
    if (!ImGui::CollapsingHeader("Stats")) return;
    if (ImGui::BeginTable("stats", 2, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed);
        statLine("frame rate", formatted("%.1f frames/s", stats.framesPerSecond), "How often the window is redrawn.");
        statLine("fluid time per second",
                 state.paused
                     ? std::string("paused")
                     : formatted("%.2f s", stats.realTimeFactor) + (stats.realTimeFactor < 0.95 ? " (slow)" : ""),
                 "Simulated time per second of yours: 1 s is real time. Below it this machine cannot run the "
                 "steps real time asks for: a smaller grid or fewer pressure iterations help.");
        statLine("one step takes",
                 stats.stepMilliseconds >= 0.0 ? formatted("%.2f ms", stats.stepMilliseconds) : "measuring...",
                 "The graphics card's time for one step of the fluid (a GPU timer).");
        if (stats.pressureResidual >= 0.0)
            statLine("pressure error", formatted("%.1e", stats.pressureResidual),
                     "How far the last pressure solve left the fluid from incompressible: the largest residual of "
                     "the Poisson equation over the largest h^2 div u it was solving for (0: exact). More multigrid "
                     "cycles or Jacobi iterations lower it.");
        statLine("grid", std::to_string(stats.grid.x) + " x " + std::to_string(stats.grid.y) + " cells",
                 "Cells the fluid is computed on, across and down.");
        ImGui::EndTable();
    }
    if (!stats.gridChoice.empty()) wrappedText(stats.gridChoice);
    wrappedText("drawn by " + stats.renderer);
    if (!stats.lastScreenshot.empty()) wrappedText("saved " + stats.lastScreenshot);
    if (!stats.recording && !stats.recordingNote.empty()) wrappedText(stats.recordingNote);
    if (!stats.writeError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        wrappedText(stats.writeError);
        ImGui::PopStyleColor();
    }
    profileSection(state, stats);
}

// Record / Stop (F9): beside the buttons above when it fits, so that the
// panel grows by no row.
void recordButton(const PanelStats& stats, PanelActions& actions)
{
    const char* label = stats.recording ? "Stop rec" : "Record";
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(label).x + 2.0f * style.FramePadding.x;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
    if (stats.recording) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.15f, 0.15f, 1.0f));
    if (ImGui::Button(label)) actions.toggleRecording = true;
    if (stats.recording) ImGui::PopStyleColor();
    tooltip(stats.recording ? "Stop the video (F9)."
                            : "Record a video of the window, 30 frames/s of fluid time, into the screenshot "
                              "folder (F9).");
    if (stats.recording) wrappedText(stats.recordingNote);
}

void helpSection(PanelActions& actions)
{
    if (!ImGui::CollapsingHeader("Help")) return;
    if (ImGui::Button("Reset to defaults")) actions.resetDefaults = true;
    tooltip("Every simulation, brush and display setting back to its default.");
    ImGui::SameLine();
    if (ImGui::Button("Screenshot")) actions.screenshot = true;
    static constexpr std::array<std::array<const char*, 2>, 18> kKeys{{
        {"left drag", "paint dye and push the fluid"},
        {"right drag", "push the fluid, no dye"},
        {"Ctrl+drag", "paint obstacles"},
        {"Ctrl+Shift+drag", "erase obstacles (or Ctrl+right drag)"},
        {"Shift+click", "place a smoke emitter (the first turns gravity on)"},
        {"E", "remove every emitter"},
        {"Space", "pause / resume"},
        {"N", "one step while paused"},
        {"R", "reset the fluid"},
        {"C", "clear the dye"},
        {"V", "next displayed field"},
        {"F1", "hide / show this panel"},
        {"F11", "full screen / back to a window"},
        {"F12 or P", "save a screenshot (PNG)"},
        {"F9", "start / stop a video (MP4)"},
        {"Esc", "quit"},
        {"Ctrl+click", "type a slider's value"},
        {"hover", "what a control does"},
    }};
    // The keys as wide as the widest; what they do wraps in the rest of the
    // panel's fixed width instead of running past its edge.
    if (ImGui::BeginTable("keys", 2)) {
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        for (const auto& [key, what] : kKeys) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(key);
            ImGui::TableNextColumn();
            wrappedText(what);
        }
        ImGui::EndTable();
    }
}

}  // namespace

PanelActions drawPanel(PanelState& state, const PanelStats& stats)
{
    PanelActions actions;
    state.profiling = false;  // until the Profile group is drawn open
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    if (!state.visible || !panelFits({display.x, display.y})) return actions;
    ImGui::SetNextWindowPos(ImVec2(kPanelOrigin.x, kPanelOrigin.y), ImGuiCond_FirstUseEver);
    // The width of its columns (Columns), and the height of the open groups:
    // opening one grows the panel, closing it gives the fluid back (up to
    // the window's height, then it scrolls).
    const float font = ImGui::GetFontSize();
    const ImGuiStyle& style = ImGui::GetStyle();
    Columns& measured = measuredColumns();
    const float control = std::max(measured.control, kControlWidthInFontSizes * font);
    const float label = measured.label > 0.0f ? measured.label : kPanelWidthInFontSizes * font - control;
    // And the buttons of the first row, whole ("Clear dy" was cut off).
    float buttons = 0.0f;
    for (const char* b : {"Resume", "Step", "Reset fluid", "Clear dye"})
        buttons += ImGui::CalcTextSize(b).x + 2.0f * style.FramePadding.x + style.ItemSpacing.x;
    const float width =
        std::max({2.0f * style.WindowPadding.x + control + style.ItemInnerSpacing.x + label,
                  2.0f * style.WindowPadding.x + buttons - style.ItemSpacing.x, kPanelWidthInFontSizes * font}) +
        (scrolls ? style.ScrollbarSize : 0.0f);
    measured = {};
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, FLT_MAX));
    ImGui::SetNextWindowBgAlpha(0.85f);
    const bool open = ImGui::Begin("fluidsim (F1 hides)", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    // Even collapsed, its title bar stays where it can be grabbed.
    const ImVec2 position = ImGui::GetWindowPos();
    const glm::vec2 reachable =
        keepReachable({position.x, position.y}, {display.x, display.y}, ImGui::GetFrameHeight());
    if (reachable != glm::vec2(position.x, position.y)) ImGui::SetWindowPos(ImVec2(reachable.x, reachable.y));
    scrolls = ImGui::GetScrollMaxY() > 0.0f;
    if (!open) {
        ImGui::End();
        return actions;
    }
    // The labels to the right of the controls.
    ImGui::PushItemWidth(control);
    if (ImGui::Button(state.paused ? "Resume" : "Pause")) state.paused = !state.paused;
    ImGui::SameLine();
    if (ImGui::Button("Step")) actions.stepOnce = true;
    ImGui::SameLine();
    if (ImGui::Button("Reset fluid")) actions.resetFluid = true;
    ImGui::SameLine();
    if (ImGui::Button("Clear dye")) actions.clearDye = true;
    recordButton(stats, actions);

    quickSection(state);
    simulationSection(state, actions);
    brushSection(state, stats);
    lookSection(state, stats);
    obstacleSection(state, stats, actions);
    motionSection(state, stats);
    statsSection(state, stats);
    helpSection(actions);
    ImGui::PopItemWidth();
    ImGui::End();
    return actions;
}

}  // namespace fluid::app
