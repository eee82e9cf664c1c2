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

// Whether sharing jobs still pays. With another process on one of two cores,
// the helper wakes too late for most jobs (measured: the caller computed 1774
// of 1778 chunks), and waking it only costs. Fed, over a window of shared
// jobs, the caller's time computing and waiting and its share of the chunks,
// this says how many of the next jobs the caller runs alone: 0 while sharing
// took under kMaxShareOfAlone of what the caller alone would have, else
// kFirstSoloJobs, doubling up to kMaxSoloJobs while each retry finds sharing
// slow again. Free of threads and clocks: tested with made-up times.
class SharingGauge {
public:
    static constexpr int kWindowJobs = 256;  // about two steps of the default solver
    static constexpr double kMaxShareOfAlone = 0.9;
    static constexpr int kFirstSoloJobs = 2048;
    static constexpr int kMaxSoloJobs = 1 << 18;

    struct Window {
        double computed = 0.0;  // s the caller spent on its chunks
        double waited = 0.0;    // s it then waited for the helpers'
        int callerChunks = 0;
        int totalChunks = 0;
    };
    int afterWindow(const Window& window);

private:
    int soloJobs_ = kFirstSoloJobs / 2;
};

class RowPool {
public:
    static constexpr std::chrono::microseconds kSpinBeforeSleeping{50};
    // Chunks per thread of a job: enough that a late helper's share is picked
    // up by the others, few enough that claiming them costs nothing.
    static constexpr int kChunksPerThread = 4;
    static constexpr int kMaxThreads = 255;  // a job's thread count fits 8 bits (claims_)

    // The process's pool; its workers start at the first call that needs them.
    static RowPool& shared();

    // Share: every job is shared out, however slow (tests of the chunks).
    enum class OnSlowSharing { RunAlone, Share };
    explicit RowPool(OnSlowSharing onSlowSharing = OnSlowSharing::RunAlone) : onSlowSharing_(onSlowSharing) {}
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
    int computeChunks(std::uint32_t generation, int index);  // returns the chunks it computed

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
    const OnSlowSharing onSlowSharing_;
    SharingGauge gauge_;  // it and the window: only while busy_ is held
    SharingGauge::Window window_;
    int windowJobs_ = 0;
    std::atomic<int> soloJobsLeft_{0};
};

}  // namespace fluid::reference
