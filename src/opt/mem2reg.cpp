// mem2reg: promotes function-local variables to SSA values.
//
// What it does: a variable (alloca) of scalar, vector or matrix type whose address is only loaded
// and stored through becomes SSA values: loads take the value last stored on the way, phis join
// values where paths meet. Phis go on the iterated dominance frontier of the blocks that store,
// pruned by liveness (only where the variable is live on entry), and get undef from paths where
// it was never written (and from unreachable predecessors). First, constant-index access chains
// into such a variable's components or rows are rewritten as extract / insert on the whole value
// when that is all they are used for, so those variables are promoted too.
// Requires: a valid module. Preserves: the CFG and structure; values of other variables.
#include <algorithm>
#include <span>
#include <utility>
#include <vector>

#include "ir/builder.hpp"
#include "ir/cfg.hpp"
#include "ir/dominators.hpp"
#include "ir/type_rules.hpp"
#include "ir/util.hpp"
#include "opt/passes.hpp"
#include "types/types_query.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

// Scalars, vectors and matrices, and resource references (which only legalize_resources may
// leave in memory); with Options::resource_references_only, the references alone.
bool promotable_type(const Instruction* a, bool references_only) {
    const auto* pt = a->type()->as<sema::PointerType>();
    if (!pt) return false;
    if (is_resource_ref(pt->pointee)) return true;
    return !references_only && sema::is_basic(pt->pointee);
}

// What rewrite_component_chains changes, applied in one sweep per block at the end: placing or
// removing instructions one at a time would rescan a block each time.
struct ChainRewrites {
    // The new instructions that go right before a chain's load or store (the second may be null).
    PointerMap<const Instruction*, std::pair<Instruction*, Instruction*>> before;
    std::vector<Block*> blocks;      // where those are, with repeats
    std::vector<Instruction*> dead;  // the chains
};

// load(access(a, k)) -> extract(load a, [k]); store(access(a, k), v) -> store a, insert(load a, v, [k]),
// for a basic-typed alloca whose chains all have one constant index and are only loaded and stored.
// The new loads and inserts and the chains' removal go to `out`.
bool rewrite_component_chains(Module& m, Instruction* a, const UserMap& users, ChainRewrites& out) {
    auto it = users.find(a);
    if (it == users.end()) return false;
    bool any_chain = false;
    for (const Use& u : it->second) {
        if (u.operand != 0) return false;
        if (u.user->opcode == Opcode::Load || u.user->opcode == Opcode::Store) continue;
        if (u.user->opcode != Opcode::AccessChain || u.user->operands.size() != 2) return false;
        // In range too: extract and insert indices must select an element.
        const std::optional<std::int64_t> k = constant_int_value(u.user->operands[1]);
        if (!k || !composite_element_type(m.types(), a->type()->as<sema::PointerType>()->pointee, *k)) return false;
        auto cu = users.find(u.user);
        if (cu != users.end())
            for (const Use& c : cu->second)
                if (c.operand != 0 || (c.user->opcode != Opcode::Load && c.user->opcode != Opcode::Store)) return false;
        any_chain = true;
    }
    if (!any_chain) return false;
    Builder b(m);  // no insertion point: the sweep places what it makes
    for (const Use& u : it->second) {
        Instruction* chain = u.user;
        if (chain->opcode != Opcode::AccessChain) continue;
        std::int64_t k = *constant_int_value(chain->operands[1]);
        auto cu = users.find(chain);
        if (cu != users.end())
            for (const Use& c : cu->second) {
                Instruction* i = c.user;
                b.set_loc(i->loc);
                Instruction* whole = b.load(a);
                Instruction* ins = nullptr;
                if (i->opcode == Opcode::Load) {
                    // Reuse the load itself as the extract.
                    i->opcode = Opcode::CompositeExtract;
                    i->operands[0] = whole;
                    i->immediates = {k};
                } else {
                    std::int64_t idx[] = {k};
                    ins = b.insert_element(whole, i->operands[1], idx);
                    i->operands[0] = a;
                    i->operands[1] = ins;
                }
                out.before.emplace(i, std::pair<Instruction*, Instruction*>{whole, ins});
                out.blocks.push_back(i->block);
            }
        out.dead.push_back(chain);
    }
    return true;
}

