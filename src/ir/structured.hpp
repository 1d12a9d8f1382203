#pragma once
// The structured constructs of one function, from its headers' markers (spec page "The
// intermediate representation": selection and loop headers name their merge and continue
// blocks). What the inliner, the verifier and the text backends ask: which construct holds a
// block, where a break or a continue from it goes, how deep it is nested.
//
// Contract. Block numbers are Cfg positions. Only reachable blocks are in constructs. Dominance
// here is structural dominance (SPIR-V's): the dominator tree of the CFG with an extra edge from
// each header to its reachable merge block and from each loop header to its reachable continue
// block, so a block reached only through an inner construct (an outer loop's continue block
// after an `if (c) continue;`) is not taken for part of it. A block dominated structurally is
// dominated in the CFG as well. The construct of a reachable header h is every block h
// structurally dominates that h's merge block does not (when the merge is unreachable, or not in
// the function, everything h dominates): h is in its own construct. A loop's construct includes
// its continue construct: the blocks of the loop that its continue block dominates. The answers
// assume constructs nest (each construct holding a header holds that header's whole construct,
// as the verifier checks); on IR where they do not, every answer is still a construct that holds
// the block, never a crash.
//
// Cost: one dominator tree and one pass over the blocks in reverse post-order, so every query is
// O(1) or a walk out of the constructs a block is in. Functions without headers build no tree.
#include <cstdint>
#include <optional>

#include "ir/cfg.hpp"
#include "ir/dominators.hpp"

namespace oneshader::ir {

class StructuredConstructs {
public:
    // Builds the Cfg of `f`.
    explicit StructuredConstructs(const Function& f);
    // Uses the caller's Cfg, which must outlive this object.
    explicit StructuredConstructs(const Cfg& cfg);
    StructuredConstructs(const StructuredConstructs&) = delete;
    StructuredConstructs& operator=(const StructuredConstructs&) = delete;

    const Cfg& cfg() const { return *cfg_; }
    // Structural dominance; only when has_constructs().
    bool dominates(std::uint32_t a, std::uint32_t b) const { return has_headers_ && dom_.dominates(a, b); }
    bool has_constructs() const { return has_headers_; }

    // True when `h` is a reachable block with a structure marker.
    bool is_header(std::uint32_t h) const { return h < nodes_.size() && nodes_[h].kind != StructureKind::None; }
    bool is_loop(std::uint32_t h) const { return is_header(h) && nodes_[h].kind == StructureKind::Loop; }
    // A loop, or a selection that ends in a switch: what `break` leaves.
    bool is_breakable(std::uint32_t h) const { return is_header(h) && nodes_[h].breakable; }
    bool is_switch(std::uint32_t h) const { return is_breakable(h) && nodes_[h].kind == StructureKind::Selection; }
    // The header's merge and continue blocks by position; kNoBlock when absent or outside the
    // function.
    std::uint32_t merge(std::uint32_t h) const { return is_header(h) ? nodes_[h].merge : kNoBlock; }
    std::uint32_t continue_target(std::uint32_t h) const { return is_loop(h) ? nodes_[h].continue_target : kNoBlock; }

    // True when the reachable block `x` is in the construct of header `h` (h's own included).
    bool inside(std::uint32_t h, std::uint32_t x) const;
    // The header of the innermost construct holding `x`, x's own construct excluded when x is a
    // header; kNoBlock when none (or x is unreachable).
    std::uint32_t enclosing(std::uint32_t x) const { return x < nodes_.size() ? nodes_[x].parent : kNoBlock; }
    bool in_any_construct(std::uint32_t x) const { return enclosing(x) != kNoBlock; }
    // The innermost loop or switch holding x (x itself excluded), or kNoBlock: where a `break`
    // from x goes is its merge.
    std::uint32_t innermost_breakable(std::uint32_t x) const {
        return x < nodes_.size() ? nodes_[x].breakable_of : kNoBlock;
    }
    // The innermost loop holding x (x itself excluded), or kNoBlock.
    std::uint32_t innermost_loop(std::uint32_t x) const { return x < nodes_.size() ? nodes_[x].loop_of : kNoBlock; }
    // The innermost construct holding x with x's own construct included: x when x is a header.
    std::uint32_t innermost(std::uint32_t x) const { return is_header(x) ? x : enclosing(x); }
    // The innermost loop holding x (x's own excluded) when its continue block dominates x, that
    // is when x is in that loop's continue construct; kNoBlock otherwise.
    std::uint32_t continue_construct_of(std::uint32_t x) const;
    // How many constructs hold x, x's own excluded.
    std::uint32_t depth(std::uint32_t x) const { return x < nodes_.size() ? nodes_[x].depth : 0; }

private:
    void build();

    std::optional<Cfg> own_cfg_;
    const Cfg* cfg_ = nullptr;
    DominatorTree dom_;
    bool has_headers_ = false;
    // Per block position, only when the function has headers (every query checks the size).
    struct Node {
        std::uint32_t parent = kNoBlock;
        std::uint32_t breakable_of = kNoBlock;
        std::uint32_t loop_of = kNoBlock;
        std::uint32_t depth = 0;
        std::uint32_t merge = kNoBlock;            // headers only
        std::uint32_t continue_target = kNoBlock;  // loops only
        StructureKind kind = StructureKind::None;  // None for blocks that are not reachable headers
        bool breakable = false;
    };
    std::vector<Node> nodes_;
};

}  // namespace oneshader::ir
