#include "ir/cfg.hpp"

#include <algorithm>

namespace oneshader::ir {

namespace {

// Writes the nodes reachable from the root in post-order to `post` and returns their number.
// `seen` (one word per node, all kNoBlock) marks visited nodes with 0; `stack` has room for two
// words per node. Iterative: deep CFGs must not overflow the stack.
std::uint32_t post_order_into(const Graph& g, std::uint32_t* post, std::uint32_t* seen, std::uint32_t* stack) {
    std::uint32_t count = 0;
    std::size_t top = 0;
    stack[0] = g.root;
    stack[1] = 0;
    top = 1;
    seen[g.root] = 0;
    while (top) {
        const std::uint32_t node = stack[2 * top - 2];
        std::uint32_t& next = stack[2 * top - 1];
        if (next < g.succs[node].size()) {
            const std::uint32_t s = g.succs[node][next++];
            if (seen[s] == kNoBlock) {
                seen[s] = 0;
                stack[2 * top] = s;
                stack[2 * top + 1] = 0;
                ++top;
            }
            continue;
        }
        post[count++] = node;
        --top;
    }
    return count;
}

}  // namespace

std::vector<std::uint32_t> reverse_post_order(const Graph& g) {
    std::vector<std::uint32_t> post;
    if (g.root >= g.size()) return post;
    const std::size_t n = g.size();
    post.resize(n);
    std::vector<std::uint32_t> scratch(3 * n, kNoBlock);  // seen marks, then the stack
    post.resize(post_order_into(g, post.data(), scratch.data(), scratch.data() + n));
    std::reverse(post.begin(), post.end());
    return post;
}

Cfg::Cfg(const Function& f) : blocks_(f.blocks.begin(), f.blocks.end()) {
    std::uint32_t n = static_cast<std::uint32_t>(blocks_.size());
    for (std::uint32_t i = 0; i < n; ++i) blocks_[i]->cfg_position = i;
    graph_.succs.resize(n);
    graph_.preds.resize(n);
    // The two halves the Cfg keeps, then two words per block of scratch: first the block whose
    // successor list last took each block, then the depth-first search's stack. One allocation.
    order_.assign(4 * static_cast<std::size_t>(n), kNoBlock);
    if (n == 0) return;
    std::uint32_t* scratch = order_.data() + 2 * static_cast<std::size_t>(n);
    // A switch with many cases on one target lists it once, in linear time (searching the list
    // made 100,000 cases quadratic).
    std::uint32_t* listed_by = scratch;
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
    // Post-order into the first half (the second half marks what the search has seen), reversed,
    // then the second half becomes each block's position.
    std::uint32_t* rpo = order_.data();
    std::uint32_t* index = order_.data() + n;
    reachable_ = post_order_into(graph_, rpo, index, scratch);
    std::reverse(rpo, rpo + reachable_);
    std::fill(index, index + n, kNoBlock);
    for (std::uint32_t k = 0; k < reachable_; ++k) index[rpo[k]] = k;
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
    out.reserve(reachable_);
    for (std::uint32_t i : rpo()) out.push_back(blocks_[i]);
    return out;
}

}  // namespace oneshader::ir
