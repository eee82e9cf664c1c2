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

// claims_: generation (bits 32-63), thread count (24-31), chunk count
// (12-23), next unclaimed chunk (0-11).
constexpr std::uint64_t claimsOf(std::uint32_t generation, int threads, int chunks)
{
    return (static_cast<std::uint64_t>(generation) << 32) | (static_cast<std::uint64_t>(threads) << 24) |
           (static_cast<std::uint64_t>(chunks) << 12);
}
constexpr std::uint32_t generationOf(std::uint64_t claims)
{
    return static_cast<std::uint32_t>(claims >> 32);
}
constexpr int threadsOf(std::uint64_t claims)
{
    return static_cast<int>((claims >> 24) & 0xffu);
}
constexpr int chunksOf(std::uint64_t claims)
{
    return static_cast<int>((claims >> 12) & 0xfffu);
}
constexpr int nextChunkOf(std::uint64_t claims)
{
    return static_cast<int>(claims & 0xfffu);
}

}  // namespace

int SharingGauge::afterWindow(const Window& w)
{
    // The caller computed callerChunks of totalChunks in `computed`: alone it
    // would have needed about computed * totalChunks / callerChunks.
    const double alone = w.callerChunks > 0 ? w.computed * w.totalChunks / w.callerChunks : 0.0;
    if (w.callerChunks == 0 || w.computed + w.waited < kMaxShareOfAlone * alone) {
        soloJobs_ = kFirstSoloJobs / 2;
        return 0;
    }
    soloJobs_ = std::min(2 * soloJobs_, kMaxSoloJobs);
    return soloJobs_;
}

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
    stopping_.store(true, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    for (std::thread& worker : workers_) worker.join();
}

void RowPool::startWorkers(int count)
{
    // Only while busy_ is held: no job is under way, so a new worker waits
    // for the next generation.
    const std::uint32_t now = generation_.load(std::memory_order_relaxed);
    while (static_cast<int>(workers_.size()) < count) {
        const int index = static_cast<int>(workers_.size()) + 1;  // the caller is 0
        workers_.emplace_back([this, index, now] { work(index, now); });
    }
}

int RowPool::computeChunks(std::uint32_t generation, int index)
{
    int computed = 0;
    std::uint64_t claims = claims_.load(std::memory_order_acquire);
    if (generationOf(claims) != generation || index >= threadsOf(claims)) return computed;
    for (;;) {
        // A chunk of this generation that is left, or nothing: the claim is
        // what entitles a thread to read job_ (the caller waits for every
        // claimed chunk before it writes the next job).
        const int chunk = nextChunkOf(claims);
        if (generationOf(claims) != generation || chunk >= chunksOf(claims)) return computed;
        if (!claims_.compare_exchange_weak(claims, claims + 1, std::memory_order_acquire)) continue;
        const Job job = job_;  // a copy: once the chunk is counted done, job_ may become the next job
        const auto rowAt = [&job](int k) {
            return static_cast<int>(static_cast<std::int64_t>(job.height) * k / job.chunks);
        };
        job.function(job.rows, rowAt(chunk), rowAt(chunk + 1));
        ++computed;
        if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == job.chunks) done_.notify_one();
        claims = claims_.load(std::memory_order_acquire);
    }
}

void RowPool::work(int index, std::uint32_t seen)
{
    for (;;) {
        seen = waitWhileEqual(generation_, seen);
        if (stopping_.load(std::memory_order_relaxed)) return;
        computeChunks(seen, index);
    }
}

void RowPool::run(int height, int threads, RowsFunction function, const void* rows)
{
    if (height <= 0) return;
    threads = std::clamp(threads, 1, std::min(height, kMaxThreads));
    if (threads > 1 && onSlowSharing_ == OnSlowSharing::RunAlone && soloJobsLeft_.load(std::memory_order_relaxed) > 0) {
        soloJobsLeft_.fetch_sub(1, std::memory_order_relaxed);  // (racing callers: a job more or less alone)
        threads = 1;
    }
    bool expected = false;
    if (threads == 1 || !busy_.compare_exchange_strong(expected, true, std::memory_order_acquire)) {
        function(rows, 0, height);
        return;
    }
    startWorkers(threads - 1);
    const int chunks = std::min(height, threads * kChunksPerThread);
    const std::uint32_t generation = generation_.load(std::memory_order_relaxed) + 1;
    job_ = Job{function, rows, height, chunks};
    done_.store(0, std::memory_order_relaxed);
    claims_.store(claimsOf(generation, threads, chunks), std::memory_order_release);
    generation_.store(generation, std::memory_order_release);
    generation_.notify_all();

    const Clock::time_point start = Clock::now();
    const int mine = computeChunks(generation, 0);
    const Clock::time_point computed = Clock::now();
    for (int finished = done_.load(std::memory_order_acquire); finished != chunks;
         finished = done_.load(std::memory_order_acquire))
        waitWhileEqual(done_, finished);
    if (onSlowSharing_ == OnSlowSharing::RunAlone) {
        window_.computed += std::chrono::duration<double>(computed - start).count();
        window_.waited += std::chrono::duration<double>(Clock::now() - computed).count();
        window_.callerChunks += mine;
        window_.totalChunks += chunks;
        if (++windowJobs_ == SharingGauge::kWindowJobs) {
            soloJobsLeft_.store(gauge_.afterWindow(window_), std::memory_order_relaxed);
            window_ = {};
            windowJobs_ = 0;
        }
    }
    busy_.store(false, std::memory_order_release);
}

}  // namespace fluid::reference
