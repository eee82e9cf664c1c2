// settledSliderValue against Dear ImGui itself: a slider in a context with no
// renderer, driven frame by frame by made-up mouse, key and character input,
// as a user types into it (Ctrl+click, the text, Enter), drags it, clicks
// away or presses Escape.
#include <gtest/gtest.h>
#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "app/window/slider_value.hpp"

namespace fluid::app {
namespace {

constexpr int kEnter = 13;
constexpr int kEscape = 27;
constexpr int kBackspace = 8;

class SliderTyping : public ::testing::Test {
protected:
    void SetUp() override
    {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(640, 480);
        io.DeltaTime = 1.0f / 60.0f;
        io.IniFilename = nullptr;
        io.KeyMap[ImGuiKey_Enter] = kEnter;
        io.KeyMap[ImGuiKey_Escape] = kEscape;
        io.KeyMap[ImGuiKey_Backspace] = kBackspace;
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // the atlas NewFrame needs
        io.MousePos = ImVec2(600, 450);                          // away from the slider
        frame();                                                 // lays the slider out
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // One frame of a panel with one slider, as panel.cpp's rows use it: the
    // slider shows the applied value, and what settles is applied.
    void frame()
    {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(400, 100));
        ImGui::Begin("panel");
        float value = static_cast<float>(applied);
        const bool changed = ImGui::SliderFloat("vorticity", &value, 0.0f, 100.0f);
        const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
        slider = ImVec2(0.5f * (min.x + max.x), 0.5f * (min.y + max.y));
        if (const std::optional<double> settled = settledSliderValue(changed, value)) {
            applied = *settled;
            settles.push_back(*settled);
        }
        ImGui::End();
        ImGui::Render();
    }

    void ctrlClickTheSlider()
    {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = true;
        io.MousePos = slider;
        io.MouseDown[0] = true;
        frame();
        io.MouseDown[0] = false;
        io.KeyCtrl = false;
        frame();
    }

    void type(const std::string& text)
    {
        for (const char c : text) {
            ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
            frame();
        }
    }

    void press(int key)
    {
        ImGui::GetIO().KeysDown[key] = true;
        frame();
        ImGui::GetIO().KeysDown[key] = false;
        frame();
    }

    double applied = 2.0;
    std::vector<double> settles;  // every value applied, in order
    ImVec2 slider;
};

TEST_F(SliderTyping, ATypedValueIsAppliedOnceWhenEnterEndsIt)
{
    ctrlClickTheSlider();
    type("1e30");
    for (int n = 0; n < 5; ++n) frame();  // the text stays while the user thinks
    EXPECT_TRUE(settles.empty()) << "applied while typing (1e3 on the way to 1e30), first: " << settles.front();
    press(kEnter);
    ASSERT_EQ(settles.size(), 1u);
    EXPECT_FLOAT_EQ(static_cast<float>(settles[0]), 1e30f);
    for (int n = 0; n < 5; ++n) frame();
    EXPECT_EQ(settles.size(), 1u) << "applied again after the edit ended";
}

// A click inside the field (to move the cursor) while typing: taken for a
// drag, it applied the half-typed 1e3.
TEST_F(SliderTyping, AClickInsideTheFieldAppliesNothing)
{
    ctrlClickTheSlider();
    type("1e3");
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = slider;
    io.MouseDown[0] = true;
    frame();
    frame();
    io.MouseDown[0] = false;
    frame();
    EXPECT_TRUE(settles.empty()) << "applied " << settles.front() << " before Enter";
    type("0");
    press(kEnter);
    ASSERT_FALSE(settles.empty());
    EXPECT_NE(settles.back(), 1000.0) << "the half-typed value";
}

TEST_F(SliderTyping, TextBackToTheCurrentValueAppliesNothing)
{
    ctrlClickTheSlider();
    type("7");
    press(kBackspace);
    type("2");
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(600, 450);  // a click elsewhere ends the typing
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
    for (const double v : settles) EXPECT_DOUBLE_EQ(v, 2.0) << "the 7 typed and erased was applied";
}

TEST_F(SliderTyping, AClickElsewhereAppliesWhatWasTyped)
{
    ctrlClickTheSlider();
    type("5");
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(600, 450);
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
    ASSERT_FALSE(settles.empty());
    EXPECT_DOUBLE_EQ(settles.back(), 5.0);
    EXPECT_DOUBLE_EQ(applied, 5.0);
}

TEST_F(SliderTyping, EscapeDropsWhatWasTyped)
{
    ctrlClickTheSlider();
    type("7");
    press(kEscape);
    for (int n = 0; n < 3; ++n) frame();
    EXPECT_TRUE(settles.empty()) << "Escape applied " << settles.front();
    EXPECT_DOUBLE_EQ(applied, 2.0);
}

TEST_F(SliderTyping, ADragAppliesAsTheMouseMoves)
{
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = slider;
    io.MouseDown[0] = true;
    frame();
    const std::size_t atPress = settles.size();
    io.MousePos.x += 40.0f;
    frame();
    EXPECT_GT(settles.size(), atPress) << "a drag waited for the release";
    const double during = applied;
    io.MousePos.x += 40.0f;
    frame();
    EXPECT_GT(applied, during) << "the second move was not applied while the button was held";
    io.MouseDown[0] = false;
    frame();
}

}  // namespace
}  // namespace fluid::app
