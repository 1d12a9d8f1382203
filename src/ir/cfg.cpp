#include "ir/cfg.hpp"

#include <algorithm>

namespace oneshader::ir {

std::vector<std::uint32_t> reverse_post_order(const Graph& g) {
    std::vector<std::uint32_t> post;
    if (g.root >= g.size()) return post;
    post.reserve(g.size());
    // Iterative depth-first search: deep CFGs must not overflow the stack.
    std::vector<std::uint8_t> seen(g.size(), 0);
    std::vector<std::pair<std::uint32_t, std::size_t>> stack;
    stack.reserve(16);
    stack.push_back({g.root, 0});
    seen[g.root] = 1;
    while (!stack.empty()) {
        auto& [node, next] = stack.back();
        if (next < g.succs[node].size()) {
            std::uint32_t s = g.succs[node][next++];
            if (!seen[s]) {
                seen[s] = 1;
                stack.push_back({s, 0});
            }
            continue;
        }
        post.push_back(node);
        stack.pop_back();
    }
    std::reverse(post.begin(), post.end());
    return post;
}

Cfg::Cfg(const Function& f) : blocks_(f.blocks) {
    std::uint32_t n = static_cast<std::uint32_t>(blocks_.size());
    for (std::uint32_t i = 0; i < n; ++i) blocks_[i]->cfg_position = i;
    graph_.succs.resize(n);
    graph_.preds.resize(n);
    // The block whose successor list last took each block: a switch with many cases on one target
    // lists it once, in linear time (searching the list made 100,000 cases quadratic).
    std::vector<std::uint32_t> listed_by(n, kNoBlock);
    for (std::uint32_t i = 0; i < n; ++i) {
        for (Block* t : successors(blocks_[i])) {
            // Every block of the function has just been numbered: a target whose number does
            // not lead back to it is outside the function.
            if (!t) continue;
            const std::uint32_t ti = t->cfg_position;
            if (ti >= n || blocks_[ti] != t || listed_by[ti] == i) continue;
            listed_by[ti] = i;
            graph_.succs[i].push_back(ti);
        }
        for (std::uint32_t s : graph_.succs[i]) graph_.preds[s].push_back(i);
    }
    rpo_ = n ? reverse_post_order(graph_) : std::vector<std::uint32_t>{};
    rpo_index_.assign(n, kNoBlock);
    for (std::uint32_t k = 0; k < rpo_.size(); ++k) rpo_index_[rpo_[k]] = k;
}

std::uint32_t Cfg::index(const Block* b) const {
    if (!b) return kNoBlock;
    if (b->cfg_position < blocks_.size() && blocks_[b->cfg_position] == b) return b->cfg_position;
    // The hint is from another Cfg of a different layout: search.
    for (std::uint32_t i = 0; i < blocks_.size(); ++i)
        if (blocks_[i] == b) return i;
    return kNoBlock;
}

std::vector<Block*> Cfg::predecessors(const Block* b) const {
    std::vector<Block*> out;
    std::uint32_t i = index(b);
    if (i == kNoBlock) return out;
    for (std::uint32_t p : graph_.preds[i]) out.push_back(blocks_[p]);
    return out;
}

std::vector<Block*> Cfg::successors_of(const Block* b) const {
    std::vector<Block*> out;
    std::uint32_t i = index(b);
    if (i == kNoBlock) return out;
    for (std::uint32_t s : graph_.succs[i]) out.push_back(blocks_[s]);
    return out;
}

bool Cfg::reachable(const Block* b) const {
    std::uint32_t i = index(b);
    return i != kNoBlock && reachable(i);
}

std::vector<Block*> Cfg::rpo_blocks() const {
    std::vector<Block*> out;
    for (std::uint32_t i : rpo_) out.push_back(blocks_[i]);
    return out;
}

}  // namespace oneshader::ir
