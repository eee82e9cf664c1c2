#include "app/window/panel_glue.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

#include "app/grid_picker.hpp"
#include "app/report.hpp"
#include "app/setting_rows.hpp"

namespace fluid::app {

namespace {

// Back to the window's defaults (those it starts with), but the grids change
// only on request. Every app setting the panel holds with them (hover
// painting, the steps a frame and the obstacle brush stayed as they were),
// but the first minute's and the idle brush's, which the window reads once,
// at start.
void resetToDefaults(PanelState& state)
{
    const bool firstSight = state.firstSight;
    const double idleAfter = state.idleAfter;
    static_cast<AppSettings&>(state) = static_cast<const AppSettings&>(windowDefaults());
    state.firstSight = firstSight;
    state.idleAfter = idleAfter;
    const SimParams kept = state.params;
    state.params = windowDefaults().params;
    state.params.gridWidth = kept.gridWidth;
    state.params.gridHeight = kept.gridHeight;
    state.params.dyeGridWidth = kept.dyeGridWidth;
    state.params.domainWidth = kept.domainWidth;
    // The step the pick took goes with the grid kept (a longer one where the
    // default does not keep up with it), as a fresh start would take it.
    if (state.autoDt) state.params.dt = kept.dt;
    if (state.autoDyeAdvection) {  // and the dye it carries sharply
        state.params.dyeAdvection = kept.dyeAdvection;
        state.params.dyeDissipation = kept.dyeDissipation;
    }
}

}  // namespace

bool applyPanel(const PanelActions& a, PanelState& state, FluidSession& session, glm::ivec2 framebuffer,
                const FluidSession::FrameOverhead& overhead, LoopRequests& loop)
{
    if (a.resetDefaults) {
        resetToDefaults(state);
        // The defaults have no smoke (gravity 0): emitters kept would pile up
        // heat that never rises, and the next one would not turn smoke on.
        session.clearEmitters();
    }
    if (a.applyGrid) {
        if (state.autoGrid) session.pickGrid(framebuffer, gridChoices(), overhead);
        session.allocateGrid(framebuffer, true);
    }
    if (a.resetFluid) session.reset();
    if (a.clearObstacles) session.obstacles().clear();
    if (a.restoreObstacles) session.placeObstacles(false);
    if (a.clearDye) session.clearDye();
    if (a.stepOnce) ++loop.singleSteps;
    if (a.screenshot) loop.screenshot = true;
    // Values typed into the panel may be anything: validate() is the last word.
    sanitize(state);  // every row of the settings table into its range
    // The bloom the pick turned off, turned on again by hand: it stays on.
    if (state.bloomOffForSpeed && state.display.bloom.enabled) state.autoBloom = state.bloomOffForSpeed = false;
    if (validate(state.motion)) state.motion = session.motionParams();
    session.setMotionParams(state.motion);
    if (state.params == session.params()) return a.applyGrid;
    const bool dtByHand = state.params.dt != session.params().dt;
    const bool dyeSchemeByHand = state.params.dyeAdvection != session.params().dyeAdvection;
    std::optional<std::string> problem = validate(state.params);
    if (!problem) {
        try {
            session.setParams(state.params);  // may refuse what the run holds; recorded once taken
        } catch (const std::invalid_argument& e) {
            problem = e.what();
        }
    }
    if (problem) {
        report("ignoring the new setting: " + *problem);
        state.params = session.params();
    } else {
        // A dt set by hand and taken is the user's: the pick no longer
        // changes it, and it is saved (a refused one left the pick's saved).
        if (dtByHand) state.autoDt = state.dtLongForSpeed = false;
        // Likewise a dye scheme.
        if (dyeSchemeByHand) state.autoDyeAdvection = state.dyeSharpByPick = false;
    }
    return a.applyGrid;
}

}  // namespace fluid::app
