#include "reference/row_pool.hpp"

#include <sched.h>

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace fluid::reference {

namespace {

using Clock = std::chrono::steady_clock;

// A pause between two looks at a variable another core will write: it tells
// the core (and its hyperthread twin) that this is a spin.
inline void relax()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

// Waits until `value` is no longer `seen`: spins for up to
// kSpinBeforeSleeping, then sleeps in the kernel until a notify. Returns the
// new value.
template <typename T>
T waitWhileEqual(const std::atomic<T>& value, T seen)
{
    const Clock::time_point deadline = Clock::now() + RowPool::kSpinBeforeSleeping;
    for (unsigned n = 1;; ++n) {
        const T now = value.load(std::memory_order_acquire);
        if (now != seen) return now;
        if (n % 64 == 0 && Clock::now() > deadline) break;
        relax();
    }
    for (;;) {
        value.wait(seen, std::memory_order_acquire);
        const T now = value.load(std::memory_order_acquire);
        if (now != seen) return now;
    }
}

}  // namespace

int RowPool::coresAvailable()
{
    static const int cores = [] {
        cpu_set_t set;
        if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(CPU_COUNT(&set), 1);
        return std::max(static_cast<int>(std::thread::hardware_concurrency()), 1);
    }();
    return cores;
}

RowPool& RowPool::shared()
{
    static RowPool pool;
    return pool;
}

RowPool::~RowPool()
{
    if (workers_.empty()) return;
    stopping_ = true;
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (std::thread& worker : workers_) worker.join();
}

void RowPool::startWorkers(int count)
{
    // Only while busy_ is held: no job is under way, so the new worker's
    // first generation to wait past is the current one.
    const std::uint32_t now = generation_.load(std::memory_order_relaxed);
    while (static_cast<int>(workers_.size()) < count) {
        const int index = static_cast<int>(workers_.size()) + 1;  // the caller is block 0
        workers_.emplace_back([this, index, now] { work(index, now); });
    }
}

void RowPool::work(int index, std::uint32_t seen)
{
    for (;;) {
        seen = waitWhileEqual(generation_, seen);
        if (stopping_) return;
        const Job job = job_;
        if (index < job.threads) {
            const int begin = blockBegin(job.height, job.threads, index);
            const int end = blockBegin(job.height, job.threads, index + 1);
            if (begin < end) job.function(job.rows, begin, end);
        }
        // Every worker reports, taking part or not, so that job_ is never
        // rewritten while one of them may still be reading it.
        if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
    }
}

void RowPool::run(int height, int threads, RowsFunction function, const void* rows)
{
    if (height <= 0) return;
    threads = std::clamp(threads, 1, height);
    bool expected = false;
    if (threads == 1 || !busy_.compare_exchange_strong(expected, true, std::memory_order_acquire)) {
        function(rows, 0, height);
        return;
    }
    startWorkers(threads - 1);
    job_ = Job{function, rows, height, threads};
    pending_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();

    function(rows, 0, blockBegin(height, threads, 1));

    for (int left = pending_.load(std::memory_order_acquire); left != 0;
         left = pending_.load(std::memory_order_acquire))
        waitWhileEqual(pending_, left);
    busy_.store(false, std::memory_order_release);
}

}  // namespace fluid::reference
