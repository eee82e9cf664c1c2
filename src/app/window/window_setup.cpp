#include "app/window/window_setup.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <glm/vec2.hpp>

#include "app/atomic_file.hpp"
#include "app/panel_placement.hpp"
#include "app/report.hpp"
#include "gl/debug_output.hpp"
#include "platform/driver_pin.hpp"
#include "platform/headless_context.hpp"

namespace fluid::app {

namespace {

// GLFW's errors until the window is open become part of the one line that
// says why it could not open (e.g. "GLXBadFBConfig" when 3.3 core is
// refused); after that they are printed as they come.
std::string lastGlfwError;
bool windowOpen = false;

void onGlfwError(int code, const char* description)
{
    if (windowOpen)
        report("GLFW error " + std::to_string(code) + ": " + description);
    else
        lastGlfwError = std::string(description) + " (GLFW error " + std::to_string(code) + ")";
}

std::string glfwReason()
{
    return lastGlfwError.empty() ? std::string() : ": " + lastGlfwError;
}

}  // namespace

GlfwSession::GlfwSession()
{
    glfwSetErrorCallback(onGlfwError);
    if (!glfwInit()) throw std::runtime_error("cannot initialise GLFW (is there a display?)" + glfwReason());
}

GlfwSession::~GlfwSession()
{
    glfwTerminate();
    windowOpen = false;
}

void WindowDeleter::operator()(GLFWwindow* w) const
{
    glfwDestroyWindow(w);
}

namespace {

// 3.3 core refused: what the driver gives when no version is asked for, in
// a hidden window, so that the message can say what was found. Throws
// GlVersionError saying so; returns if not even that window opens.
void explainRefusedContext()
{
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    WindowPtr probe(glfwCreateWindow(64, 64, "fluidsim probe", nullptr, nullptr));
    if (!probe) return;
    glfwMakeContextCurrent(probe.get());
    platform::keepGlDriverLoaded();  // the probe loaded the driver too (sanitized builds only)
    std::string found = platform::describeCurrentGl();
    // 3.3 or newer, only not as a core profile (MESA_GLSL_VERSION_OVERRIDE=120 does that).
    if (!platform::glslTooOld() && epoxy_gl_version() >= 33) found += " but no 3.3 core context";
    glfwMakeContextCurrent(nullptr);
    throw platform::GlVersionError(found);
}

}  // namespace

GLFWmonitor* chooseMonitor(int n)
{
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    if (n >= 1 && n <= count) return monitors[n - 1];
    std::fprintf(stderr, "fluidsim: --monitor %d: %d monitor%s found; using the primary\n", n, count,
                 count == 1 ? "" : "s");
    return glfwGetPrimaryMonitor();
}

WindowPtr openWindow(int width, int height, GLFWmonitor* fullscreenOn)
{
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);  // required on macOS
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);       // HiDPI: size in screen coordinates
    // Every pass is a full-screen triangle and the panel draws unsorted: no
    // depth or stencil buffer to allocate beside the window's colours.
    glfwWindowHint(GLFW_DEPTH_BITS, 0);
    glfwWindowHint(GLFW_STENCIL_BITS, 0);
#ifndef NDEBUG
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);  // KHR_debug messages in debug builds
#endif
    if (fullscreenOn) {
        if (const GLFWvidmode* mode = glfwGetVideoMode(fullscreenOn)) {
            width = mode->width;
            height = mode->height;
        }
    }
    // Hidden until its first picture is ready (showWindow): the grid's pick
    // measures for a second or two, and a window shown at once was black
    // that long. (Full-screen windows ignore the hint.)
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    WindowPtr window(glfwCreateWindow(width, height, "fluidsim", fullscreenOn, nullptr));
    glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE);
    if (!window) {
        const std::string reason = glfwReason();
        explainRefusedContext();
        throw std::runtime_error("cannot open a window with an OpenGL 3.3 core context" + reason);
    }
    glfwMakeContextCurrent(window.get());
    glfwSwapInterval(1);             // vsync
    platform::keepGlDriverLoaded();  // sanitized builds only (platform/driver_pin.hpp); before a refusal
    platform::requireGl33();
    windowOpen = true;
