// The window's lifetimes: GLFW, the window with its OpenGL 3.3 core context
// (or one line saying why there is none), and Dear ImGui with its layout
// file. Each is an owner that ends what it started, in reverse order.
#pragma once

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <memory>
#include <string>
#include <vector>

struct ImFontAtlas;

namespace fluid::app {

// glfwInit / glfwTerminate. GLFW's errors until a window is open become part
// of the one line that says why it could not open; after that they are
// printed as they come.
struct GlfwSession {
    GlfwSession();  // throws std::runtime_error when there is no display
    ~GlfwSession();
    GlfwSession(const GlfwSession&) = delete;
    GlfwSession& operator=(const GlfwSession&) = delete;
};

struct WindowDeleter {
    void operator()(GLFWwindow* w) const;
};
using WindowPtr = std::unique_ptr<GLFWwindow, WindowDeleter>;

// The monitor for --fullscreen: the n-th GLFW lists (1 = primary), or the
// primary with a note when there are fewer.
GLFWmonitor* chooseMonitor(int n);

// A window of width x height (full screen on `fullscreenOn` unless null) with
// a current 3.3 core context and vsync. Throws platform::GlVersionError when
// the driver offers less (saying what it offers), std::runtime_error else.
WindowPtr openWindow(int width, int height, GLFWmonitor* fullscreenOn);

// ImGui's context and its GLFW and OpenGL 3 backends, installed after our
// callbacks (it chains to them); the layout is read from `iniFile` (null:
// none, --no-config) and written only through saveLayout().
struct ImGuiSession {
    ImGuiSession(GLFWwindow* window, const char* iniFile);
    ~ImGuiSession();
    ImGuiSession(const ImGuiSession&) = delete;
    ImGuiSession& operator=(const ImGuiSession&) = delete;

    // When ImGui asks (a window moved, a header opened) or `force`: the
    // panel's layout to imgui.ini. Returns the one-line error, "" on success.
    std::string saveLayout(bool force = false);

    // kPanelFontFile at `fontScale`, or ImGui's built-in font where it cannot be read.
    void addPanelFont(ImFontAtlas& fonts, float fontScale);

    std::string iniPath;         // "" when there is no ini file (--no-config)
    float scale = 1.0f;          // fonts and sizes, by the monitor's content scale (uiScale)
    std::vector<char> fontFile;  // kPanelFontFile's bytes, which ImGui's atlas reads (it does not own them)
};

}  // namespace fluid::app
