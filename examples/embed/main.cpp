// embed: fluidsim's GPU solver in a program of its own, through the public
// API. In a GLFW window, dragging the mouse paints dye and pushes the fluid,
// and the dye texture is blitted to the window. With --headless it steps the
// solver in an EGL context of its own instead and prints one line.
//
// The GL loader is the application's choice (here libepoxy):
// <fluidsim/fluidsim.hpp> brings none, so it may come before or after it.
#include <cstdio>
#include <cstring>
#include <exception>

#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE  // the GL functions come from epoxy
#include <GLFW/glfw3.h>

#include <fluidsim/fluidsim.hpp>

#include "../common/headless_egl.hpp"

namespace {

fluidsim::Settings smallGrid()
{
    fluidsim::Settings settings;  // empty fields: the fluidsim programs' defaults (a 1 m box)
    settings.gridWidth = 128;
    settings.gridHeight = 128;
    return settings;
}

int runHeadless()
{
    const HeadlessEgl context;
    fluidsim::Solver solver = fluidsim::makeSolver(fluidsim::Backend::Gpu, smallGrid());
    fluidsim::Splat splat;
    splat.from = {0.3, 0.5};
    splat.to = {0.7, 0.5};
    splat.radius = 0.05;
    splat.velocity = {1.0, 0.0};
    splat.dye = {1.0, 0.4, 0.1};
    solver.splat(splat);
    constexpr int kSteps = 10;
    solver.step(kSteps);
    const fluidsim::Snapshot state = solver.snapshot();
    std::printf("embed: %d steps at 128x128 on %s; red dye at the centre %.3f, speed there %.3f m/s\n", kSteps,
                context.vendor().c_str(), state.dyeAt({0.5, 0.5}).r, state.velocityAt({0.5, 0.5}).x);
    return state.dyeAt({0.5, 0.5}).r > 0.0 ? 0 : 1;
}

// Window pixels (origin top left) to metres in the domain (origin bottom left).
fluidsim::Vec2 toDomain(double x, double y, int windowWidth, int windowHeight, const fluidsim::Settings& s)
{
    const double width = *s.domainWidth;
    const double height = width * *s.gridHeight / *s.gridWidth;
    return {x / windowWidth * width, (1.0 - y / windowHeight) * height};
}

int runWindow()
{
    if (!glfwInit()) return std::fprintf(stderr, "embed: cannot initialise GLFW\n"), 1;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(640, 640, "fluidsim embed: drag to paint", nullptr, nullptr);
    if (!window) return glfwTerminate(), std::fprintf(stderr, "embed: cannot open an OpenGL 3.3 window\n"), 1;
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
    {
        // Made with the window's context current, and freed (end of this
        // block) while it still is.
        fluidsim::Solver solver = fluidsim::makeSolver(fluidsim::Backend::Gpu, smallGrid());
        const fluidsim::Settings settings = solver.settings();
        // The dye's own grid (the simulation grid's unless set), in texels.
        const int dyeWidth = *settings.dyeGridWidth > 0 ? *settings.dyeGridWidth : *settings.gridWidth;
        const int dyeHeight = dyeWidth * *settings.gridHeight / *settings.gridWidth;
        GLuint readFramebuffer = 0;  // the dye texture as a blit source
        glGenFramebuffers(1, &readFramebuffer);
        double lastX = -1.0, lastY = -1.0;
        while (!glfwWindowShouldClose(window)) {
            glfwPollEvents();
            if (glfwGetKey(window, GLFW_KEY_ESCAPE) == GLFW_PRESS) glfwSetWindowShouldClose(window, GLFW_TRUE);

            // Input: a drag from the last frame's pointer to this one's is a splat.
            double x = 0.0, y = 0.0;
            glfwGetCursorPos(window, &x, &y);
            int windowWidth = 0, windowHeight = 0;
            glfwGetWindowSize(window, &windowWidth, &windowHeight);
            const bool down = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
            if (down && lastX >= 0.0 && windowWidth > 0 && windowHeight > 0) {
                fluidsim::Splat splat;
                splat.from = toDomain(lastX, lastY, windowWidth, windowHeight, settings);
                splat.to = toDomain(x, y, windowWidth, windowHeight, settings);
                splat.radius = 0.03;
                const double perSecond = 60.0;  // about the pointer's speed at 60 frames/s
                splat.velocity = {(splat.to.x - splat.from.x) * perSecond, (splat.to.y - splat.from.y) * perSecond};
                splat.dye = {0.9, 0.35, 1.0};
                solver.splat(splat);
            }
            lastX = down ? x : -1.0;
            lastY = y;

            // Simulation: one step per frame.
            solver.step();

            // Display: the dye texture, stretched over the window.
            int width = 0, height = 0;
            glfwGetFramebufferSize(window, &width, &height);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, readFramebuffer);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, solver.dyeTexture(), 0);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
            glViewport(0, 0, width, height);
            glBlitFramebuffer(0, 0, dyeWidth, dyeHeight, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_LINEAR);
            glfwSwapBuffers(window);
        }
        glDeleteFramebuffers(1, &readFramebuffer);
    }
    glfwDestroyWindow(window);
    glfwTerminate();
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    const bool headless = argc > 1 && std::strcmp(argv[1], "--headless") == 0;
    if (argc > 2 || (argc == 2 && !headless)) return std::fprintf(stderr, "usage: embed [--headless]\n"), 2;
    try {
        return headless ? runHeadless() : runWindow();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "embed: %s\n", e.what());
        return 1;
    }
}
