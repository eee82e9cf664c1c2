// The window's display rows (core/display_programs.hpp) against the programs
// the window really builds: FieldDisplay's variants of display.frag for every
// view, alone and with everything it draws over or under them (obstacles, the
// camera's picture, a picture under the water, the bloom's glow, the
// staggered velocity), its dye relief, the bloom's passes and the automatic
// range's reduction. Each uniform a program has is named by its row, and each
// uniform a row names is active in some program built from it: a uniform
// added to a display shader and not to its row, or a misspelt name in a row,
// fails here. The picture each variant draws is checked against shadeCell in
// display_parity_test.cpp.
#include <gtest/gtest.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/display_parity.hpp"
#include "app/window/async_max.hpp"
#include "app/window/bloom.hpp"
#include "app/window/cross_fade.hpp"
#include "app/window/field_display.hpp"
#include "core/display_programs.hpp"
#include "gl/render_target.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/program_rows.hpp"

namespace fluid::app {
namespace {

using DisplayProgramsTest = test::GlTest;

// A small picture of random colours for the water view's BACKGROUND, written
// where the display reads it and removed once it is read.
void setRandomBackground(FieldDisplay& display)
{
    const std::string path =
        (std::filesystem::temp_directory_path() / ("fluidsim-rows-" + std::to_string(getpid()) + ".png")).string();
    const Field colours = test::randomField(5, 3, 3, 3u, 1.0f);
    std::vector<unsigned char> pixels(static_cast<std::size_t>(5 * 3 * 3));
    for (std::size_t n = 0; n < pixels.size(); ++n)
        pixels[n] = static_cast<unsigned char>(127.5f + 127.5f * colours.data()[n]);
    ASSERT_NE(stbi_write_png(path.c_str(), 5, 3, 3, pixels.data(), 5 * 3), 0);
    display.setBackground(path);
    std::filesystem::remove(path);
    ASSERT_FALSE(display.background().empty());
}

// Draws every view of `solver` through `display`, with each scalar colour
// map, so that it builds the variants those views take.
void drawEveryView(FieldDisplay& display, Bloom& bloom, GpuSolver& solver, GLuint overlay)
{
    gl::RenderTarget target(32, 24, gl::TextureFormat::RGBA8, "display rows");
    for (const FieldViewInfo& view : fieldViews())
        for (const ColourMap map : {ColourMap::Sequential, ColourMap::Diverging}) {
            DisplaySettings settings;
            settings.view = view.view;
            settings.scalarMap = map;
            settings.cameraOverlay = overlay ? 0.5f : 0.0f;
            display.draw(solver, {0, 0, 32, 24}, settings, target.framebuffer(), overlay, &bloom, 24);
        }
}

TEST_F(DisplayProgramsTest, EveryUniformOfEveryDisplayProgramIsNamedByItsRowAndEveryNameIsUsed)
{
    std::map<const ProgramSpec*, std::set<std::string>> usedOf;
    const auto check = [&](const sim::SpecProgram& program) {
        const ProgramSpec& row = *program.spec();
        SCOPED_TRACE(std::string(row.name) + " (" + program.program().name() + ")");
        const std::set<std::string> named = test::namedBy(row);
        usedOf[&row];
        for (const std::string& u : test::activeUniforms(program.program())) {
            usedOf[&row].insert(u);
            EXPECT_TRUE(named.contains(u)) << u << " is not named by its row";
        }
    };
    Bloom bloom;
    for (const Layout layout : {Layout::Collocated, Layout::Staggered}) {
        SimParams p = display_parity::displayParams();
        p.layout = layout;
        GpuSolver solver(p);
        solver.upload(display_parity::displayState(p));
        gl::RenderTarget overlay(p.gridWidth, p.gridHeight, gl::TextureFormat::R32F, "camera picture");
        overlay.clear(0.5f);
        FieldDisplay plain;
        drawEveryView(plain, bloom, solver, 0);
        FieldDisplay decorated;
        setRandomBackground(decorated);
        decorated.setObstacles(test::randomField(p.gridWidth, p.gridHeight, 1, 41u, 1.0f));
        drawEveryView(decorated, bloom, solver, overlay.texture());
        for (const FieldDisplay* display : {&plain, &decorated})
            for (const sim::SpecProgram* program : display->specPrograms()) check(*program);
    }
    for (const sim::SpecProgram* program : bloom.specPrograms()) check(*program);
    const AsyncMax reduction;
    check(reduction.specProgram());
    const CrossFade fade;
    check(fade.specProgram());

    for (const ProgramSpec* row : programs::kDisplayPrograms) {
        SCOPED_TRACE(row->name);
        ASSERT_TRUE(usedOf.contains(row)) << "the window builds no program of this row";
        for (const std::string& u : test::namedBy(*row))
            EXPECT_TRUE(usedOf[row].contains(u)) << u << " is active in no program of this row (misspelt?)";
    }
    glUseProgram(0);
}

}  // namespace
}  // namespace fluid::app
