#include "app/window/window_replay.hpp"

#include <stdexcept>

#include "core/obstacles.hpp"

namespace fluid::app {

WindowReplay::WindowReplay(const std::string& path, Backend backend, int threads) : path_(path)
{
    InputLogParse parsed = loadInputLog(path);
    if (!parsed.ok()) throw std::runtime_error(parsed.error);
    log_ = std::move(parsed.log);
    replay_ = std::make_unique<InputReplay<FluidStepper>>(
        log_, [=](const SimParams& p) { return std::make_unique<FluidStepper>(p, backend, threads); });
}

int WindowReplay::advance(int steps)
{
    int ran = 0;
    while (ran < steps && replay_->advance()) ++ran;
    return ran;
}

const Field* WindowReplay::takeObstacles()
{
    const long handed = replay_->masksHanded();
    if (handed == masksSeen_) return nullptr;
    masksSeen_ = handed;
    if (replay_->obstacles().size() > 0) return &replay_->obstacles();
    noObstacles_ = emptyMask(replay_->params());  // a new grid, no mask yet: all fluid
    return &noObstacles_;
}

}  // namespace fluid::app
