#include "ir/structured.hpp"

namespace oneshader::ir {

StructuredConstructs::StructuredConstructs(const Function& f) : own_cfg_(std::in_place, f), cfg_(&*own_cfg_) { build(); }

StructuredConstructs::StructuredConstructs(const Cfg& cfg) : cfg_(&cfg) { build(); }

bool StructuredConstructs::inside(std::uint32_t h, std::uint32_t x) const {
    if (!is_header(h) || x >= cfg_->size() || !dom_.dominates(h, x)) return false;
    std::uint32_t mg = merge_[h];
    return mg == kNoBlock || !cfg_->reachable(mg) || !dom_.dominates(mg, x);
}

std::uint32_t StructuredConstructs::continue_construct_of(std::uint32_t x) const {
    std::uint32_t l = innermost_loop(x);
    if (l == kNoBlock) return kNoBlock;
    std::uint32_t c = continue_[l];
    return c != kNoBlock && cfg_->reachable(c) && dom_.dominates(c, x) ? l : kNoBlock;
}

void StructuredConstructs::build() {
    const std::uint32_t n = cfg_->size();
    parent_.assign(n, kNoBlock);
    breakable_of_.assign(n, kNoBlock);
    loop_of_.assign(n, kNoBlock);
    depth_.assign(n, 0);
    kind_.assign(n, StructureKind::None);
    for (std::uint32_t b : cfg_->rpo())
        if (cfg_->block(b)->structure != StructureKind::None) has_headers_ = true;
    // Most callees have no structured control flow at all: they never need a tree.
    if (!has_headers_) return;
    breakable_.assign(n, 0);
    merge_.assign(n, kNoBlock);
    continue_.assign(n, kNoBlock);
    Graph g = cfg_->graph();
    auto add_edge = [&](std::uint32_t from, std::uint32_t to) {
        if (to == kNoBlock || !cfg_->reachable(to)) return;
        for (std::uint32_t s : g.succs[from])
            if (s == to) return;
        g.succs[from].push_back(to);
        g.preds[to].push_back(from);
    };
    for (std::uint32_t b : cfg_->rpo()) {
        const Block* blk = cfg_->block(b);
        if (blk->structure == StructureKind::None) continue;
        kind_[b] = blk->structure;
        merge_[b] = cfg_->index(blk->merge);
        add_edge(b, merge_[b]);
        if (blk->structure == StructureKind::Loop) {
            continue_[b] = cfg_->index(blk->continue_block);
            add_edge(b, continue_[b]);
            breakable_[b] = 1;
        } else {
            const Instruction* t = blk->terminator();
            breakable_[b] = t && t->opcode == Opcode::Switch;
        }
    }
    // The extra edges only lead to reachable blocks: the same blocks are reachable.
    const std::vector<std::uint32_t> rpo = reverse_post_order(g);
    dom_ = DominatorTree::of(g, rpo);
    // Reverse post-order visits a block's immediate dominator first, so what x's dominator knows
    // is ready. A construct that holds x holds x's immediate dominator too (were its merge to
    // dominate that block, it would dominate x), so x's constructs are among its dominator's,
    // plus the dominator's own: walk out of those that x's position has left.
    for (std::uint32_t x : rpo) {
        const std::uint32_t p = dom_.idom(x);
        if (p == kNoBlock) continue;
        std::uint32_t c = is_header(p) ? p : parent_[p];
        while (c != kNoBlock && !inside(c, x)) c = parent_[c];
        parent_[x] = c;
        if (c == kNoBlock) continue;
        depth_[x] = depth_[c] + 1;
        breakable_of_[x] = breakable_[c] ? c : breakable_of_[c];
        loop_of_[x] = kind_[c] == StructureKind::Loop ? c : loop_of_[c];
    }
}

}  // namespace oneshader::ir
