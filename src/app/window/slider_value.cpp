#include "app/window/slider_value.hpp"

#include <imgui.h>

#include <string>

namespace fluid::app {

namespace {

// The value typed so far; one slot, since one widget at a time is active.
struct TypedValue {
    std::string label;  // the slider being typed into; empty when none
    double value = 0.0;
};

}  // namespace

std::optional<double> settledSliderValue(const char* label, bool changed, double value)
{
    static TypedValue typed;
    // Active with the button up: the slider's text field (a drag holds the button).
    const bool typing = ImGui::IsItemActive() && !ImGui::IsMouseDown(ImGuiMouseButton_Left);
    if (typing) {
        if (changed)
            typed = {label, value};
        else if (typed.label == label)
            typed.label.clear();  // the text reads as the current value again
        return std::nullopt;
    }
    const bool mine = typed.label == label;
    if (mine) typed.label.clear();
    if (changed) return value;  // a drag, or Enter
    // A click elsewhere ended the typing; Escape drops what was typed.
    if (mine && ImGui::IsItemDeactivated() && !ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        return typed.value;
    return std::nullopt;
}

}  // namespace fluid::app
