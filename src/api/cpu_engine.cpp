// The CPU backend: fluid::CpuSolver behind detail::Engine. Its read-back is
// immediate: requestReadBack() copies the state, takeReadBack() hands it over.
#include <utility>

#include "api/engine.hpp"
#include "reference/cpu_solver.hpp"

namespace fluidsim::detail {

namespace {

class CpuEngine final : public SolverEngine<fluid::CpuSolver> {
public:
    CpuEngine(const fluid::SimParams& params, int threads) : SolverEngine(params, threads) {}

    Backend backend() const override { return Backend::Cpu; }
    void requestReadBack(double time, long long steps) override
    {
        const fluid::FluidState& s = solver_.state();
        pending_ = SnapshotData{solver_.params(), s.velocity, s.dye, time, steps};
    }
    std::optional<SnapshotData> takeReadBack(bool) override { return std::exchange(pending_, std::nullopt); }

private:
    std::optional<SnapshotData> pending_;
};

}  // namespace

std::unique_ptr<Engine> makeCpuEngine(const fluid::SimParams& params, int threads)
{
    return std::make_unique<CpuEngine>(params, threads);
}

}  // namespace fluidsim::detail
