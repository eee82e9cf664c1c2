// When a panel slider's new value is applied. Dragging applies at once, so
// the fluid answers while the mouse moves. A value typed into the slider
// (Ctrl+click or double-click, then the text) is applied once, when the typing
// ends: ImGui 1.86 hands over the text's value at every keystroke and every
// frame, so "1e30" for the vorticity passed through 1e3 (valid, and kept
// when 1e30 was refused) and a refused text was refused again every frame.
#pragma once

#include <optional>

namespace fluid::app {

// Called right after an ImGui slider (its item is ImGui's last one):
// `changed` and `value` as the slider returned them. The value to apply now,
// or none: while the user types, and on frames without a change. The typing
// ends with Enter (the slider changes then) or a click elsewhere (the last
// typed value is applied); Escape drops it.
std::optional<double> settledSliderValue(bool changed, double value);

}  // namespace fluid::app
