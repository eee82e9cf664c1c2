// RowPool: the threads that share out the rows of a CPU pass (forEachRow in
// stencil.hpp). It replaces `#pragma omp parallel for`, whose runtime (GCC's
// libgomp) spins for milliseconds at the end of every parallel region while
// a partner thread waits to be scheduled: with another process on one of two
// cores, a 128x128 step took a second on two threads instead of 7 ms, and the
// cure, OMP_WAIT_POLICY, is read from the environment before main() runs.
// Here a waiting thread spins for at most kSpinBeforeSleeping, long enough to
// catch the next pass of a busy step, then sleeps on a futex (C++20
// std::atomic::wait), giving its core to whoever needs it.
//
// Rows are shared statically: of `threads`, thread t (the caller is t = 0)
// computes the contiguous block [t h / threads, (t + 1) h / threads). Every
// row is computed alone, so results do not depend on the thread count.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

namespace fluid::reference {

class RowPool {
public:
    static constexpr std::chrono::microseconds kSpinBeforeSleeping{50};

    // The process's pool; its workers start at the first call that needs them.
    static RowPool& shared();

    RowPool() = default;
    ~RowPool();  // stops and joins the workers
    RowPool(const RowPool&) = delete;
    RowPool& operator=(const RowPool&) = delete;

    // Calls rows(begin, end) for blocks that cover [0, height) once, on
    // `threads` threads (at most `height`; the caller is one of them), and
    // returns when every block is done. A call made while the pool is busy
    // (from another thread, or from inside `rows`) runs all rows on its own
    // thread instead of waiting.
    template <typename Rows>
    void run(int height, int threads, const Rows& rows)
    {
        run(height, threads, &invoke<Rows>, &rows);
    }

    // The cores this process may run on (its CPU affinity; at least 1).
    static int coresAvailable();

    // The worker threads started so far (tests).
    int workers() const { return static_cast<int>(workers_.size()); }

    // The rows [begin, end) of block `index` of `count` over `height` rows.
    static int blockBegin(int height, int count, int index)
    {
        return static_cast<int>(static_cast<std::int64_t>(height) * index / count);
    }

private:
    using RowsFunction = void (*)(const void* rows, int begin, int end);
    template <typename Rows>
    static void invoke(const void* rows, int begin, int end)
    {
        (*static_cast<const Rows*>(rows))(begin, end);
    }
    struct Job {
        RowsFunction function = nullptr;
        const void* rows = nullptr;
        int height = 0;
        int threads = 0;
    };

    void run(int height, int threads, RowsFunction function, const void* rows);
    void startWorkers(int count);
    void work(int index, std::uint32_t seen);

    std::vector<std::thread> workers_;
    Job job_;                                   // written before generation_ moves on, read after
    std::atomic<std::uint32_t> generation_{0};  // one more per job: what wakes the workers
    std::atomic<int> pending_{0};               // workers that have not finished the current job
    std::atomic<bool> busy_{false};
    bool stopping_ = false;  // written, like job_, before generation_ moves on
};

}  // namespace fluid::reference
