// RowPool (src/reference/row_pool.hpp): every row once, in contiguous chunks,
// on no more threads than asked for; calls it cannot serve at once (from
// inside a job, or from two threads) run on the caller instead of deadlocking.
#include "reference/row_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace fluid::reference {
namespace {

// How often each row was given to `rows` by one run.
std::vector<int> timesEachRow(RowPool& pool, int height, int threads)
{
    std::vector<std::atomic<int>> counts(static_cast<std::size_t>(std::max(height, 0)));
    pool.run(height, threads, [&](int begin, int end) {
        for (int j = begin; j < end; ++j) counts[static_cast<std::size_t>(j)].fetch_add(1);
    });
    std::vector<int> out;
    for (const auto& c : counts) out.push_back(c.load());
    return out;
}

TEST(RowPool, EveryRowExactlyOnceAtAnyThreadCount)
{
    RowPool pool(RowPool::OnSlowSharing::Share);  // every run shares out, so every worker starts
    for (int height : {0, 1, 2, 7, 100, 513})
        for (int threads : {1, 2, 3, 4, 8}) {
            SCOPED_TRACE(testing::Message() << height << " rows, " << threads << " threads");
            EXPECT_EQ(timesEachRow(pool, height, threads), std::vector<int>(static_cast<std::size_t>(height), 1));
        }
    EXPECT_EQ(pool.workers(), 7);  // the most threads asked for, less the caller
}

TEST(RowPool, ChunksAreContiguousAFewPerThreadOnNoMoreThreadsThanAskedFor)
{
    RowPool pool(RowPool::OnSlowSharing::Share);  // on a loaded machine a job might run alone
    timesEachRow(pool, 64, 8);                    // seven workers now wait
    for (int threads : {2, 3}) {
        SCOPED_TRACE(testing::Message() << threads << " threads");
        std::mutex guard;
        std::set<std::pair<int, int>> chunks;
        std::set<std::thread::id> owners;
        pool.run(100, threads, [&](int begin, int end) {
            const std::lock_guard<std::mutex> lock(guard);
            chunks.emplace(begin, end);
            owners.insert(std::this_thread::get_id());
        });
        ASSERT_EQ(chunks.size(), static_cast<std::size_t>(threads * RowPool::kChunksPerThread));
        int next = 0;
        for (const auto& [begin, end] : chunks) {  // sorted: they must tile [0, 100)
            EXPECT_EQ(begin, next);
            EXPECT_GT(end, begin);
            next = end;
        }
        EXPECT_EQ(next, 100);
        EXPECT_LE(owners.size(), static_cast<std::size_t>(threads)) << "more threads than asked for took part";
    }
}

// Sharing pays while the caller, computing its share and waiting for the
// helpers', takes well under what it would alone; a helper that wakes too late
// to take chunks (another process holds its core) makes the caller run the
// next jobs alone, twice as many after each window in a row that did not pay.
TEST(SharingGauge, JobsRunAloneWhileSharingDoesNotPay)
{
    SharingGauge gauge;
    const auto window = [](double computed, double waited, int mine, int all) {
        return SharingGauge::Window{computed, waited, mine, all};
    };
    // Idle, two threads: half the chunks each, little waiting. Alone 2 ms.
    EXPECT_EQ(gauge.afterWindow(window(1e-3, 1e-4, 1024, 2048)), 0);
    // A core busy: the caller computed 1774 of 1778 chunks (measured).
    EXPECT_EQ(gauge.afterWindow(window(7e-3, 1e-5, 1774, 1778)), SharingGauge::kFirstSoloJobs);
    EXPECT_EQ(gauge.afterWindow(window(7e-3, 1e-5, 1774, 1778)), 2 * SharingGauge::kFirstSoloJobs);
    // A helper that takes chunks but keeps the caller waiting as long.
    EXPECT_EQ(gauge.afterWindow(window(1e-3, 1e-3, 1024, 2048)), 4 * SharingGauge::kFirstSoloJobs);
    // Sharing pays again: back to sharing, and a later slow window starts over.
    EXPECT_EQ(gauge.afterWindow(window(1e-3, 1e-4, 1024, 2048)), 0);
    EXPECT_EQ(gauge.afterWindow(window(7e-3, 1e-5, 1774, 1778)), SharingGauge::kFirstSoloJobs);
    for (int n = 0; n < 40; ++n) gauge.afterWindow(window(7e-3, 1e-5, 1774, 1778));
    EXPECT_EQ(gauge.afterWindow(window(7e-3, 1e-5, 1774, 1778)), SharingGauge::kMaxSoloJobs);
    // No chunk of its own (every run from inside a job): nothing to judge.
    EXPECT_EQ(gauge.afterWindow(window(0.0, 0.0, 0, 2048)), 0);
}

TEST(RowPool, ARunFromInsideAJobRunsOnItsOwnThread)
{
    RowPool pool;
    std::atomic<int> inner{0};
    pool.run(4, 2, [&](int begin, int end) {
        for (int j = begin; j < end; ++j) {
            const std::thread::id self = std::this_thread::get_id();
            pool.run(10, 2, [&](int b, int e) {
                EXPECT_EQ(std::this_thread::get_id(), self);  // not handed to a worker: the pool is busy
                inner.fetch_add(e - b);
            });
        }
    });
    EXPECT_EQ(inner.load(), 40);
}

TEST(RowPool, TwoThreadsSharingThePoolEachGetEveryRow)
{
    RowPool pool;
    std::atomic<int> wrong{0};
    const auto caller = [&] {
        for (int n = 0; n < 300; ++n)
            if (timesEachRow(pool, 37, 2) != std::vector<int>(37, 1)) wrong.fetch_add(1);
    };
    std::thread a(caller), b(caller);
    a.join();
    b.join();
    EXPECT_EQ(wrong.load(), 0);
}

TEST(RowPool, CoresAvailableIsAtLeastOne)
{
    EXPECT_GE(RowPool::coresAvailable(), 1);
    EXPECT_LE(RowPool::coresAvailable(), static_cast<int>(std::max(std::thread::hardware_concurrency(), 1u)));
}

}  // namespace
}  // namespace fluid::reference
