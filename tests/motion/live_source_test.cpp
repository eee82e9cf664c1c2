// A live source (a camera) is read on its own thread: the window asking for a
// frame never waits for the device, and gets the newest one the device gave.
#include <gtest/gtest.h>

#include <condition_variable>
#include <memory>
#include <mutex>

#include "motion/live_source.hpp"

namespace fluid::motion {
namespace {

// A device that gives frame n (a 1x1 picture of brightness n / 100) only when
// the test lets it, and blocks in next() until then, as a camera does between
// frames.
class GatedDevice final : public FrameSource {
public:
    LumaFrame next() override
    {
        std::unique_lock lock(mutex_);
        opened_.wait(lock, [&] { return allowed_ > given_ || closed_; });
        if (closed_) return {};
        ++given_;
        return {1, 1, {static_cast<float>(given_) / 100.0f}};
    }
    double frameRate() const override { return 30.0; }
    std::string describe() const override { return "gated test device"; }

    void allow(int frames)
    {
        const std::lock_guard lock(mutex_);
        allowed_ += frames;
        opened_.notify_all();
    }
    void close()
    {
        const std::lock_guard lock(mutex_);
        closed_ = true;
        opened_.notify_all();
    }

private:
    std::mutex mutex_;
    std::condition_variable opened_;
    int allowed_ = 0;
    int given_ = 0;
    bool closed_ = false;
};

TEST(LiveSource, NeverWaitsForTheDeviceAndGivesTheNewestFrame)
{
    auto owned = std::make_unique<GatedDevice>();
    GatedDevice& device = *owned;
    LiveSource live(std::move(owned));
    EXPECT_EQ(live.describe(), "gated test device");
    EXPECT_DOUBLE_EQ(live.frameRate(), 30.0);

    // The device blocks (nothing allowed yet): next() returns at once, empty.
    EXPECT_TRUE(live.next().empty());

    device.allow(1);
    live.waitForFrames(1);
    LumaFrame f = live.next();
    ASSERT_FALSE(f.empty());
    EXPECT_FLOAT_EQ(f.luma[0], 0.01f);
    // The device blocks again: asking again gives the same newest frame, at once.
    EXPECT_FLOAT_EQ(live.next().luma[0], 0.01f);

    // Three frames while nobody asked: the newest is the one given.
    device.allow(3);
    live.waitForFrames(4);
    EXPECT_FLOAT_EQ(live.next().luma[0], 0.04f);

    device.close();  // the camera goes away: the thread ends, the last frame stays
    live.waitForFrames(5);
    EXPECT_FLOAT_EQ(live.next().luma[0], 0.04f);
}

}  // namespace
}  // namespace fluid::motion
