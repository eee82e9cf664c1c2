// RowPool: the threads that share out the rows of a CPU pass (forEachRow in
// stencil.hpp). It replaces `#pragma omp parallel for schedule(static)`,
// which ends every parallel region in a barrier: with another process on one
// of two cores, the partner thread is often not running, and the whole
// region waits for it (GCC's libgomp spinning meanwhile), a hundred times a
// step. Here the rows are cut into a few chunks per thread that whoever is
// running claims, one at a time: a caller whose helper has not woken up
// simply computes every chunk itself, and waits only for chunks a helper has
// already begun. A waiting thread spins for at most kSpinBeforeSleeping,
// long enough to catch the next pass of a busy step, then sleeps on a futex
// (C++20 std::atomic::wait), giving its core to whoever needs it.
//
// Every row is computed alone, so results do not depend on the thread count
// or on which thread computed which chunk.
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
    // Chunks per thread of a job: enough that a late helper's share is picked
    // up by the others, few enough that claiming them costs nothing.
    static constexpr int kChunksPerThread = 4;
    static constexpr int kMaxThreads = 255;  // a job's thread count fits 8 bits (claims_)

    // The process's pool; its workers start at the first call that needs them.
    static RowPool& shared();

    RowPool() = default;
    ~RowPool();  // stops and joins the workers
    RowPool(const RowPool&) = delete;
    RowPool& operator=(const RowPool&) = delete;

    // Calls rows(begin, end) for chunks that cover [0, height) once, on up to
    // `threads` threads (at most `height`; the caller is one of them), and
    // returns when every chunk is done. A call made while the pool is busy
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
        int chunks = 0;
    };

    void run(int height, int threads, RowsFunction function, const void* rows);
    void startWorkers(int count);
    void work(int index, std::uint32_t seen);
    // Claims and computes chunks of job `generation` until none is left;
    // `index` is the thread's (the caller 0, workers from 1), and a thread
    // whose index is not below the job's thread count takes none.
    void computeChunks(std::uint32_t generation, int index);

    std::vector<std::thread> workers_;
    // Written before claims_ announces its generation; read only by a thread
    // that has claimed a chunk of it, which the caller waits for before
    // writing the next job.
    Job job_;
    // The job's generation (bits 32-63), its thread count (24-31) and its
    // next unclaimed chunk (0-23).
    std::atomic<std::uint64_t> claims_{0};
    std::atomic<int> done_{0};                  // chunks of the current job finished
    std::atomic<std::uint32_t> generation_{0};  // what sleeping workers wait on
    std::atomic<bool> busy_{false};
    std::atomic<bool> stopping_{false};
};

}  // namespace fluid::reference
