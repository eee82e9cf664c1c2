// The keys, the mouse and full screen: what the user asks of the window
// between frames. The GLFW callbacks reach the Viewer through the window's
// user pointer.
#include "app/window/viewer.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/window/window_setup.hpp"

namespace fluid::app {

void Viewer::onKey(int key)
{
    switch (key) {
        case GLFW_KEY_SPACE:
            state.paused = !state.paused;
            break;
        case GLFW_KEY_N:
            ++loop.singleSteps;
            break;
        case GLFW_KEY_R:
            fluid.reset();
            break;
        case GLFW_KEY_C:
            fluid.clearDye();
            break;
        case GLFW_KEY_E:
            fluid.clearEmitters();
            break;
        case GLFW_KEY_V:
            state.display.view = nextView(state.display.view, smokeIsOn(state.params));
            break;
        case GLFW_KEY_F1:
            state.visible = !state.visible;
            break;
        case GLFW_KEY_F11:
            toggleFullscreen();
            break;
        case GLFW_KEY_F12:
        case GLFW_KEY_P:
            loop.screenshot = true;
            break;
        case GLFW_KEY_F9:
            recording.toggle(framebufferSize(), fluidSeconds());
            break;
        case GLFW_KEY_ESCAPE:
            glfwSetWindowShouldClose(window, GLFW_TRUE);
            break;
        default:
            break;
    }
}

// ImGui's WantCaptureMouse is from the last frame it drew: when a slow
// frame brings F1 and a press in one poll, it still says the hidden panel
// is under the pointer, and the stroke would go to the panel (a window
// test's first drag painted nothing with a core busy). A hidden panel
// takes nothing.
PointerInput::Context Viewer::pointerContext() const
{
    return {state.visible && ImGui::GetIO().WantCaptureMouse, state.hoverPaint, state.obstacleBrush};
}

// Keys go to the panel only while the user types into it (a slider's
// Ctrl+click field). Not by WantCaptureKeyboard: that is also true while
// the mouse holds any panel item or the panel itself, and it is from the
// last frame ImGui drew. A slow first frame once brought F1 and a press on
// the just-hidden panel in one poll: ImGui took the press as a move of the
// panel, and said "keyboard captured" until the release, whose poll also
// brought F12; the screenshot was lost (a window test's 30 s wait). A
// hidden panel takes no keys at all.
bool Viewer::panelTakesKeys() const
{
    return state.visible && ImGui::GetIO().WantTextInput;
}

glm::dvec2 Viewer::cursor() const
{
    glm::dvec2 c;
    glfwGetCursorPos(window, &c.x, &c.y);
    return c;
}

void Viewer::onMouseButton(int button, int action, int mods)
{
    const glm::dvec2 at = cursor();
    if (pointer.onButton(button, action, mods, at, pointerContext()) != PointerInput::Request::PlaceEmitter) return;
    // Shift+click: a smoke emitter under the cursor, of the brush's radius and rates.
    const PixelRect rect = fitGrid(framebufferSize(), {state.params.gridWidth, state.params.gridHeight});
    fluid.addEmitter(cursorToDomainIn(rect)(at), state.brush);
}

// F11: full screen on the monitor of --monitor, or back to a window of
// --width x --height.
void Viewer::toggleFullscreen()
{
    if (glfwGetWindowMonitor(window)) {
        const glm::ivec2 size =
            windowedSize.x > 0 ? windowedSize : glm::ivec2(options.windowWidth, options.windowHeight);
        glfwSetWindowMonitor(window, nullptr, windowedAt.x, windowedAt.y, size.x, size.y, GLFW_DONT_CARE);
        return;
    }
    GLFWmonitor* monitor = chooseMonitor(options.monitor);
    const GLFWvidmode* mode = glfwGetVideoMode(monitor);
    if (!mode) return;
    glfwGetWindowPos(window, &windowedAt.x, &windowedAt.y);
    glfwGetWindowSize(window, &windowedSize.x, &windowedSize.y);
    glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

// Projector mode: in full screen with the panel hidden, so is the cursor.
void Viewer::updateCursor()
{
    const bool hide = glfwGetWindowMonitor(window) != nullptr && !state.visible;
    if (hide == cursorHidden) return;
    glfwSetInputMode(window, GLFW_CURSOR, hide ? GLFW_CURSOR_HIDDEN : GLFW_CURSOR_NORMAL);
    cursorHidden = hide;
}

namespace {

Viewer* viewerOf(GLFWwindow* window)
{
    return static_cast<Viewer*>(glfwGetWindowUserPointer(window));
}

void keyCallback(GLFWwindow* window, int key, int, int action, int)
{
    if (action != GLFW_PRESS) return;
    Viewer* viewer = viewerOf(window);
    if (!viewer || (ImGui::GetCurrentContext() && viewer->panelTakesKeys())) return;
    viewer->onKey(key);
}

void cursorCallback(GLFWwindow* window, double x, double y)
{
    if (Viewer* viewer = viewerOf(window); viewer && ImGui::GetCurrentContext())
        viewer->pointer.onCursor({x, y}, viewer->pointerContext());
}

void mouseButtonCallback(GLFWwindow* window, int button, int action, int mods)
{
    if (Viewer* viewer = viewerOf(window); viewer && ImGui::GetCurrentContext())
        viewer->onMouseButton(button, action, mods);
}

void cursorEnterCallback(GLFWwindow* window, int entered)
{
    if (Viewer* viewer = viewerOf(window); viewer && !entered) viewer->pointer.onCursorLeft();
}

}  // namespace

void installInputCallbacks(GLFWwindow* window)
{
    glfwSetKeyCallback(window, keyCallback);
    glfwSetCursorPosCallback(window, cursorCallback);
    glfwSetMouseButtonCallback(window, mouseButtonCallback);
    glfwSetCursorEnterCallback(window, cursorEnterCallback);
}

}  // namespace fluid::app
