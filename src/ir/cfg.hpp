#pragma once
// The control-flow graph of one function, by block position: successors and predecessors (each
// distinct, in a deterministic order), reachability from the entry and reverse post-order. Built
// per use; passes that change the CFG build a new one.
#include <cstdint>
#include <span>
#include <vector>

#include "ir/module.hpp"
#include "ir/small_vec.hpp"

namespace oneshader::ir {

inline constexpr std::uint32_t kNoBlock = 0xFFFFFFFFu;

// A directed graph on nodes 0..size-1 with a root; the shape dominators are computed on.
struct Graph {
    // Most nodes have one or two of each: those stay inside the list (no heap allocation).
    using Nodes = SmallVec<std::uint32_t, 2>;
    std::uint32_t root = 0;
    std::vector<Nodes> succs;
    std::vector<Nodes> preds;
    std::uint32_t size() const { return static_cast<std::uint32_t>(succs.size()); }
};

// Nodes reachable from the root in reverse post-order; successors are visited in list order, so
// the order is the same on every run.
std::vector<std::uint32_t> reverse_post_order(const Graph& g);

class Cfg {
public:
    explicit Cfg(const Function& f);

    std::uint32_t size() const { return graph_.size(); }
    const Graph& graph() const { return graph_; }
    Block* block(std::uint32_t i) const { return blocks_[i]; }
    // The position of `b`, or kNoBlock when it is not a block of this function.
    std::uint32_t index(const Block* b) const;

    // Distinct successors in terminator order; targets outside the function are left out.
    std::span<const std::uint32_t> succs(std::uint32_t i) const { return graph_.succs[i]; }
    // Distinct predecessors by position.
    std::span<const std::uint32_t> preds(std::uint32_t i) const { return graph_.preds[i]; }
    std::vector<Block*> predecessors(const Block* b) const;
    std::vector<Block*> successors_of(const Block* b) const;

    bool reachable(std::uint32_t i) const { return order_[size() + i] != kNoBlock; }
    bool reachable(const Block* b) const;
    // Reachable blocks in reverse post-order, the entry first.
    std::span<const std::uint32_t> rpo() const { return std::span<const std::uint32_t>(order_.data(), reachable_); }
    std::vector<Block*> rpo_blocks() const;

private:
    std::vector<Block*> blocks_;
    Graph graph_;
    // The reachable blocks in reverse post-order (the first reachable_ of the first n entries),
    // then each block's position in it or kNoBlock (the next n), then the construction's scratch
    // (2n): one array.
    std::vector<std::uint32_t> order_;
    std::uint32_t reachable_ = 0;
};

}  // namespace oneshader::ir
