// The panel's widgets: wrapped text and tooltips, sliders that refuse what
// is not a number, combos as wide as their longest choice, and a row of a
// parameter or settings table as its control. Each records the width its
// label and control need (Columns), which the next frame's layout reads.
#pragma once

#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "core/parameters.hpp"

namespace fluid::app::widgets {

// The panel's two columns: the controls, then their labels. Each is as wide
// as the rows drawn in the last frame need (a combo as wide as its longest
// choice, so that none is cut off: "auto (by bou"), so the panel is as wide
// as its open groups: narrow at start, with only the quick group open.
struct Columns {
    float control = 0.0f;  // pixels; 0: nothing measured
    float label = 0.0f;
};
// What this frame's rows need, for the next frame's layout (drawPanel
// reads it and starts it anew each frame).
Columns& measuredColumns();

// Text wrapped to `width` pixels (the rest of the line where 0) at spaces
// and newlines only.
void wrappedText(std::string_view text, float width = 0.0f);
// The last item's help, wrapped, while the mouse is over it.
void tooltip(const char* text);
// The width a combo needs to show `text` whole.
float comboWidth(std::string_view text);
// A label of this frame's rows, measured.
void needLabel(const char* label);
// The next combo as wide as the sliders, or as `widest` where that is wider.
void fitNextCombo(const char* label, float widest);
// Sliders that return whether *value is to be applied now (settledSliderValue,
// slider_value.hpp) and refuse a value that is not a number.
bool sliderFloat(const char* label, float* value, float lo, float hi, const char* format, const char* help,
                 bool logarithmic = false);
bool sliderInt(const char* label, int* value, int lo, int hi, const char* help);

// A row of the parameter table (core/parameters.hpp) or the settings table
// (src/app/setting_rows.hpp) as its control: a slider over the row's drag
// range, a combo of its choices or a checkbox.
template <typename Owner>
void rowControl(const BasicParameter<Owner>& row, Owner& owner)
{
    switch (row.kind) {
        case ParameterKind::Real: {
            float value = static_cast<float>(row.get(owner));
            const std::string format = std::string(row.slider.format) + (*row.unit ? " " : "") + row.unit;
            if (sliderFloat(row.label, &value, static_cast<float>(row.slider.min), static_cast<float>(row.slider.max),
                            format.c_str(), row.help, row.slider.logarithmic))
                row.set(owner, value);
            return;
        }
        case ParameterKind::Integer: {
            int value = static_cast<int>(row.get(owner));
            if (sliderInt(row.label, &value, static_cast<int>(row.slider.min), static_cast<int>(row.slider.max),
                          row.help))
                row.set(owner, value);
            return;
        }
        case ParameterKind::Switch: {
            bool on = row.get(owner) != 0.0;
            if (ImGui::Checkbox(row.label, &on)) row.set(owner, on ? 1.0 : 0.0);
            tooltip(row.help);
            return;
        }
        case ParameterKind::Choice: {
            const double current = row.get(owner);
            const char* preview = "?";
            float widest = 0.0f;
            for (const ParameterChoice& c : row.choices) {
                if (c.value == current) preview = c.label;
                widest = std::max(widest, comboWidth(c.label));
            }
            fitNextCombo(row.label, widest);
            if (ImGui::BeginCombo(row.label, preview)) {
                for (const ParameterChoice& c : row.choices) {
                    if (ImGui::Selectable(c.label, c.value == current)) row.set(owner, c.value);
                    if (c.help) tooltip(c.help);
                }
                ImGui::EndCombo();
            }
            tooltip(row.help);
            return;
        }
    }
}

}  // namespace fluid::app::widgets
