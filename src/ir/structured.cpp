#include "ir/structured.hpp"

namespace oneshader::ir {

StructuredConstructs::StructuredConstructs(const Function& f) : own_cfg_(std::in_place, f), cfg_(&*own_cfg_) { build(); }

StructuredConstructs::StructuredConstructs(const Cfg& cfg) : cfg_(&cfg) { build(); }

bool StructuredConstructs::inside(std::uint32_t h, std::uint32_t x) const {
    if (!is_header(h) || x >= cfg_->size() || !dom_.dominates(h, x)) return false;
    std::uint32_t mg = nodes_[h].merge;
    return mg == kNoBlock || !cfg_->reachable(mg) || !dom_.dominates(mg, x);
}

std::uint32_t StructuredConstructs::continue_construct_of(std::uint32_t x) const {
    std::uint32_t l = innermost_loop(x);
    if (l == kNoBlock) return kNoBlock;
    std::uint32_t c = nodes_[l].continue_target;
    return c != kNoBlock && cfg_->reachable(c) && dom_.dominates(c, x) ? l : kNoBlock;
}

void StructuredConstructs::build() {
    const std::uint32_t n = cfg_->size();
    for (std::uint32_t b : cfg_->rpo())
        if (cfg_->block(b)->structure != StructureKind::None) has_headers_ = true;
    // Most callees have no structured control flow at all: they need no tree and no table.
    if (!has_headers_) return;
    nodes_.assign(n, Node{});
    // The tree needs only predecessors: the CFG's, plus the extra edges.
    std::vector<Graph::Nodes> preds = cfg_->graph().preds;
    auto add_edge = [&](std::uint32_t from, std::uint32_t to) {
        if (to == kNoBlock || !cfg_->reachable(to)) return;
        for (std::uint32_t p : preds[to])
            if (p == from) return;
        preds[to].push_back(from);
    };
    for (std::uint32_t b : cfg_->rpo()) {
        const Block* blk = cfg_->block(b);
        if (blk->structure == StructureKind::None) continue;
        Node& node = nodes_[b];
        node.kind = blk->structure;
        node.merge = cfg_->index(blk->merge);
        add_edge(b, node.merge);
        if (blk->structure == StructureKind::Loop) {
            node.continue_target = cfg_->index(blk->continue_block);
            add_edge(b, node.continue_target);
            node.breakable = true;
        } else {
            const Instruction* t = blk->terminator();
            node.breakable = t && t->opcode == Opcode::Switch;
        }
    }
    // The extra edges lead from a header to blocks it dominates, so they go forward in the
    // CFG's reverse post-order: that order still puts every (structural) dominator first, which
    // is all the iterative algorithm needs, and the same blocks are reachable.
    const std::span<const std::uint32_t> rpo = cfg_->rpo();
    dom_ = DominatorTree::of_predecessors(cfg_->graph().root, preds, rpo);
    // Reverse post-order visits a block's immediate dominator first, so what x's dominator knows
    // is ready. A construct that holds x holds x's immediate dominator too (were its merge to
    // dominate that block, it would dominate x), so x's constructs are among its dominator's,
    // plus the dominator's own: walk out of those that x's position has left.
    for (std::uint32_t x : rpo) {
        const std::uint32_t p = dom_.idom(x);
        if (p == kNoBlock) continue;
        std::uint32_t c = is_header(p) ? p : nodes_[p].parent;
        while (c != kNoBlock && !inside(c, x)) c = nodes_[c].parent;
        Node& node = nodes_[x];
        node.parent = c;
        if (c == kNoBlock) continue;
        const Node& outer = nodes_[c];
        node.depth = outer.depth + 1;
        node.breakable_of = outer.breakable ? c : outer.breakable_of;
        node.loop_of = outer.kind == StructureKind::Loop ? c : outer.loop_of;
    }
}

}  // namespace oneshader::ir
