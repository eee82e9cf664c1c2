#include "app/window/panel_widgets.hpp"

#include "app/window/slider_value.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace fluid::app::widgets {

Columns& measuredColumns()
{
    static Columns measured;
    return measured;
}

// Text wrapped to `width` pixels (the rest of the line where 0) at spaces
// and newlines only. ImGui's own wrapping also breaks after '.' and ',',
// which split a value in two ("0." at the end of a line, "01667 s" on the
// next); a word wider than the line is left whole.
void wrappedText(std::string_view text, float width)
{
    if (width <= 0.0f) width = ImGui::GetContentRegionAvail().x;
    std::string line;
    for (std::size_t at = 0;;) {
        const std::size_t end = text.find_first_of(" \n", at);
        const std::string_view word = text.substr(at, end == std::string_view::npos ? end : end - at);
        std::string longer = line.empty() ? std::string(word) : line + " " + std::string(word);
        if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
            ImGui::TextUnformatted(line.c_str());
            longer = word;
        }
        line = std::move(longer);
        if (end == std::string_view::npos) break;
        if (text[end] == '\n') {
            ImGui::TextUnformatted(line.c_str());
            line.clear();
        }
        at = end + 1;
    }
    if (!line.empty()) ImGui::TextUnformatted(line.c_str());
}

// Wrapped at about 30 font heights: a long help line stays a readable block
// instead of a strip across the window.
void tooltip(const char* text)
{
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    wrappedText(text, ImGui::GetFontSize() * 30.0f);
    ImGui::EndTooltip();
}

// The width a combo needs to show `text` whole: the text, the frame's
// padding and the arrow button (a square of the frame's height).
float comboWidth(std::string_view text)
{
    return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x + 2.0f * ImGui::GetStyle().FramePadding.x +
           ImGui::GetFrameHeight();
}

void needLabel(const char* label)
{
    measuredColumns().label = std::max(measuredColumns().label, ImGui::CalcTextSize(label, nullptr, true).x);
}

// The next combo as wide as the sliders, or as `widest` (comboWidth) where
// that is wider.
void fitNextCombo(const char* label, float widest)
{
    needLabel(label);
    measuredColumns().control = std::max(measuredColumns().control, widest);
    ImGui::SetNextItemWidth(std::max(ImGui::CalcItemWidth(), widest));
}

// The slider range is only for dragging: Ctrl+click may type any value, and
// values from flags or the settings file may lie outside it. Ranges are
// enforced where the values are used (validate(), sanitize()); here we only
// refuse what is not a number (ImGui 1.86 applies "*1e39" typed after the
// old value, which can make inf or NaN).
// Both return whether *value is to be applied now (settledSliderValue, slider_value.hpp).
bool sliderFloat(const char* label, float* value, float lo, float hi, const char* format, const char* help,
                 bool logarithmic)
{
    needLabel(label);
    const float before = *value;
    const bool changed =
        ImGui::SliderFloat(label, value, lo, hi, format, logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
    if (changed && !std::isfinite(*value)) *value = before;
    const std::optional<double> settled = settledSliderValue(changed, *value);  // before the tooltip's window
    tooltip(help);
    if (settled) *value = static_cast<float>(*settled);
    return settled.has_value();
}

bool sliderInt(const char* label, int* value, int lo, int hi, const char* help)
{
    needLabel(label);
    const bool changed = ImGui::SliderInt(label, value, lo, hi);
    const std::optional<double> settled = settledSliderValue(changed, *value);
    tooltip(help);
    if (settled) *value = static_cast<int>(*settled);
    return settled.has_value();
}

}  // namespace fluid::app::widgets
