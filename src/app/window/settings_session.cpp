#include "app/window/settings_session.hpp"

#include <cstdio>
#include <filesystem>

#include "app/atomic_file.hpp"
#include "app/report.hpp"

namespace fluid::app {

std::string configPath(const Options& o)
{
    return o.configFile.empty() ? defaultConfigPath() : o.configFile;
}

Options fromPanel(const Options& start, const PanelState& state)
{
    Options o = start;
    o.params = state.params;
    o.params.gridWidth = o.params.gridHeight = state.gridShortSide;  // the window's grid is its short side
    // and so is the dye's, unless the auto grid picked it (never saved: the next machine picks its own)
    o.params.dyeGridWidth = state.autoDyeGrid ? start.params.dyeGridWidth : state.dyeGridShortSide;
    static_cast<AppSettings&>(o) = state;  // brush, look, motion, ...: every row of the settings table
    // The bloom the pick turned off for speed stays as the run started (a
    // faster machine next time may well afford it).
    if (state.bloomOffForSpeed && !state.display.bloom.enabled) o.display.bloom.enabled = start.display.bloom.enabled;
    // Likewise the longer step it took (the next machine may keep up with the default).
    if (state.dtLongForSpeed) o.params.dt = start.params.dt;
    // And the sharp dye it added (the next machine may have no room for it).
    if (state.dyeSharpByPick) o.params.dyeAdvection = start.params.dyeAdvection;
    o.autoGrid = state.autoGrid;
    return o;
}

bool saveSettings(const Options& o, const Options& settingsFile, const PanelState& state, const ChosenGrid& chosenGrid)
{
    // A replay's run is the log's: what the panel showed of it is no choice
    // of the user's for the next run.
    if (o.noConfig || !o.replayFile.empty()) return true;
    const std::filesystem::path path = configPath(o);
    if (o.configUnreadable) {
        report("settings not saved: " + path.string() + " could not be read, so it is left for you to fix");
        return true;
    }
    try {
        createParentDirectories(path.string());
        Options atExit = fromPanel(o, state);
        if (const std::string note = keepGridOnlyIfItKeptUp(atExit, o, chosenGrid, path.string()); !note.empty())
            report(note);
        writeFileAtomically(path.string(), settingsToSave(settingsFile, o, atExit));
    } catch (const WriteError& e) {
        report(std::string("settings not saved: ") + e.what());
        return false;
    }
    return true;
}

}  // namespace fluid::app
