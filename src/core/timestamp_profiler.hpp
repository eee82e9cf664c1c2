// TimestampProfiler: the bookkeeping of a GPU profile, apart from GL so that
// it can be tested with a fake clock. Each frame's laps (core/step_timer.hpp)
// record one timestamp per span boundary into a query set; a ring of sets
// lets the GPU run a few frames behind, and a set is read only once all of
// its timestamps are available: collecting never waits. A frame that finds
// the next set still in flight is not measured at all (no timestamps), so
// profiling never stalls the frame either. Only drain(), outside the step
// loop, waits.
#pragma once

#include <cstdint>
#include <vector>

#include "core/profile_table.hpp"
#include "core/step_timer.hpp"

namespace fluid {

// Where the timestamps come from: GL_TIMESTAMP queries (sim/gpu_profiler.hpp)
// or a test's fake. Queries are addressed by (set, index); an index is
// recorded at most once per use of its set.
class TimestampQueries {
public:
    virtual ~TimestampQueries() = default;
    // Records the time the GPU gets to this point of the command stream.
    virtual void record(int set, int index) = 0;
    // Whether the timestamp has arrived; never waits.
    virtual bool available(int set, int index) = 0;
    // The timestamp in nanoseconds; waits for it if it has not arrived.
    virtual std::uint64_t nanoseconds(int set, int index) = 0;
};

class TimestampProfiler final : public StepTimer {
public:
    TimestampProfiler(TimestampQueries& queries, int ringSize);

    // Starts measuring a frame in the next free set, if there is one; laps
    // outside beginFrame()/endFrame(), or in a frame that found no free set,
    // record nothing.
    void beginFrame();
    void lap(const char* name) override;
    void stop() override;
    void endFrame();

    // Every finished set, oldest first, into `table` (one frame each); stops
    // at the first set whose timestamps have not all arrived. Never waits.
    void collect(ProfileTable& table);
    // Every set in flight into `table`, waiting for the GPU: for the end of a
    // run, never inside its step loop.
    void drain(ProfileTable& table);

    int measuredFrames() const { return measured_; }
    int skippedFrames() const { return skipped_; }  // the ring was full
    int ringSize() const { return static_cast<int>(sets_.size()); }

private:
    struct Span {
        const char* name;
        int begin;
        int end;  // -1 while open
    };
    enum class State { Free, Recording, InFlight };
    struct QuerySet {
        State state = State::Free;
        std::vector<Span> spans;
        int recorded = 0;  // timestamps recorded: indices 0 .. recorded - 1
    };
    int stamp();  // records the next timestamp of the recording set
    bool finished(int set);
    void read(int set, ProfileTable& table);

    TimestampQueries& queries_;
    std::vector<QuerySet> sets_;
    int recording_ = -1;  // the set of the frame being measured, or -1
    int next_ = 0;        // the set the next frame takes
    int oldest_ = 0;      // the set collect() reads next
    int inFlight_ = 0;
    int measured_ = 0;
    int skipped_ = 0;
};

}  // namespace fluid
