// The structured-control-flow rules the backends rely on (spec page "The intermediate
// representation": headers carry SPIR-V's markers, `break` goes to the merge of the innermost
// loop or switch, `continue` to the innermost loop's continue block). SPIR-V needs them for
// OpSelectionMerge/OpLoopMerge; the text backends rebuild if/switch/loop from them without a
// general structurizer. Checked on reachable blocks only, after the marker shapes
// (verifier.cpp) and with constructs as ir/structured.hpp defines them (by structural
// dominance); dominance below is the CFG's:
// - a header strictly dominates its merge block and dominates its continue block, which is in
//   the loop's construct;
// - no block is the merge block of two headers (SPIR-V's rule too);
// - an edge enters a construct only at its header, so constructs nest: a nested construct's
//   merge block, which its header's merge edge dominates, is inside the outer construct too;
// - an edge that leaves the innermost construct of its block goes to that construct's merge,
//   to the innermost loop's merge (break) or continue block (continue), or to the innermost
//   switch's merge (break); rets and kills leave from anywhere;
// - an edge back to a block that dominates its source (in the CFG) goes to a loop header, from that loop's
//   continue construct, and every loop whose continue block is reachable has such an edge;
// - a switch is a selection header; a cond_br that is not one has a target that leaves (a back
//   edge, a break, a continue or the innermost construct's merge), so each two-way branch
//   without a merge is an `if` around a jump.
#include <unordered_map>

#include "ir/structured.hpp"
#include "ir/verifier_impl.hpp"

namespace oneshader::ir::verify_detail {

namespace {

class StructureCheck {
public:
    StructureCheck(const FunctionCheck& fc, const Cfg& cfg, const DominatorTree& dom)
        : fc_(fc), cfg_(cfg), dom_(dom), sc_(cfg) {}

    void run() {
        if (!sc_.has_constructs()) {
            for (std::uint32_t x : cfg_.rpo()) check_edges(x);
            return;
        }
        std::unordered_map<std::uint32_t, std::uint32_t> merge_of;  // merge block -> first header
        for (std::uint32_t h : cfg_.rpo()) {
            if (!sc_.is_header(h)) continue;
            check_header(h);
            std::uint32_t mg = sc_.merge(h);
            if (mg == kNoBlock) continue;
            auto [it, fresh] = merge_of.emplace(mg, h);
            if (!fresh) fail(mg, "the merge block of both " + name(it->second) + " and " + name(h));
        }
        for (std::uint32_t x : cfg_.rpo()) check_edges(x);
    }

private:
    std::string name(std::uint32_t b) const { return fc_.n.block(cfg_.block(b)); }
    void fail(std::uint32_t b, const std::string& message) const {
        fc_.out.push_back(std::string("@").append(fc_.f.name) + " " + name(b) + ": " + message);
    }

    void check_header(std::uint32_t h) const {
        const std::uint32_t mg = sc_.merge(h);
        if (mg != kNoBlock && cfg_.reachable(mg) && (mg == h || !dom_.dominates(h, mg)))
            fail(h, "the header does not dominate its merge block " + name(mg));
        const std::uint32_t ct = sc_.continue_target(h);
        if (ct != kNoBlock && cfg_.reachable(ct)) {
            if (!sc_.inside(h, ct)) fail(h, "the continue block " + name(ct) + " is not in the loop's construct");
            else if (!has_back_edge(h, ct)) fail(h, "no block of the continue construct branches back to the header");
        }
    }

    bool has_back_edge(std::uint32_t h, std::uint32_t ct) const {
        for (std::uint32_t x : cfg_.preds(h))
            if (cfg_.reachable(x) && sc_.dominates(ct, x)) return true;
        return false;
    }

    void check_edges(std::uint32_t x) const {
        const Instruction* t = cfg_.block(x)->terminator();
        const bool unmarked = !sc_.is_header(x) && t;
        if (unmarked && t->opcode == Opcode::Switch) fail(x, "a switch needs a selection header");
        bool leaves = false;
        for (std::uint32_t y : cfg_.succs(x)) {
            if (dom_.dominates(y, x)) {
                check_back_edge(x, y);
                leaves = true;
                continue;
            }
            // Structural dominance lets an edge from outside reach a block of a construct (its
            // merge edge makes the header dominate that block all the same).
            const std::uint32_t cy = sc_.enclosing(y);
            if (cy != kNoBlock && !sc_.inside(cy, x))
                fail(x, "the branch to " + name(y) + " enters the construct of " + name(cy) +
                            " other than through its header");
            const std::uint32_t c = sc_.innermost(x);
            if (c == kNoBlock) continue;
            if (jump_target(x, y)) {
                leaves = true;
                continue;
            }
            if (sc_.inside(c, y)) continue;
            fail(x, "the branch to " + name(y) + " leaves the construct of " + name(c) +
                        " but goes to no merge, break or continue target");
        }
        if (unmarked && t->opcode == Opcode::CondBranch && !leaves)
            fail(x, "a cond_br outside a selection header needs a merge, break, continue or back edge as a target");
    }

    // True when an edge from x to y is a structured jump: to the innermost construct's merge, a
    // break or a continue.
    bool jump_target(std::uint32_t x, std::uint32_t y) const {
        const std::uint32_t c = sc_.innermost(x);
        if (y == sc_.merge(c)) return true;
        const std::uint32_t loop = sc_.is_loop(x) ? x : sc_.innermost_loop(x);
        const std::uint32_t brk = sc_.is_breakable(x) ? x : sc_.innermost_breakable(x);
        if (loop != kNoBlock && (y == sc_.merge(loop) || y == sc_.continue_target(loop))) return true;
        return brk != kNoBlock && y == sc_.merge(brk);
    }

    void check_back_edge(std::uint32_t x, std::uint32_t y) const {
        if (!sc_.is_loop(y)) {
            fail(x, "branches back to " + name(y) + ", which is not a loop header");
            return;
        }
        const std::uint32_t ct = sc_.continue_target(y);
        if (!sc_.inside(y, x) || ct == kNoBlock || !sc_.dominates(ct, x))
            fail(x, "branches back to the loop header " + name(y) + " from outside its continue construct");
    }

    const FunctionCheck& fc_;
    const Cfg& cfg_;
    const DominatorTree& dom_;
    StructuredConstructs sc_;
};

}  // namespace

void check_structure(const FunctionCheck& fc, const Cfg& cfg, const DominatorTree& dom) {
    StructureCheck(fc, cfg, dom).run();
}

}  // namespace oneshader::ir::verify_detail
