#include "ir/dominators.hpp"

#include <algorithm>

namespace oneshader::ir {

DominatorTree DominatorTree::of(const Graph& g) {
    std::vector<std::uint32_t> rpo = g.root < g.size() ? reverse_post_order(g) : std::vector<std::uint32_t>{};
    return of(g, rpo);
}

DominatorTree DominatorTree::of(const Graph& g, std::span<const std::uint32_t> rpo) {
    return build(g.root, g.preds, rpo, true);
}

DominatorTree DominatorTree::of_predecessors(std::uint32_t root, std::span<const Graph::Nodes> preds,
                                             std::span<const std::uint32_t> rpo) {
    return build(root, preds, rpo, false);
}

DominatorTree DominatorTree::build(std::uint32_t root, std::span<const Graph::Nodes> preds,
                                   std::span<const std::uint32_t> rpo, bool frontiers) {
    DominatorTree t;
    std::uint32_t n = static_cast<std::uint32_t>(preds.size());
    t.root_ = root;
    t.idom_.assign(n, kNoBlock);
    t.child_start_.assign(n + 1, 0);
    t.pre_.assign(n, kNoBlock);
    t.post_.assign(n, kNoBlock);
    t.frontier_start_.assign(n + 1, 0);
    if (root >= n) return t;

    std::vector<std::uint32_t> order(n, kNoBlock);  // position in RPO
    for (std::uint32_t k = 0; k < rpo.size(); ++k) order[rpo[k]] = k;

    std::vector<std::uint32_t> idom(n, kNoBlock);
    idom[root] = root;
    auto intersect = [&](std::uint32_t a, std::uint32_t b) {
        while (a != b) {
            while (order[a] > order[b]) a = idom[a];
            while (order[b] > order[a]) b = idom[b];
        }
        return a;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (std::uint32_t k = 1; k < rpo.size(); ++k) {
            std::uint32_t b = rpo[k];
            std::uint32_t new_idom = kNoBlock;
            for (std::uint32_t p : preds[b]) {
                if (idom[p] == kNoBlock) continue;
                new_idom = new_idom == kNoBlock ? p : intersect(p, new_idom);
            }
            if (new_idom != idom[b]) {
                idom[b] = new_idom;
                changed = true;
            }
        }
    }
    // Children grouped by parent, each group by node number: count, then fill in node order.
    for (std::uint32_t b : rpo)
        if (b != root) {
            t.idom_[b] = idom[b];
            ++t.child_start_[idom[b] + 1];
        }
    for (std::uint32_t k = 0; k < n; ++k) t.child_start_[k + 1] += t.child_start_[k];
    t.children_.resize(t.child_start_[n]);
    {
        std::vector<std::uint32_t> fill(t.child_start_.begin(), t.child_start_.end() - 1);
        for (std::uint32_t b = 0; b < n; ++b)
            if (b != root && t.idom_[b] != kNoBlock) t.children_[fill[t.idom_[b]]++] = b;
    }

    // Interval numbering of the tree, iteratively.
    std::uint32_t clock = 0;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{root, 0}};
    t.pre_[root] = clock++;
    while (!stack.empty()) {
        auto& [node, next] = stack.back();
        std::span<const std::uint32_t> kids = t.children(node);
        if (next < kids.size()) {
            std::uint32_t c = kids[next++];
            t.pre_[c] = clock++;
            stack.push_back({c, 0});
            continue;
        }
        t.post_[node] = clock++;
        stack.pop_back();
    }

    if (!frontiers) return t;
    // (node, frontier member) pairs, then grouped by node and sorted, duplicates dropped.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (std::uint32_t b : rpo) {
        std::uint32_t in_tree_preds = 0;
        for (std::uint32_t p : preds[b]) in_tree_preds += t.in_tree(p) ? 1 : 0;
        if (in_tree_preds < 2) continue;
        for (std::uint32_t p : preds[b]) {
            if (!t.in_tree(p)) continue;
            for (std::uint32_t runner = p; runner != t.idom_[b] && runner != kNoBlock; runner = t.idom_[runner])
                pairs.push_back({runner, b});
        }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    t.frontier_nodes_.reserve(pairs.size());
    for (const auto& [node, member] : pairs) {
        ++t.frontier_start_[node + 1];
        t.frontier_nodes_.push_back(member);
    }
    for (std::uint32_t k = 0; k < n; ++k) t.frontier_start_[k + 1] += t.frontier_start_[k];
    return t;
}

bool DominatorTree::dominates(std::uint32_t a, std::uint32_t b) const {
    if (!in_tree(a) || !in_tree(b)) return false;
    return pre_[a] <= pre_[b] && post_[b] <= post_[a];
}

DominatorTree DominatorTree::dominators(const Cfg& cfg) { return of(cfg.graph(), cfg.rpo()); }

DominatorTree DominatorTree::post_dominators(const Cfg& cfg) {
    std::uint32_t n = cfg.size();
    Graph r;
    r.root = n;
    r.succs.assign(n + 1, {});
    r.preds.assign(n + 1, {});
    for (std::uint32_t b = 0; b < n; ++b) {
        r.succs[b] = cfg.graph().preds[b];
        r.preds[b] = cfg.graph().succs[b];
        if (cfg.graph().succs[b].empty()) {
            r.succs[n].push_back(b);
            r.preds[b].push_back(n);
        }
    }
    return of(r);
}

}  // namespace oneshader::ir
