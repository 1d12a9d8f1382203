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
    std::uint32_t idom(std::uint32_t n) const { return data_[n]; }
    bool in_tree(std::uint32_t n) const { return n < n_ && data_[n_ + n] != kNoBlock; }
    // Reflexive: every node in the tree dominates itself. False when either is not in the tree.
    bool dominates(std::uint32_t a, std::uint32_t b) const;
    // Children in the dominator tree, by node number.
    std::span<const std::uint32_t> children(std::uint32_t n) const {
        const std::uint32_t* start = data_.data() + child_start_at();
        return std::span<const std::uint32_t>(data_.data() + children_at() + start[n], start[n + 1] - start[n]);
    }
    // Dominance frontier of a node, sorted by node number.
    std::span<const std::uint32_t> frontier(std::uint32_t n) const {
        const std::uint32_t* start = data_.data() + frontier_start_at();
        return std::span<const std::uint32_t>(data_.data() + frontier_at_ + start[n], start[n + 1] - start[n]);
    }

private:
    static DominatorTree build(std::uint32_t root, std::span<const Graph::Nodes> preds,
                               std::span<const std::uint32_t> rpo, bool frontiers);

    // Everything in one array, n = node count (trees are built by many passes and every
    // backend; one allocation where there were a dozen):
    //   [0, n) idom, [n, 2n) pre, [2n, 3n) post (tree DFS numbering, for O(1) dominates()),
    //   [3n, 4n + 1) child starts, [4n + 1, 5n + 2) frontier starts,
    //   then the children grouped by parent, then the frontiers grouped by node (frontier_at_).
    std::uint32_t child_start_at() const { return 3 * n_; }
    std::uint32_t frontier_start_at() const { return 4 * n_ + 1; }
    std::uint32_t children_at() const { return 5 * n_ + 2; }
    std::uint32_t root_ = 0;
    std::uint32_t n_ = 0;
    std::uint32_t frontier_at_ = 0;
    std::vector<std::uint32_t> data_;
};

}  // namespace oneshader::ir
