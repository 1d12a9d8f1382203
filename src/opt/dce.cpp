// dce: dead code elimination.
//
// What it does: (1) stores nobody reads: a function-local variable (alloca) whose address is only
// ever stored through (directly or through access chains) loses those stores, its access chains
// and itself; (2) mark and sweep: instructions with effects (stores, atomics, barriers, calls,
// texture and buffer writes, intrinsics not known to be pure, terminators) are live, and so is
// every operand of a live instruction; the rest is removed, phi cycles included.
// Requires: a valid module. Preserves: the CFG and structure (terminators are never removed).
#include <vector>

#include "ir/util.hpp"
#include "opt/opt_util.hpp"
#include "opt/passes.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

// True when every use of pointer `p` (and of chains derived from it) is a store through it.
bool only_stored_through(const Value* p, const UserMap& users, std::vector<Instruction*>& uses, int depth = 0) {
    if (depth > 64) return false;
    auto it = users.find(p);
    if (it == users.end()) return true;
    for (const Use& u : it->second) {
        Instruction* i = u.user;
        if (i->opcode == Opcode::Store && u.operand == 0) {
            uses.push_back(i);
        } else if (i->opcode == Opcode::AccessChain && u.operand == 0) {
            uses.push_back(i);
            if (!only_stored_through(i, users, uses, depth + 1)) return false;
        } else {
            return false;
        }
    }
    return true;
}

bool remove_dead_stores(Function& f, FunctionAnalyses& an) {
    bool changed = false;
    std::vector<Instruction*> allocas;
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions)
            if (i->opcode == Opcode::Alloca) allocas.push_back(i);
    if (allocas.empty()) return false;  // no variables: no user map to build
    const UserMap& users = an.pointer_users();
    std::vector<Instruction*> dead, uses;
    for (Instruction* a : allocas) {
        uses.clear();
        if (!only_stored_through(a, users, uses)) continue;
        dead.insert(dead.end(), uses.begin(), uses.end());
        dead.push_back(a);
        changed = true;
    }
    remove_instructions(dead);
    return changed;
}

}  // namespace

PassResult dce(Module&, Function& f, FunctionAnalyses& an, const Options&) {
    bool changed = remove_dead_stores(f, an);
    // Liveness in each instruction's scratch word: 1 live, 0 not (yet).
    std::vector<Instruction*> work;
    std::size_t count = 0;
    for (const Block* b : f.blocks) count += b->instructions.size();
    work.reserve(count);  // every instruction is a root or marked live once: no regrowth
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions) {
            const bool root = !removable_when_unused(i);
            i->set_scratch(root ? 1 : 0);
            if (root) work.push_back(i);
        }
    while (!work.empty()) {
        Instruction* i = work.back();
        work.pop_back();
        for (Value* op : i->operands)
            if (Instruction* d = op->as<Instruction>(); d && d->scratch() == 0) {
                d->set_scratch(1);
                work.push_back(d);
            }
    }
    for (Block* b : f.blocks)
        erase_if(b->instructions, [&](Instruction* i) {
            if (i->scratch() == 1) return false;
            i->block = nullptr;
            changed = true;
            return true;
        });
    return {changed, {}};
}

}  // namespace oneshader::opt
