#pragma once
// What the function passes of one round share: the CFG and the dominator tree of the function,
// built on first use and kept until a pass changes the blocks or their terminators' targets.
// Most passes leave the CFG as it is (the pass table says which), so a round builds it once
// rather than once per pass.
#include <optional>

#include "ir/cfg.hpp"
#include "ir/dominators.hpp"

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
    // The blocks, their order or a terminator's targets changed: build again on next use.
    void invalidate() {
        dom_.reset();
        cfg_.reset();
    }

private:
    ir::Function& f_;
    std::optional<ir::Cfg> cfg_;
    std::optional<ir::DominatorTree> dom_;
};

}  // namespace oneshader::opt
