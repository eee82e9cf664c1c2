// FrameQueue: the frame loop never waits; a full queue drops and counts, and
// the dropped picture's frames repeat the last queued one.
#include "app/record/frame_queue.hpp"

#include <gtest/gtest.h>

#include <thread>

namespace fluid::app {
namespace {

VideoPicture picture(int tag, long repeat = 1)
{
    VideoPicture p;
    p.width = 1;
    p.height = 1;
    p.rgba = {static_cast<std::uint8_t>(tag), 0, 0, 255};
    p.repeat = repeat;
    return p;
}

TEST(FrameQueue, AFullQueueDropsTheNewestAndCountsIt)
{
    FrameQueue queue(2);
    EXPECT_TRUE(queue.push(picture(1)));
    EXPECT_TRUE(queue.push(picture(2)));
    EXPECT_FALSE(queue.push(picture(3, 2)));
    EXPECT_FALSE(queue.push(picture(4, 5)));
    EXPECT_EQ(queue.dropped(), 2);
    EXPECT_EQ(queue.framesLost(), 0);
    queue.close();
    const auto first = queue.pop();
    const auto second = queue.pop();
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->rgba[0], 1);
    EXPECT_EQ(first->repeat, 1);
    // The dropped pictures' 7 frames show picture 2 instead: the video keeps its length.
    EXPECT_EQ(second->rgba[0], 2);
    EXPECT_EQ(second->repeat, 8);
    EXPECT_FALSE(queue.pop());
}

TEST(FrameQueue, PicturesComeOutInOrderAndCloseDrainsThem)
{
    FrameQueue queue(4);
    for (int n = 0; n < 3; ++n) ASSERT_TRUE(queue.push(picture(n)));
    queue.close();
    for (int n = 0; n < 3; ++n) {
        const auto p = queue.pop();
        ASSERT_TRUE(p);
        EXPECT_EQ(p->rgba[0], n);
    }
    EXPECT_FALSE(queue.pop());
}

TEST(FrameQueue, PushAfterCloseIsDroppedAndItsFramesLost)
{
    FrameQueue queue(2);
    queue.close();
    EXPECT_FALSE(queue.push(picture(1, 3)));
    EXPECT_EQ(queue.dropped(), 1);
    EXPECT_EQ(queue.framesLost(), 3);
}

TEST(FrameQueue, ASlowConsumerNeverBlocksTheProducer)
{
    // The consumer takes one picture every 2 ms; the producer offers 200 at
    // once and must return from every push without waiting. Every frame
    // reaches the consumer, as a picture or as a repeat.
    FrameQueue queue(3);
    long consumed = 0;
    std::thread consumer([&] {
        while (auto p = queue.pop()) {
            consumed += p->repeat;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });
    const auto start = std::chrono::steady_clock::now();
    for (int n = 0; n < 200; ++n) queue.push(picture(n));
    const double pushing = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    queue.close();
    consumer.join();
    EXPECT_LT(pushing, 0.2);  // 200 waits of 2 ms would be 0.4 s
    EXPECT_GT(queue.dropped(), 0);
    EXPECT_EQ(consumed + queue.framesLost(), 200);
}

}  // namespace
}  // namespace fluid::app
