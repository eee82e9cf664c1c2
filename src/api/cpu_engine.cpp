// The CPU backend: fluid::CpuSolver behind detail::Engine. Its read-back is
// immediate: requestReadBack() copies the state, takeReadBack() hands it over.
#include <utility>

#include "api/engine.hpp"
#include "reference/cpu_solver.hpp"

namespace fluidsim::detail {

namespace {

class CpuEngine final : public Engine {
public:
    CpuEngine(const fluid::SimParams& params, int threads) : solver_(params, threads) {}

    Backend backend() const override { return Backend::Cpu; }
    const fluid::SimParams& params() const override { return solver_.params(); }
    void setParams(const fluid::SimParams& params) override { solver_.setParams(params); }
    void step(std::span<const fluid::Splat> splats) override { solver_.step(splats); }
    fluid::FluidState download() const override { return solver_.download(); }
    void upload(const fluid::FluidState& state) override { solver_.upload(state); }
    void setObstacles(const fluid::Field& mask) override
    {
        if (mask.size() == 0)
            solver_.clearObstacles();
        else
            solver_.setObstacles(mask);
    }
    void reset() override { solver_.reset(); }
    void requestReadBack(double time, long long steps) override
    {
        const fluid::FluidState& s = solver_.state();
        pending_ = SnapshotData{solver_.params(), s.velocity, s.dye, time, steps};
    }
    std::optional<SnapshotData> takeReadBack(bool) override { return std::exchange(pending_, std::nullopt); }

private:
    fluid::CpuSolver solver_;
    std::optional<SnapshotData> pending_;
};

}  // namespace

std::unique_ptr<Engine> makeCpuEngine(const fluid::SimParams& params, int threads)
{
    return std::make_unique<CpuEngine>(params, threads);
}

}  // namespace fluidsim::detail
