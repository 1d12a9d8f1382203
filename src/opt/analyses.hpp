#pragma once
// What the function passes of one round share, each built on first use: the CFG and the dominator
// tree of the function, kept until a pass changes the blocks or their terminators' targets (most
// passes leave the CFG as it is: the pass table says which), and the users of its variables and
// access chains, kept until any pass changes anything. Passes that find nothing to do, as every
// pass does in the last round, then share one of each.
#include <optional>

#include "ir/cfg.hpp"
#include "ir/dominators.hpp"
#include "ir/util.hpp"

namespace oneshader::opt {

class FunctionAnalyses {
public:
    explicit FunctionAnalyses(ir::Function& f) : f_(f) {}
    FunctionAnalyses(const FunctionAnalyses&) = delete;
    FunctionAnalyses& operator=(const FunctionAnalyses&) = delete;

    ir::Function& function() const { return f_; }
    const ir::Cfg& cfg() {
        if (!cfg_) cfg_.emplace(f_);
        return *cfg_;
    }
    const ir::DominatorTree& dominators() {
        if (!dom_) dom_.emplace(ir::DominatorTree::dominators(cfg()));
        return *dom_;
    }
    // ir::build_pointer_users of the function. A pass that changes the function may keep using
    // the map it got until it returns (it then knows what it changed).
    const ir::UserMap& pointer_users() {
        if (!users_) users_.emplace(ir::build_pointer_users(f_));
        return *users_;
    }
    // The blocks, their order or a terminator's targets changed: build again on next use.
    void invalidate() {
        dom_.reset();
        cfg_.reset();
        users_.reset();
    }
    // Something else changed: the CFG still holds.
    void invalidate_users() { users_.reset(); }

private:
    ir::Function& f_;
    std::optional<ir::Cfg> cfg_;
    std::optional<ir::DominatorTree> dom_;
    std::optional<ir::UserMap> users_;
};

}  // namespace oneshader::opt
