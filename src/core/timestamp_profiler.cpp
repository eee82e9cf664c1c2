#include "core/timestamp_profiler.hpp"

#include <algorithm>

namespace fluid {

TimestampProfiler::TimestampProfiler(TimestampQueries& queries, int ringSize)
    : queries_(queries), sets_(static_cast<std::size_t>(std::max(ringSize, 1)))
{
}

void TimestampProfiler::beginFrame()
{
    if (recording_ >= 0) endFrame();  // a frame left open ends here
    QuerySet& set = sets_[static_cast<std::size_t>(next_)];
    if (set.state != State::Free) {
        ++skipped_;
        return;
    }
    set.state = State::Recording;
    set.spans.clear();
    set.recorded = 0;
    recording_ = next_;
    next_ = (next_ + 1) % ringSize();
}

int TimestampProfiler::stamp()
{
    QuerySet& set = sets_[static_cast<std::size_t>(recording_)];
    queries_.record(recording_, set.recorded);
    return set.recorded++;
}

void TimestampProfiler::lap(const char* name)
{
    if (recording_ < 0) return;
    std::vector<Span>& spans = sets_[static_cast<std::size_t>(recording_)].spans;
    // One timestamp ends the open span and starts the next.
    const int now = stamp();
    if (!spans.empty() && spans.back().end < 0) spans.back().end = now;
    spans.push_back({name, now, -1});
}

void TimestampProfiler::stop()
{
    if (recording_ < 0) return;
    std::vector<Span>& spans = sets_[static_cast<std::size_t>(recording_)].spans;
    if (!spans.empty() && spans.back().end < 0) spans.back().end = stamp();
}

void TimestampProfiler::endFrame()
{
    if (recording_ < 0) return;
    stop();
    sets_[static_cast<std::size_t>(recording_)].state = State::InFlight;
    ++inFlight_;
    recording_ = -1;
}

bool TimestampProfiler::finished(int set)
{
    const QuerySet& s = sets_[static_cast<std::size_t>(set)];
    // The last timestamp first: the GPU passes them in order, so while it is
    // missing the others need not be asked about.
    for (int index = s.recorded - 1; index >= 0; --index)
        if (!queries_.available(set, index)) return false;
    return true;
}

void TimestampProfiler::read(int set, ProfileTable& table)
{
    QuerySet& s = sets_[static_cast<std::size_t>(set)];
    for (const Span& span : s.spans) {
        const std::uint64_t begin = queries_.nanoseconds(set, span.begin);
        const std::uint64_t end = queries_.nanoseconds(set, span.end);
        // A clock that steps back (it should not) counts as no time, not as
        // a huge unsigned one.
        table.add(span.name, end > begin ? static_cast<double>(end - begin) * 1e-6 : 0.0);
    }
    table.endFrame();
    ++measured_;
    s.state = State::Free;
    --inFlight_;
    oldest_ = (oldest_ + 1) % ringSize();
}

void TimestampProfiler::collect(ProfileTable& table)
{
    while (inFlight_ > 0 && finished(oldest_)) read(oldest_, table);
}

void TimestampProfiler::drain(ProfileTable& table)
{
    endFrame();
    while (inFlight_ > 0) read(oldest_, table);  // nanoseconds() waits
}

}  // namespace fluid
