#pragma once
// Dominator and post-dominator trees and dominance frontiers (Cooper, Harvey and Kennedy's
// iterative algorithm over reverse post-order).
#include <cstdint>
#include <span>
#include <vector>

#include "ir/cfg.hpp"

namespace oneshader::ir {

class DominatorTree {
public:
    // Dominators of the function's blocks; unreachable blocks are in no tree.
    static DominatorTree dominators(const Cfg& cfg);
    // Post-dominators: the tree of the reversed CFG rooted at a virtual exit that every block
    // ending in ret, kill or unreachable leads to. The virtual exit is node cfg.size(); a block
    // whose immediate post-dominator is the exit has idom() == exit(). Blocks that never reach an
    // exit (an infinite loop) are in no tree.
    static DominatorTree post_dominators(const Cfg& cfg);
    // The tree of any graph; `rpo` is its reverse post-order when the caller has it already.
    static DominatorTree of(const Graph& g);
    static DominatorTree of(const Graph& g, std::span<const std::uint32_t> rpo);
    // The tree of the graph whose predecessor lists are `preds` (one per node), without
    // dominance frontiers (frontier() is empty): for callers that only ask idom() and
    // dominates(). `rpo` must list every reachable node after its dominators.
    static DominatorTree of_predecessors(std::uint32_t root, std::span<const Graph::Nodes> preds,
                                         std::span<const std::uint32_t> rpo);

    std::uint32_t root() const { return root_; }
    std::uint32_t exit() const { return root_; }
    // The immediate dominator, or kNoBlock for the root and for nodes not in the tree.
    std::uint32_t idom(std::uint32_t n) const { return idom_[n]; }
    bool in_tree(std::uint32_t n) const { return n < pre_.size() && pre_[n] != kNoBlock; }
    // Reflexive: every node in the tree dominates itself. False when either is not in the tree.
    bool dominates(std::uint32_t a, std::uint32_t b) const;
    // Children in the dominator tree, by node number.
    std::span<const std::uint32_t> children(std::uint32_t n) const {
        return std::span<const std::uint32_t>(children_.data() + child_start_[n], child_start_[n + 1] - child_start_[n]);
    }
    // Dominance frontier of a node, sorted by node number.
    std::span<const std::uint32_t> frontier(std::uint32_t n) const {
        return std::span<const std::uint32_t>(frontier_nodes_.data() + frontier_start_[n],
                                              frontier_start_[n + 1] - frontier_start_[n]);
    }

private:
    static DominatorTree build(std::uint32_t root, std::span<const Graph::Nodes> preds,
                               std::span<const std::uint32_t> rpo, bool frontiers);

    std::uint32_t root_ = 0;
    std::vector<std::uint32_t> idom_;
    // Flat: the children of n are children_[child_start_[n] .. child_start_[n + 1]).
    std::vector<std::uint32_t> children_;
    std::vector<std::uint32_t> child_start_;
    std::vector<std::uint32_t> pre_, post_;  // tree DFS numbering, for O(1) dominates()
    // Flat: the frontier of n is frontier_nodes_[frontier_start_[n] .. frontier_start_[n + 1]).
    std::vector<std::uint32_t> frontier_nodes_;
    std::vector<std::uint32_t> frontier_start_;
};

}  // namespace oneshader::ir
