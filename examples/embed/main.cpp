// embed: fluidsim's GPU solver in a program of its own. In a GLFW window,
// dragging the mouse paints dye and pushes the fluid, and the dye is shown
// by blitting its texture to the window. With --headless it steps the solver
// in an EGL context instead and prints one line.
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

#define GLFW_INCLUDE_NONE  // the GL functions come from libepoxy (through gpu_solver.hpp)
#include <GLFW/glfw3.h>

#include "platform/headless_context.hpp"
#include "sim/gpu_solver.hpp"

namespace {

fluid::SimParams smallGrid()
{
    fluid::SimParams params;  // defaults: a 1 m box, MacCormack, multigrid
    params.gridWidth = 128;
    params.gridHeight = 128;
    return params;
}

int runHeadless()
{
    fluid::platform::HeadlessContext context;
    fluid::GpuSolver solver(smallGrid());
    fluid::Splat splat;
    splat.from = {0.3f, 0.5f};
    splat.to = {0.7f, 0.5f};
    splat.radius = 0.05f;
    splat.velocity = {1.0f, 0.0f};
    splat.dye = {1.0f, 0.4f, 0.1f};
    constexpr int kSteps = 10;
    for (int n = 0; n < kSteps; ++n) solver.step(n == 0 ? std::vector{splat} : std::vector<fluid::Splat>{});
    const fluid::FluidState state = solver.download();
    double dye = 0.0;
    for (int j = 0; j < state.dye.height(); ++j)
        for (int i = 0; i < state.dye.width(); ++i) dye += state.dye.at(i, j, 0);
    std::printf("embed: %d steps at 128x128 on %s; red dye in the box: %.3f\n", kSteps, context.description().c_str(),
                dye);
    return dye > 0.0 ? 0 : 1;
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
        fluid::GpuSolver solver(smallGrid());
        GLuint readFramebuffer = 0;  // the dye texture as a blit source
        glGenFramebuffers(1, &readFramebuffer);
        double lastX = -1.0, lastY = -1.0;
        while (!glfwWindowShouldClose(window)) {
            glfwPollEvents();
            if (glfwGetKey(window, GLFW_KEY_ESCAPE) == GLFW_PRESS) glfwSetWindowShouldClose(window, GLFW_TRUE);
            int width = 0, height = 0;
            glfwGetFramebufferSize(window, &width, &height);
            double x = 0.0, y = 0.0;
            glfwGetCursorPos(window, &x, &y);
            std::vector<fluid::Splat> splats;
            int windowWidth = 1, windowHeight = 1;
            glfwGetWindowSize(window, &windowWidth, &windowHeight);
            const bool down = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
            if (down && lastX >= 0.0 && windowWidth > 0 && windowHeight > 0) {
                // Window pixels (origin top left) to metres in the 1 m box (origin bottom left).
                const auto toDomain = [&](double px, double py) {
                    return glm::vec2(float(px / windowWidth), float(1.0 - py / windowHeight));
                };
                fluid::Splat s;
                s.from = toDomain(lastX, lastY);
                s.to = toDomain(x, y);
                s.radius = 0.03f;
                s.velocity = (s.to - s.from) * 60.0f;  // about the pointer's speed at 60 frames/s
                s.dye = {0.9f, 0.35f, 1.0f};
                splats.push_back(s);
            }
            lastX = down ? x : -1.0;
            lastY = y;
            solver.step(splats);

            glBindFramebuffer(GL_READ_FRAMEBUFFER, readFramebuffer);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, solver.dyeTexture(), 0);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
            const fluid::SimParams& p = solver.params();
            glViewport(0, 0, width, height);
            glBlitFramebuffer(0, 0, p.gridWidth, p.gridHeight, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_LINEAR);
            glfwSwapBuffers(window);
        }
        glDeleteFramebuffers(1, &readFramebuffer);
    }  // the solver's GL objects go while the context lives
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
