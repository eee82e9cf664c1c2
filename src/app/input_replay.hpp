// InputReplay: an InputLog played back on a solver, event by event, exactly
// as the window fed its own solver: the recorded splats at the recorded
// steps, the recorded resets, parameter changes, grids and masks between
// them. Nothing here reads a clock: the log's step lines are the only time,
// so two replays on one backend run the same calls on the same data and end
// in the same fields, bit for bit (docs/record-replay.md). GL-free; the
// solver type is the GPU's or the CPU reference's (the same interface).
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "app/input_log.hpp"
#include "app/state_resample.hpp"
#include "core/parameters.hpp"

namespace fluid::app {

template <typename Solver>
class InputReplay {
public:
    using MakeSolver = std::function<std::unique_ptr<Solver>(const SimParams&)>;

    // The solver starts at rest with the log's settings, made by `make` (a
    // grid change makes another).
    InputReplay(const InputLog& log, MakeSolver make) : log_(log), make_(std::move(make)), params_(log.start)
    {
        solver_ = make_(params_);
    }

    // Applies the events up to and including the next step (or, after the
    // last step, those that follow it). False once the whole log is played.
    bool advance()
    {
        while (next_ < log_.events.size()) {
            const InputEvent& e = log_.events[next_++];
            apply(e);
            if (e.kind == InputEvent::Kind::Step) return true;
        }
        return false;
    }
    // Plays the rest of the log.
    void playToEnd()
    {
        while (advance()) {
        }
    }

    bool finished() const { return next_ >= log_.events.size(); }
    int step() const { return step_; }     // steps run
    double time() const { return time_; }  // fluid time: the sum of their dt
    Solver& solver() { return *solver_; }
    const SimParams& params() const { return params_; }
    const Field& obstacles() const { return mask_; }  // the last mask handed over (empty: none)
    long masksHanded() const { return masks_; }       // masks handed over so far (a new grid's none counts)

private:
    void apply(const InputEvent& e)
    {
        using K = InputEvent::Kind;
        switch (e.kind) {
            case K::Splat:
                pending_.push_back(e.splat);
                break;
            case K::Step:
                solver_->step(std::span<const Splat>(pending_));
                pending_.clear();
                ++step_;
                time_ += static_cast<double>(params_.dt);
                break;
            case K::Paint:
                solver_->splat(e.splat);
                break;
            case K::Reset:
                solver_->reset();
                break;
            case K::ClearDye:
                solver_->clearDye();
                break;
            case K::Param:
                if (const Parameter* row = findParameter(e.key)) {
                    row->set(params_, e.value);
                    solver_->setParams(params_);
                }
                break;
            case K::Grid: {
                SimParams p = params_;
                p.gridWidth = e.grid.gridWidth;
                p.gridHeight = e.grid.gridHeight;
                p.domainWidth = e.grid.domainWidth;
                p.dyeGridWidth = e.grid.dyeGridWidth;
                std::unique_ptr<Solver> next = make_(p);
                if (e.keepFluid) next->upload(resampleState(solver_->download(), next->grids(), p.layout));
                solver_ = std::move(next);
                params_ = p;
                mask_ = Field();
                ++masks_;
                break;
            }
            case K::Obstacles:
                solver_->setObstacles(e.mask);
                mask_ = e.mask;
                ++masks_;
                break;
        }
    }

    const InputLog& log_;
    MakeSolver make_;
    SimParams params_;
    std::unique_ptr<Solver> solver_;
    std::vector<Splat> pending_;
    std::size_t next_ = 0;
    int step_ = 0;
    double time_ = 0.0;
    Field mask_;
    long masks_ = 0;
};

}  // namespace fluid::app
