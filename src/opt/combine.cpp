// combine: constant folding and exact algebraic identities.
//
// What it does: visits the reachable blocks in reverse post-order, so operands come before their
// users, and applies folding_rules() to each instruction. A rule's answer replaces the
// instruction: its users get the new value at once (later instructions fold in the same sweep) and
// the instruction is removed. Rules that rewrite in place are applied again until none answers.
// Requires: a valid module. Precise instructions are only constant-folded (never rewritten by an
// identity); specialization constants are never folded; folding keeps the exactness rules of
// fold_numbers.hpp. Preserves: the CFG (branches on constants are simplify_cfg's), structure.

#include "ir/builder.hpp"
#include "ir/cfg.hpp"
#include "ir/type_rules.hpp"
#include "ir/util.hpp"
#include "opt/folding_rules.hpp"
#include "opt/passes.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

// An instruction that makes or takes apart a value holding resource references (an extract of a
// value member from a struct that also holds a resource counts).
bool touches_references(const Instruction* i) {
    if (holds_resource_ref(i->type())) return true;
    for (const Value* op : i->operands)
        if (holds_resource_ref(op->type())) return true;
    return false;
}

}  // namespace

PassResult combine(Module& m, Function& f, FunctionAnalyses& an, const Options& o) {
    if (f.blocks.empty()) return {};
    const Cfg& cfg = an.cfg();
    Replacements repl;
    bool changed = false;
    std::vector<Instruction*> removed;
    for (Block* b : cfg.rpo_blocks()) {
        for (Instruction* i : b->instructions) {
            for (Value*& op : i->operands) op = resolve_replacement(op, repl);
            if (is_terminator(i->opcode) || !i->has_result()) continue;
            if (o.resource_references_only && !touches_references(i)) continue;
            for (int rewrites = 0; rewrites < 16; ++rewrites) {
                Value* v = apply_folding_rules(m, i);
                if (!v) break;
                changed = true;
                if (v == i) continue;  // rewritten in place: try the rules again
                repl[i] = v;
                removed.push_back(i);
                break;
            }
        }
    }
    if (!changed) return {};
    // Phis and unreachable blocks may name values folded after them.
    apply_replacements(f, repl);
    remove_instructions(removed);
    return {true, {}};
}

}  // namespace oneshader::opt