void apply(ChainRewrites& r) {
    std::sort(r.blocks.begin(), r.blocks.end());  // which blocks, never what they hold, depends on it
    r.blocks.erase(std::unique(r.blocks.begin(), r.blocks.end()), r.blocks.end());
    std::vector<Instruction*> list;
    for (Block* b : r.blocks) {
        list.clear();
        for (Instruction* i : b->instructions) {
            if (const auto* p = r.before.find(i))
                for (Instruction* n : {p->second.first, p->second.second})
                    if (n) {
                        n->block = b;
                        list.push_back(n);
                    }
            list.push_back(i);
        }
        b->instructions.assign(list.begin(), list.end());
    }
    remove_instructions(r.dead);
}

struct Variable {
    Instruction* alloca;
    const sema::Type* type;
};

}  // namespace

PassResult mem2reg(Module& m, Function& f, FunctionAnalyses& an, const Options& o) {
    if (f.blocks.empty()) return {};
    bool changed = false;
    // Without a promotable variable there is nothing to do, and no user map to build.
    std::vector<Instruction*> candidates;
    candidates.reserve(32);  // growing one slot at a time was most of this pass's allocations
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions)
            if (i->opcode == Opcode::Alloca && promotable_type(i, o.resource_references_only))
                candidates.push_back(i);
    if (candidates.empty()) return {};
    const UserMap& users = an.pointer_users();
    // A variable whose chains were rewritten is only loaded and stored now (its old chains' loads
    // became extracts, their stores store the whole): the map, which is not rebuilt, no longer
    // describes its uses, and need not.
    std::vector<std::uint8_t> rewritten(candidates.size(), 0);
    ChainRewrites chains;
    for (std::size_t k = 0; k < candidates.size(); ++k)
        if (rewrite_component_chains(m, candidates[k], users, chains)) {
            rewritten[k] = 1;
            changed = true;
        }
    if (changed) apply(chains);
    // Each instruction's scratch word: its variable's number + 1 for a promoted alloca, else 0.
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions) i->set_scratch(0);
    std::vector<Variable> vars;
    vars.reserve(candidates.size());
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        Instruction* i = candidates[k];
        bool ok = true;
        if (auto it = users.find(i); !rewritten[k] && it != users.end())
            for (const Use& u : it->second)
                if (u.operand != 0 || (u.user->opcode != Opcode::Load && u.user->opcode != Opcode::Store)) ok = false;
        if (!ok) continue;
        vars.push_back({i, i->type()->as<sema::PointerType>()->pointee->value_type()});
        i->set_scratch(static_cast<std::uint32_t>(vars.size()));
    }
    if (vars.empty()) return {changed, {}};

    const Cfg& cfg = an.cfg();
    const DominatorTree& dom = an.dominators();
    const std::uint32_t nb = cfg.size();
    const std::uint32_t nv = static_cast<std::uint32_t>(vars.size());
    auto var_index = [&](const Instruction* i) -> std::int64_t {
        if ((i->opcode != Opcode::Load && i->opcode != Opcode::Store) || i->operands.empty()) return -1;
        const Instruction* a = i->operands[0]->as<Instruction>();
        return a && a->scratch() ? std::int64_t(a->scratch()) - 1 : std::int64_t(-1);
    };

    // Per variable, as (variable, block) pairs: blocks that store it, and blocks that read it
    // before any store. stored_in[v] is the last block (+ 1) seen storing v.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> def_pairs, up_pairs;
    std::size_t accesses = 0;  // loads and stores of the variables: each becomes dead
    def_pairs.reserve(2 * static_cast<std::size_t>(nv));
    up_pairs.reserve(nv);
    // One array for every per-block and per-variable word below: stored_in (nv), then the marks
    // defined, live, has_phi and queued (nb each).
    std::vector<std::uint32_t> words(nv + 4 * static_cast<std::size_t>(nb), 0);
    {
        std::uint32_t* stored_in = words.data();
        for (std::uint32_t b = 0; b < nb; ++b) {
            if (!cfg.reachable(b)) continue;
            for (Instruction* i : cfg.block(b)->instructions) {
                std::int64_t v = var_index(i);
                if (v < 0) continue;
                ++accesses;
                if (i->opcode == Opcode::Store) {
                    if (stored_in[v] != b + 1) def_pairs.push_back({static_cast<std::uint32_t>(v), b});
                    stored_in[v] = b + 1;
                } else if (stored_in[v] != b + 1) {
                    up_pairs.push_back({static_cast<std::uint32_t>(v), b});
                }
            }
        }
    }
    // Grouped by variable, blocks ascending within each (the scan went in block order; a counting
    // sort keeps that order).
    auto group = [nv](std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs, std::vector<std::uint32_t>& start) {
        start.assign(nv + 1, 0);
        for (const auto& pr : pairs) ++start[pr.first + 1];
        for (std::uint32_t v = 0; v < nv; ++v) start[v + 1] += start[v];
        std::vector<std::pair<std::uint32_t, std::uint32_t>> sorted(pairs.size());
        std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
        for (const auto& pr : pairs) sorted[fill[pr.first]++] = pr;
        pairs.swap(sorted);
    };
    std::vector<std::uint32_t> def_start, up_start;
    group(def_pairs, def_start);
    group(up_pairs, up_start);

    // Phi placement on the iterated dominance frontier, pruned by liveness. The marks hold the
    // variable's number + 1 for the variable being placed, so they never need clearing.
    struct PlacedPhi {
        std::uint32_t block;
        std::uint32_t var;
        Instruction* phi;
    };
    std::vector<PlacedPhi> placed;
    std::uint32_t* defined = words.data() + nv;
    std::uint32_t* live = defined + nb;
    std::uint32_t* has_phi = live + nb;
    std::uint32_t* queued = has_phi + nb;
    std::vector<std::uint32_t> work;
    for (std::uint32_t v = 0; v < nv; ++v) {
        const std::uint32_t mark = v + 1;
        for (std::uint32_t k = def_start[v]; k < def_start[v + 1]; ++k) defined[def_pairs[k].second] = mark;
        for (std::uint32_t k = up_start[v]; k < up_start[v + 1]; ++k) {
            live[up_pairs[k].second] = mark;
            work.push_back(up_pairs[k].second);
        }
        while (!work.empty()) {
            std::uint32_t b = work.back();
            work.pop_back();
            for (std::uint32_t p : cfg.preds(b))
                if (cfg.reachable(p) && live[p] != mark && defined[p] != mark) {
                    live[p] = mark;
                    work.push_back(p);
                }
        }
        for (std::uint32_t k = def_start[v]; k < def_start[v + 1]; ++k) {
            queued[def_pairs[k].second] = mark;
            work.push_back(def_pairs[k].second);
        }
        while (!work.empty()) {
            std::uint32_t b = work.back();
            work.pop_back();
            for (std::uint32_t y : dom.frontier(b)) {
                if (has_phi[y] == mark || live[y] != mark) continue;
                has_phi[y] = mark;
                Instruction* phi = m.make_instruction(Opcode::Phi, vars[v].type);
                m.set_name(phi, vars[v].alloca->name());
                phi->loc = vars[v].alloca->loc;  // the variable's declaration
                placed.push_back({y, v, phi});
                if (queued[y] != mark) {
                    queued[y] = mark;
                    work.push_back(y);
                }
            }
        }
    }
    // The phis of each block, by variable: a counting sort by block of the (variable-ordered)
    // placements. phi_start[b] .. phi_start[b + 1] are block b's.
    std::vector<std::uint32_t> phi_start(nb + 1, 0);
    std::vector<std::pair<std::uint32_t, Instruction*>> block_phis(placed.size());  // (var, phi)
    {
        for (const PlacedPhi& p : placed) ++phi_start[p.block + 1];
        for (std::uint32_t b = 0; b < nb; ++b) phi_start[b + 1] += phi_start[b];
        std::vector<std::uint32_t> fill(phi_start.begin(), phi_start.end() - 1);
        for (const PlacedPhi& p : placed) block_phis[fill[p.block]++] = {p.var, p.phi};
    }
    auto phis_of = [&](std::uint32_t b) {
        return std::span<std::pair<std::uint32_t, Instruction*>>(block_phis.data() + phi_start[b],
                                                                 phi_start[b + 1] - phi_start[b]);
    };
    std::vector<Instruction*> phis;
    for (std::uint32_t b = 0; b < nb; ++b) {
        auto list = phis_of(b);
        if (list.empty()) continue;
        Block* blk = cfg.block(b);
        std::size_t at = 0;
        while (at < blk->instructions.size() && blk->instructions[at]->opcode == Opcode::Phi) ++at;
        phis.clear();
        for (auto& [v, phi] : list) {
            phi->block = blk;
            phis.push_back(phi);
        }
        blk->instructions.insert(blk->instructions.begin() + static_cast<std::ptrdiff_t>(at), phis.begin(), phis.end());
    }

    // Renaming along the dominator tree (iteratively: deep CFGs must not overflow the stack).
    Replacements repl;
    // Null until a store or a phi gives it a value: read before one, a variable is undefined, and
    // most are never read so (their undefined constants need not exist).
    std::vector<Value*> current(nv, nullptr);
    auto current_of = [&](std::uint32_t v) -> Value* {
        return current[v] ? current[v] : m.undef_constant(vars[v].type);
    };
    std::vector<Instruction*> dead;
    dead.reserve(accesses + nv);
    // What each block changed in `current`, to undo when the walk leaves it: one stack of
    // (variable, old value) for the whole walk, each frame remembering where its part begins.
    std::vector<std::pair<std::uint32_t, Value*>> saved;
    struct Frame {
        std::uint32_t block;
        std::size_t next_child;
        std::size_t saved_from;
    };
    std::vector<Frame> stack;
    saved.reserve(accesses + placed.size());
    stack.reserve(nb);
    auto enter = [&](std::uint32_t b) {
        Frame fr{b, 0, saved.size()};
        auto set = [&](std::uint32_t v, Value* val) {
            saved.push_back({v, current[v]});
            current[v] = val;
        };
        for (auto& [v, phi] : phis_of(b)) set(v, phi);
        for (Instruction* i : cfg.block(b)->instructions) {
            std::int64_t v = var_index(i);
            if (v < 0) continue;
            if (i->opcode == Opcode::Load) repl[i] = current_of(static_cast<std::uint32_t>(v));
            else set(static_cast<std::uint32_t>(v), i->operands[1]);
            dead.push_back(i);
        }
        for (std::uint32_t s : cfg.succs(b))
            for (auto& [v, phi] : phis_of(s)) Builder::add_incoming(phi, current_of(v), cfg.block(b));
        stack.push_back(fr);
    };
    enter(cfg.graph().root);
    while (!stack.empty()) {
        Frame& fr = stack.back();
        auto children = dom.children(fr.block);
        if (fr.next_child < children.size()) {
            enter(children[fr.next_child++]);
            continue;
        }
        while (saved.size() > fr.saved_from) {
            current[saved.back().first] = saved.back().second;
            saved.pop_back();
        }
        stack.pop_back();
    }
    // Unreachable predecessors of phi blocks, and memory operations in unreachable blocks.
    for (std::uint32_t b = 0; b < nb; ++b) {
        for (auto& [v, phi] : phis_of(b))
            for (std::uint32_t p : cfg.preds(b))
                if (!cfg.reachable(p)) Builder::add_incoming(phi, m.undef_constant(vars[v].type), cfg.block(p));
        if (cfg.reachable(b)) continue;
        for (Instruction* i : cfg.block(b)->instructions) {
            std::int64_t v = var_index(i);
            if (v < 0) continue;
            if (i->opcode == Opcode::Load) repl[i] = m.undef_constant(vars[v].type);
            dead.push_back(i);
        }
    }
    apply_replacements(f, repl);
    for (const Variable& v : vars) dead.push_back(v.alloca);
    remove_instructions(dead);
    return {true, {}};
}

}  // namespace oneshader::opt
