// The profiler's bookkeeping without GL: a fake clock stands in for the GPU's
// timestamps, so the ring's reuse, "only what has arrived" and the table's
// means are checked exactly.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <utility>

#include "core/profile_table.hpp"
#include "core/timestamp_profiler.hpp"
#include "core/wall_step_timer.hpp"

namespace fluid {
namespace {

// Timestamps of a fake GPU: record() reads `now`; a timestamp arrives only
// when the test says so (arriveAll), as a GPU that runs behind would.
class FakeQueries final : public TimestampQueries {
public:
    std::uint64_t now = 0;  // ns
    int records = 0;
    int waits = 0;  // nanoseconds() asked for one that had not arrived

    void record(int set, int index) override
    {
        stamps_[{set, index}] = {now, false};
        ++records;
    }
    bool available(int set, int index) override { return stamps_.at({set, index}).second; }
    std::uint64_t nanoseconds(int set, int index) override
    {
        auto& [t, arrived] = stamps_.at({set, index});
        if (!arrived) ++waits;
        arrived = true;
        return t;
    }
    void arriveAll()
    {
        for (auto& [key, stamp] : stamps_) stamp.second = true;
    }

private:
    std::map<std::pair<int, int>, std::pair<std::uint64_t, bool>> stamps_;
};

constexpr std::uint64_t kMs = 1'000'000;  // ns

// One frame: "a" takes aMs, then "b/part" bMs.
void frame(TimestampProfiler& p, FakeQueries& q, std::uint64_t aMs, std::uint64_t bMs)
{
    p.beginFrame();
    p.lap("a");
    q.now += aMs * kMs;
    p.lap("b/part");
    q.now += bMs * kMs;
    p.stop();
    p.endFrame();
    q.now += 100 * kMs;  // between frames: not timed
}

TEST(TimestampProfiler, LapsShareTheirBoundaries)
{
    FakeQueries q;
    TimestampProfiler p(q, 2);
    frame(p, q, 3, 5);
    EXPECT_EQ(q.records, 3);  // a's start, a's end = b's start, b's end
}

TEST(TimestampProfiler, ReadsNothingBeforeItArrivesAndNeverWaits)
{
    FakeQueries q;
    TimestampProfiler p(q, 3);
    ProfileTable table;
    frame(p, q, 3, 5);
    p.collect(table);
    EXPECT_EQ(table.frames(), 0);
    q.arriveAll();
    p.collect(table);
    EXPECT_EQ(table.frames(), 1);
    EXPECT_EQ(q.waits, 0);
    ASSERT_EQ(table.names(), (std::vector<std::string>{"a", "b/part"}));
    const auto lines = table.lines();
    ASSERT_EQ(lines.size(), 3u);  // a, b, b's part
    EXPECT_DOUBLE_EQ(lines[0].msPerFrame, 3.0);
    EXPECT_DOUBLE_EQ(lines[1].msPerFrame, 5.0);
    EXPECT_EQ(lines[2].name, "part");
    EXPECT_EQ(lines[2].depth, 1);
}

TEST(TimestampProfiler, AFullRingSkipsFramesWithoutRecording)
{
    FakeQueries q;
    TimestampProfiler p(q, 2);
    ProfileTable table;
    for (int n = 0; n < 5; ++n) {
        p.collect(table);  // nothing arrives: the GPU is behind
        frame(p, q, 1, 1);
    }
    EXPECT_EQ(p.skippedFrames(), 3);
    EXPECT_EQ(q.records, 2 * 3);  // only the two frames that found a set
    q.arriveAll();
    p.collect(table);
    EXPECT_EQ(table.frames(), 2);
    // The ring's sets are reused once read.
    frame(p, q, 1, 1);
    EXPECT_EQ(p.skippedFrames(), 3);
    EXPECT_EQ(q.records, 3 * 3);
}

TEST(TimestampProfiler, CollectsInFrameOrderAndAverages)
{
    FakeQueries q;
    TimestampProfiler p(q, 4);
    ProfileTable table;
    frame(p, q, 2, 10);
    frame(p, q, 4, 20);
    q.arriveAll();
    frame(p, q, 6, 30);  // has not arrived
    p.collect(table);
    EXPECT_EQ(table.frames(), 2);
    const auto lines = table.lines();
    EXPECT_DOUBLE_EQ(lines[0].msPerFrame, 3.0);
    EXPECT_DOUBLE_EQ(lines[1].msPerFrame, 15.0);
    EXPECT_DOUBLE_EQ(lines[0].share, 3.0 / 18.0);
    EXPECT_DOUBLE_EQ(table.msPerFrame(), 18.0);
    // drain() waits for the rest: only at the end of a run.
    p.drain(table);
    EXPECT_EQ(table.frames(), 3);
    EXPECT_GT(q.waits, 0);
    EXPECT_DOUBLE_EQ(table.lines()[0].msPerFrame, 4.0);
}

TEST(TimestampProfiler, LapsOutsideAFrameRecordNothing)
{
    FakeQueries q;
    TimestampProfiler p(q, 2);
    p.lap("a");
    p.stop();
    EXPECT_EQ(q.records, 0);
}

TEST(ProfileTable, GroupsSumTheirPartsAndCountCalls)
{
    ProfileTable t;
    for (int f = 0; f < 2; ++f) {
        t.add("splats", 1.0);
        t.add("projection/divergence", 0.5);
        t.add("projection/level 0", 1.0);
        t.add("projection/level 0", 1.0);
        t.endFrame();
    }
    const auto lines = t.lines();
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[1].name, "projection");
    EXPECT_DOUBLE_EQ(lines[1].msPerFrame, 2.5);
    EXPECT_DOUBLE_EQ(lines[3].callsPerFrame, 2.0);
    EXPECT_DOUBLE_EQ(lines[0].share + lines[1].share, 1.0);
    const std::string text = t.format("step");
    EXPECT_NE(text.find("projection"), std::string::npos) << text;
    EXPECT_NE(text.find("    level 0"), std::string::npos) << text;
    EXPECT_NE(text.find("total"), std::string::npos) << text;
}

TEST(WallStepTimer, EachLapIsASpanOfItsName)
{
    ProfileTable t;
    WallStepTimer timer(t);
    timer.lap("a");
    timer.lap("b");
    timer.endFrame();
    EXPECT_EQ(t.names(), (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(t.frames(), 1);
    for (const auto& l : t.lines()) EXPECT_GE(l.msPerFrame, 0.0);
}

}  // namespace
}  // namespace fluid
