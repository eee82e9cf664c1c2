// fluidsim::Solver and Snapshot over a detail::Engine; makeSolver() picks
// the engine. Backend-independent: everything here is the CPU part library's.
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "api/engine.hpp"
#include "api/sampling.hpp"
#include "core/pass_constants.hpp"
#include "reference/passes.hpp"

namespace fluidsim {

namespace detail {

namespace {

// Constant-initialised, so registration from another library's static
// initialiser cannot run before it is set up.
GpuEngineFactory gpuFactory = nullptr;

fluid::Splat toFluid(const Splat& s)
{
    fluid::Splat f;
    f.from = {static_cast<float>(s.from.x), static_cast<float>(s.from.y)};
    f.to = {static_cast<float>(s.to.x), static_cast<float>(s.to.y)};
    f.radius = static_cast<float>(s.radius);
    f.velocity = {static_cast<float>(s.velocity.x), static_cast<float>(s.velocity.y)};
    f.dye = {static_cast<float>(s.dye.r), static_cast<float>(s.dye.g), static_cast<float>(s.dye.b)};
    f.addsDye = s.addsDye;
    return f;
}

// The data of a snapshot; a NaN anywhere in the velocity stays NaN in the
// diagnostics, so a blown-up run never measures as small.
double nanMax(double m, double x)
{
    if (std::isnan(m) || std::isnan(x)) return std::numeric_limits<double>::quiet_NaN();
    return std::fmax(m, x);
}

}  // namespace

// The solvers throw std::invalid_argument and gl::GlError of their own: the
// API promises Error, naming its own function.
template <typename F>
decltype(auto) asApiError(const char* who, F&& f)
{
    try {
        return std::forward<F>(f)();
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        throw Error(std::string(who) + ": " + e.what());
    }
}

void registerGpuEngine(GpuEngineFactory factory)
{
    gpuFactory = factory;
}

}  // namespace detail

// --- Snapshot ---

Snapshot::Snapshot(std::shared_ptr<const detail::SnapshotData> data) : data_(std::move(data)) {}

Vec2 Snapshot::velocityAt(Vec2 position) const
{
    return detail::interpolateVelocity(data_->velocity, data_->params, position);
}

Rgb Snapshot::dyeAt(Vec2 position) const
{
    return detail::interpolateDye(data_->dye, data_->params, position);
}

double Snapshot::kineticEnergy() const
{
    double sum = 0.0;
    for (float v : data_->velocity.values()) sum += static_cast<double>(v) * static_cast<double>(v);
    const double h = static_cast<double>(data_->params.cellSize());
    return 0.5 * sum * h * h;
}

double Snapshot::maxDivergence() const
{
    const fluid::Field& velocity = data_->velocity;
    fluid::Field divergence(velocity.width(), velocity.height(), 1);
    fluid::reference::divergence(velocity, divergence, fluid::makePassConstants(data_->params));
    double m = 0.0;
    for (float d : divergence.values()) m = detail::nanMax(m, std::fabs(static_cast<double>(d)));
    return m;
}

double Snapshot::time() const
{
    return data_->time;
}

long long Snapshot::steps() const
{
    return data_->steps;
}

// --- Solver ---

Solver::Solver(std::unique_ptr<detail::Engine> engine) : engine_(std::move(engine)) {}
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;
Solver::~Solver() = default;

Backend Solver::backend() const
{
    return engine_->backend();
}

Settings Solver::settings() const
{
    return detail::fromSimParams(engine_->params(), threads_);
}

void Solver::setSettings(const Settings& settings)
{
    const fluid::SimParams next = detail::toSimParams(settings);
    const fluid::SimParams& now = engine_->params();
    if (next.gridWidth != now.gridWidth || next.gridHeight != now.gridHeight ||
        next.dyeGridWidthOrDefault() != now.dyeGridWidthOrDefault())
        throw Error("fluidsim::Solver::setSettings(): the grid is fixed for a solver's life; make a new solver");
    detail::asApiError("fluidsim::Solver::setSettings()", [&] { engine_->setParams(next); });
}

void Solver::splat(const Splat& splat)
{
    queued_.push_back(splat);
}

void Solver::step(int count)
{
    if (count < 0) throw Error("fluidsim::Solver::step(): count = " + std::to_string(count) + " is negative");
    for (int k = 0; k < count; ++k) {
        std::vector<fluid::Splat> splats;
        if (k == 0)
            for (const Splat& s : queued_) splats.push_back(detail::toFluid(s));
        queued_.clear();
        engine_->step(splats);
        time_ += static_cast<double>(engine_->params().dt);
        ++steps_;
    }
}

void Solver::reset()
{
    engine_->reset();
    queued_.clear();
    time_ = 0.0;
    steps_ = 0;
}

double Solver::time() const
{
    return time_;
}

long long Solver::steps() const
{
    return steps_;
}

void Solver::setVelocity(const std::function<Vec2(Vec2 position)>& velocity)
{
    fluid::FluidState state = engine_->download();
    detail::sampleVelocity(state.velocity, engine_->params(), velocity, false);
    engine_->upload(state);
}

void Solver::applyForce(const std::function<Vec2(Vec2 position)>& acceleration)
{
    const double dt = static_cast<double>(engine_->params().dt);
    fluid::FluidState state = engine_->download();
    detail::sampleVelocity(
        state.velocity, engine_->params(),
        [&](Vec2 at) {
            const Vec2 a = acceleration(at);
            return Vec2{a.x * dt, a.y * dt};
        },
        true);
    engine_->upload(state);
}

void Solver::setDye(const std::function<Rgb(Vec2 position)>& dye)
{
    fluid::FluidState state = engine_->download();
    detail::sampleDye(state.dye, engine_->params(), dye);
    engine_->upload(state);
}

void Solver::setObstacles(const std::function<bool(Vec2 position)>& solid)
{
    const fluid::Field mask = solid ? detail::sampleMask(engine_->params(), solid) : fluid::Field();
    detail::asApiError("fluidsim::Solver::setObstacles()", [&] { engine_->setObstacles(mask); });
}

Vec2 Solver::velocityAt(Vec2 position) const
{
    return snapshot().velocityAt(position);
}

Rgb Solver::dyeAt(Vec2 position) const
{
    return snapshot().dyeAt(position);
}

double Solver::kineticEnergy() const
{
    return snapshot().kineticEnergy();
}

double Solver::maxDivergence() const
{
    return snapshot().maxDivergence();
}

Snapshot Solver::snapshot() const
{
    fluid::FluidState state = engine_->download();
    return Snapshot(std::make_shared<const detail::SnapshotData>(
        detail::SnapshotData{engine_->params(), std::move(state.velocity), std::move(state.dye), time_, steps_}));
}

void Solver::requestSnapshot()
{
    engine_->requestReadBack(time_, steps_);
}

std::optional<Snapshot> Solver::takeSnapshot(bool wait)
{
    std::optional<detail::SnapshotData> data = engine_->takeReadBack(wait);
    if (!data) return std::nullopt;
    return Snapshot(std::make_shared<const detail::SnapshotData>(std::move(*data)));
}

unsigned Solver::velocityTexture() const
{
    return engine_->velocityTexture();
}

unsigned Solver::dyeTexture() const
{
    return engine_->dyeTexture();
}

Solver makeSolver(Backend backend, const Settings& settings)
{
    const fluid::SimParams params = detail::toSimParams(settings);
    if (backend == Backend::Cpu) {
        Solver solver(detail::asApiError("fluidsim::makeSolver(Backend::Cpu)",
                                         [&] { return detail::makeCpuEngine(params, settings.threads); }));
        solver.threads_ = settings.threads;
        return solver;
    }
    if (!detail::gpuFactory)
        throw Error("fluidsim::makeSolver(): the GPU backend is not linked into this program (link fluidsim::gpu)");
    return Solver(detail::gpuFactory(params));
}

}  // namespace fluidsim
