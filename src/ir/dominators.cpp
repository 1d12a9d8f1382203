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
    const std::uint32_t n = static_cast<std::uint32_t>(preds.size());
    t.root_ = root;
    t.n_ = n;
    // The fixed part, then room for every child (at most one per node); frontiers go after the
    // children once their number is known.
    t.data_.assign(static_cast<std::size_t>(t.children_at()) + n, kNoBlock);
    std::uint32_t* d = t.data_.data();
    std::uint32_t* idom = d;
    std::uint32_t* pre = d + n;
    std::uint32_t* post = d + 2 * n;
    std::uint32_t* child_start = d + t.child_start_at();
    std::uint32_t* frontier_start = d + t.frontier_start_at();
    std::fill(child_start, child_start + 2 * (n + 1), 0u);  // child and frontier starts
    auto finish_without_frontiers = [&](std::uint32_t children) {
        t.data_.resize(static_cast<std::size_t>(t.children_at()) + children);
        t.frontier_at_ = static_cast<std::uint32_t>(t.data_.size());
    };
    if (root >= n) {
        finish_without_frontiers(0);
        return t;
    }

    // Scratch: the RPO position of each node, then (reused) the fill cursors and the DFS stack.
    SmallVec<std::uint32_t, 192> scratch;  // inline up to 64 nodes, as most functions have
    scratch.resize(3 * static_cast<std::size_t>(n), kNoBlock);
    std::uint32_t* order = scratch.data();
    for (std::uint32_t k = 0; k < rpo.size(); ++k) order[rpo[k]] = k;

    // The iteration keeps the root as its own dominator; the tree says kNoBlock.
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
    idom[root] = kNoBlock;
    // Children grouped by parent, each group by node number: count, then fill in node order.
    std::uint32_t children = 0;
    for (std::uint32_t b : rpo)
        if (b != root) {
            ++child_start[idom[b] + 1];
            ++children;
        }
    for (std::uint32_t k = 0; k < n; ++k) child_start[k + 1] += child_start[k];
    {
        std::uint32_t* fill = scratch.data();
        std::copy(child_start, child_start + n, fill);
        std::uint32_t* kids = d + t.children_at();
        for (std::uint32_t b = 0; b < n; ++b)
            if (b != root && idom[b] != kNoBlock) kids[fill[idom[b]]++] = b;
    }

    // Interval numbering of the tree, iteratively: a stack of (node, next child) pairs.
    {
        std::uint32_t clock = 0;
        std::uint32_t* stack = scratch.data();
        std::size_t top = 0;
        auto push = [&](std::uint32_t node) {
            stack[2 * top] = node;
            stack[2 * top + 1] = 0;
            ++top;
        };
        pre[root] = clock++;
        push(root);
        const std::uint32_t* kids = d + t.children_at();
        while (top) {
            std::uint32_t node = stack[2 * top - 2];
            std::uint32_t& next = stack[2 * top - 1];
            if (next < child_start[node + 1] - child_start[node]) {
                std::uint32_t c = kids[child_start[node] + next++];
                pre[c] = clock++;
                push(c);
                continue;
            }
            post[node] = clock++;
            --top;
        }
    }

    if (!frontiers) {
        finish_without_frontiers(children);
        return t;
    }
    // (node, frontier member) pairs, then grouped by node and sorted, duplicates dropped.
    struct Pair {
        std::uint32_t first, second;
        auto operator<=>(const Pair&) const = default;
    };
    SmallVec<Pair, 64> pairs;
    for (std::uint32_t b : rpo) {
        std::uint32_t in_tree_preds = 0;
        for (std::uint32_t p : preds[b]) in_tree_preds += t.in_tree(p) ? 1 : 0;
        if (in_tree_preds < 2) continue;
        for (std::uint32_t p : preds[b]) {
            if (!t.in_tree(p)) continue;
            for (std::uint32_t runner = p; runner != idom[b] && runner != kNoBlock; runner = idom[runner])
                pairs.push_back({runner, b});
        }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    t.frontier_at_ = t.children_at() + children;
    t.data_.resize(static_cast<std::size_t>(t.frontier_at_) + pairs.size());  // may move the array
    d = t.data_.data();
    frontier_start = d + t.frontier_start_at();
    std::uint32_t* members = d + t.frontier_at_;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        ++frontier_start[pairs[k].first + 1];
        members[k] = pairs[k].second;
    }
    for (std::uint32_t k = 0; k < n; ++k) frontier_start[k + 1] += frontier_start[k];
    return t;
}

bool DominatorTree::dominates(std::uint32_t a, std::uint32_t b) const {
    if (!in_tree(a) || !in_tree(b)) return false;
    const std::uint32_t* pre = data_.data() + n_;
    const std::uint32_t* post = data_.data() + 2 * n_;
    return pre[a] <= pre[b] && post[b] <= post[a];
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
