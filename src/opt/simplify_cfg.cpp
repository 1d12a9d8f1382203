// simplify_cfg: constant branches, unreachable blocks, straight-line merges.
//
// What it does, in order:
//   1. A cond_br on a constant becomes a br to the taken target (a selection header that ends so
//      drops its marker: it selects nothing any more); a cond_br whose targets are equal becomes a
//      br too. A switch on a constant keeps its selection marker (breaks out of its cases stay
//      legal) but keeps only the taken target, as its default.
//   2. Blocks the entry no longer reaches are removed, except the merge and continue blocks that
//      a reachable header names: those stay, reduced to `unreachable` (merge) or to a branch back
//      to their header (continue), so every live header keeps its blocks.
//   3. A block ending in `br B`, where B has no other predecessor, absorbs B, unless B is the
//      entry, a header, or a block a header names (headers, merges and continues are never merged
//      away); a loop header never absorbs its body.
// Phis follow: entries of removed predecessors go, single-entry phis of an absorbed block become
// their value, and renamed predecessors are renamed in the phis.
// Requires: a valid module. Preserves: structure (markers stay valid), the values of every
// reachable instruction.
#include <algorithm>

#include "ir/builder.hpp"
#include "ir/cfg.hpp"
#include "ir/float_bits.hpp"
#include "ir/util.hpp"
#include "opt/opt_util.hpp"
#include "opt/passes.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

void replace_terminator_with_branch(Module& m, Block* b, Block* target) {
    Instruction* t = b->terminator();
    for (Block* s : successors(b))
        if (s != target) remove_phi_incoming(s, b);
    // A target named several times keeps one phi entry.
    remove_instruction(t);
    Builder builder(m);
    builder.set_insert_point(b);
    builder.set_loc(t->loc);
    builder.br(target);
}

bool fold_constant_branches(Module& m, Function& f) {
    bool changed = false;
    for (Block* b : f.blocks) {
        Instruction* t = b->terminator();
        if (!t) continue;
        if (t->opcode == Opcode::CondBranch) {
            Block* target = nullptr;
            if (t->targets[0] == t->targets[1]) target = t->targets[0];
            else if (const Constant* c = t->operands[0]->as<Constant>(); c && c->is_scalar())
                target = t->targets[c->bits ? 0 : 1];
            if (!target) continue;
            replace_terminator_with_branch(m, b, target);
            if (b->structure == StructureKind::Selection) {
                b->structure = StructureKind::None;
                b->merge = nullptr;
                b->hint = ControlHint::None;
                b->unroll_count = 0;
            }
            changed = true;
        } else if (t->opcode == Opcode::Switch) {
            const Constant* c = t->operands[0]->as<Constant>();
            if (!c || !c->is_scalar() || t->immediates.empty()) continue;
            Block* target = t->targets[0];
            const auto* st = c->type()->as<sema::ScalarType>();
            for (std::size_t k = 0; k < t->immediates.size(); ++k) {
                std::uint64_t want = st ? mask_bits(static_cast<std::uint64_t>(t->immediates[k]), st->bits) : 0;
                if (st && want == c->bits) {
                    target = t->targets[k + 1];
                    break;
                }
            }
            for (Block* s : successors(b))
                if (s != target) remove_phi_incoming(s, b);
            t->immediates.clear();
            t->targets.assign(1, target);
            changed = true;
        }
    }
    return changed;
}

// One CFG serves every merge of a sweep: absorbing B into A (A ends in `br B`, B has no other
// predecessor) gives A B's successors, each of which had B and now has A as its one predecessor
// in that place, so no block's predecessor count changes, and the entry, headers and the blocks
// they name stay as they were. A block absorbed earlier in layout order than the scan position
// cannot make an earlier block mergeable either, so scanning on from A (rather than from the
// start) merges in the same order a rebuild after every merge would. Only an absorbed block that
// itself names a merge or continue block (a marker without a structure) changes the roles; then
// the sweep starts over with a fresh CFG.
bool merge_straight_lines(Function& f, FunctionAnalyses& an) {
    bool changed = false;
    // Phis of absorbed blocks become their one value: replaced in one sweep at the end, since
    // nothing here reads operands.
    Replacements repl;
    for (bool again = true; again;) {
        again = false;
        const Cfg& cfg = an.cfg();
        StructureRoles roles = structure_roles(f, cfg);
        // Roles named by any header, reachable or not, are kept as they are.
        for (const Block* b : f.blocks) {
            if (b->merge) roles.merges.insert(b->merge);
            if (b->continue_block) roles.continues.insert(b->continue_block);
        }
        std::vector<Block*> blocks(f.blocks.begin(), f.blocks.end());  // positions as in cfg
        std::vector<std::uint8_t> gone(blocks.size(), 0);
        auto compact = [&] {
            std::vector<Block*> kept;
            kept.reserve(blocks.size());
            for (std::uint32_t k = 0; k < blocks.size(); ++k)
                if (!gone[k]) kept.push_back(blocks[k]);
            f.blocks.assign(kept.begin(), kept.end());
        };
        bool any = false;
        for (std::uint32_t k = 0; k < blocks.size() && !again;) {
            Block* a = blocks[k];
            Instruction* t = gone[k] ? nullptr : a->terminator();
            if (!t || t->opcode != Opcode::Branch || a->structure != StructureKind::None) {
                ++k;
                continue;
            }
            Block* b = t->targets[0];
            std::uint32_t bk = cfg.index(b);
            if (bk == kNoBlock || bk == 0 || b == a || gone[bk] || cfg.preds(bk).size() != 1 ||
                b->structure != StructureKind::None || roles.named(b)) {
                ++k;
                continue;
            }
            // b's phis have one entry (a malformed one is left to the verifier): their value.
            const bool malformed = std::any_of(b->instructions.begin(), b->instructions.end(), [](const Instruction* i) {
                return i->opcode == Opcode::Phi && i->operands.size() != 1;
            });
            if (malformed) {
                if (any) {
                    compact();
                    an.invalidate();
                }
                apply_replacements(f, repl);
                return changed;
            }
            remove_instruction(t);
            a->instructions.reserve(a->instructions.size() + b->instructions.size());
            for (Instruction* i : b->instructions) {
                if (i->opcode == Opcode::Phi) {
                    repl[i] = i->operands[0];
                    i->block = nullptr;
                } else {
                    i->block = a;
                    a->instructions.push_back(i);
                }
            }
            b->instructions.clear();
            for (Block* s : successors(a)) rename_phi_incoming(s, b, a);
            gone[bk] = 1;
            any = true;
            changed = true;
            // A marker on a block without a structure named a role: the roles change.
            if (b->merge || b->continue_block) again = true;
            // a may absorb its new successor: look at it again.
        }
        if (any) {
            compact();
            an.invalidate();
        }
    }
    apply_replacements(f, repl);
    return changed;
}

}  // namespace

PassResult simplify_cfg(Module& m, Function& f, FunctionAnalyses& an, const Options&) {
    if (f.blocks.empty()) return {};
    bool changed = fold_constant_branches(m, f);
    if (changed) an.invalidate();
    if (remove_unreachable(f, an.cfg())) {
        an.invalidate();
        changed = true;
    }
    changed = merge_straight_lines(f, an) || changed;
    return {changed, {}};
}

}  // namespace oneshader::opt
