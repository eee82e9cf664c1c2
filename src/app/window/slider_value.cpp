#include "app/window/slider_value.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // TempInputIsActive: whether the slider is its text field now

namespace fluid::app {

namespace {

// The value typed so far; one slot, since one widget at a time is active.
struct TypedValue {
    ImGuiID id = 0;  // the slider being typed into; 0 when none
    double value = 0.0;
};

}  // namespace

std::optional<double> settledSliderValue(bool changed, double value)
{
    static TypedValue typed;
    const ImGuiID id = ImGui::GetItemID();
    // The slider's text field (Ctrl+click, double-click), by ImGui's own
    // state: "active with the button up" took a click inside the field, to
    // move the cursor, for a drag and applied the half-typed value.
    if (ImGui::TempInputIsActive(id)) {
        if (changed)
            typed = {id, value};
        else if (typed.id == id)
            typed.id = 0;  // the text reads as the current value again
        return std::nullopt;
    }
    const bool mine = typed.id == id && id != 0;
    if (mine) typed.id = 0;
    if (changed) return value;  // a drag, or Enter (the edit ends with the text's value)
    // A click elsewhere ended the typing; Escape drops what was typed.
    if (mine && ImGui::IsItemDeactivated() && !ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        return typed.value;
    return std::nullopt;
}

}  // namespace fluid::app
