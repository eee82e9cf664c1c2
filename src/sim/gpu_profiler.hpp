// GpuProfiler: GPU time per named span of GL commands, from GL_TIMESTAMP
// queries (glQueryCounter, core since 3.3) in a ring of query sets read a few
// frames late, only once GL_QUERY_RESULT_AVAILABLE says so: profiling never
// stalls the frame (no glFinish, no waiting read-back). The bookkeeping is
// core/timestamp_profiler.hpp; this adds the queries. Made only when
// profiling, so a run without it issues no query at all.
#pragma once

#include <vector>

#include "core/profile_table.hpp"
#include "core/timestamp_profiler.hpp"
#include "gl/handle.hpp"

namespace fluid::sim {

// The GL side of TimestampQueries: a query object per (set, index), made the
// first time that index is recorded and reused by every later frame.
class GlTimestampQueries final : public TimestampQueries {
public:
    explicit GlTimestampQueries(int sets) : sets_(static_cast<std::size_t>(sets)) {}
    void record(int set, int index) override;
    bool available(int set, int index) override;
    std::uint64_t nanoseconds(int set, int index) override;

private:
    const gl::Query& query(int set, int index) const;
    std::vector<std::vector<gl::Query>> sets_;
};

class GpuProfiler {
public:
    // Needs a current GL 3.3 context. ringSize: frames the GPU may run behind
    // before a frame goes unmeasured.
    explicit GpuProfiler(int ringSize = 4) : queries_(ringSize), profiler_(queries_, ringSize) {}

    // What GpuSolver::setStepTimer() takes: its laps become spans of the frame.
    StepTimer& timer() { return profiler_; }
    void beginFrame() { profiler_.beginFrame(); }
    void lap(const char* name) { profiler_.lap(name); }
    void stop() { profiler_.stop(); }
    void endFrame() { profiler_.endFrame(); }
    void collect(ProfileTable& table) { profiler_.collect(table); }
    void drain(ProfileTable& table) { profiler_.drain(table); }
    int measuredFrames() const { return profiler_.measuredFrames(); }
    int skippedFrames() const { return profiler_.skippedFrames(); }

private:
    GlTimestampQueries queries_;
    TimestampProfiler profiler_;
};

}  // namespace fluid::sim