#ifndef NDEBUG
    gl::enableDebugOutput();
#endif
    return window;
}

ImGuiSession::ImGuiSession(GLFWwindow* window, const char* iniFile)
{
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    // ImGui would fopen and write its ini file in place; we load it here
    // and save it through writeFileAtomically (saveLayout()).
    ImGui::GetIO().IniFilename = nullptr;
    if (iniFile != nullptr) {
        iniPath = iniFile;
        if (std::filesystem::is_regular_file(iniPath)) ImGui::LoadIniSettingsFromDisk(iniPath.c_str());
    }
    ImGui::StyleColorsDark();
    // HiDPI: the font drawn at the monitor's content scale, every size of
    // the style with it (panel_placement.hpp: uiScale).
    glm::vec2 content{1.0f};
    glfwGetWindowContentScale(window, &content.x, &content.y);
    glm::ivec2 windowSize{0}, framebuffer{0};
    glfwGetWindowSize(window, &windowSize.x, &windowSize.y);
    glfwGetFramebufferSize(window, &framebuffer.x, &framebuffer.y);
    scale = uiScale(content, windowSize, framebuffer);
    addPanelFont(*ImGui::GetIO().Fonts, scale);
    // Rows a little closer than ImGui's default (3 and 4 pixels): the
    // proportional font is taller than the built-in one, and the panel at
    // start stays under a fifth of the window.
    ImGui::GetStyle().FramePadding.y = 2.0f;
    ImGui::GetStyle().ItemSpacing.y = 3.0f;
    ImGui::GetStyle().ScaleAllSizes(scale);
    // Installs its callbacks after ours and chains to them.
    if (!ImGui_ImplGlfw_InitForOpenGL(window, true)) {
        ImGui::DestroyContext();
        throw std::runtime_error("ImGui's GLFW backend failed to initialise");
    }
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
        throw std::runtime_error("ImGui's OpenGL 3 backend failed to initialise (it loads libGL itself)");
    }
}

void ImGuiSession::addPanelFont(ImFontAtlas& fonts, float fontScale)
{
    // Read here rather than by AddFontFromFileTTF, which asserts on a file
    // it cannot read; a file that is no TrueType font is skipped the same way.
    std::ifstream in(kPanelFontFile, std::ios::binary);
    fontFile.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    const bool trueType = fontFile.size() > 4 && (fontFile[0] == 0 && fontFile[1] == 1 && fontFile[2] == 0 &&
                                                  fontFile[3] == 0);  // the sfnt version 1.0
    if (trueType) {
        ImFontConfig font;
        font.FontDataOwnedByAtlas = false;
        fonts.AddFontFromMemoryTTF(fontFile.data(), static_cast<int>(fontFile.size()), kPanelFontSize * fontScale,
                                   &font);
        if (fonts.Build()) return;
        fonts.Clear();
    }
    fontFile.clear();
    ImFontConfig font;
    font.SizePixels = kBaseFontSize * fontScale;
    fonts.AddFontDefault(&font);
}

std::string ImGuiSession::saveLayout(bool force)
{
    ImGuiIO& io = ImGui::GetIO();
    if (iniPath.empty() || (!force && !io.WantSaveIniSettings)) return {};
    io.WantSaveIniSettings = false;
    try {
        createParentDirectories(iniPath);
        writeFileAtomically(iniPath, ImGui::SaveIniSettingsToMemory());
    } catch (const WriteError& e) {
        return std::string("panel layout not saved: ") + e.what();
    }
    return {};
}

ImGuiSession::~ImGuiSession()
{
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

}  // namespace fluid::app
