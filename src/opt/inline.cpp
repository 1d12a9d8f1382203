// inline: inlines every call, from the entry points down.
//
// What it does: each root (see inline_calls) takes a copy of each callee's body as written, then
// inlines the calls that copy holds, and so on down the call tree. At each call:
//   - the block is split after the call (a loop header first moves its body part to a new block,
//     so its marker stays where the back edges go);
//   - the callee's blocks are cloned between the two halves, arguments replaced by the call's
//     operands, its variables (allocas) moved to the caller's entry block;
//   - single-exit splice: a callee whose only ret (if any) is outside every structured construct
//     is entered with a br, and that ret becomes a br to the block after the call;
//   - any other callee is wrapped in a loop that runs once (loop header, merge = the block after
//     the call, a continue block that only branches back). A ret stores the result in a variable
//     and breaks to the loop's merge. A ret inside an inner loop or switch sets a flag and breaks
//     to that construct's merge block, which now tests the flag first (a selection) and breaks
//     outward to the next enclosing loop or switch, and so on up to the run-once loop: every
//     branch is a legal structured break in SPIR-V. The call's value is loaded after the loop.
// Recursive calls (from a function into its own cycle of calls) are left alone, and so are calls
// that would grow the caller past Options::inline_growth_limit instructions; their callees stay,
// and inline their own callees in turn.
// Requires: a valid module. Preserves: structure (every new loop and selection is marked).
// Fails (rather than emit wrong structure) when a construct that a ret breaks out of is merged
// into a block that is itself a loop header.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <unordered_set>
#include <utility>

#include "ir/builder.hpp"
#include "ir/cfg.hpp"
#include "ir/structured.hpp"
#include "ir/util.hpp"
#include "opt/opt_util.hpp"
#include "opt/passes.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

// Where the entry block's allocas end. They are its first instructions (the lowering puts them
// there and this pass keeps them so): a binary search, since a scan per inlined call was
// quadratic in a function that inlines thousands of calls.
std::size_t allocas_end(const Block& entry) {
    const auto& list = entry.instructions;
    return static_cast<std::size_t>(
        std::partition_point(list.begin(), list.end(), [](const Instruction* i) { return i->opcode == Opcode::Alloca; }) -
        list.begin());
}

// Moves the allocas of `blocks` (copies, never the entry itself) to the end of the entry
// block's allocas, in order.
void hoist_allocas(Function& f, const std::vector<Block*>& blocks) {
    Block* entry = f.entry();
    SmallVec<Instruction*, 8> moved;  // a body's variables: usually a few, often none
    for (Block* b : blocks) {
        if (b == entry) continue;
        erase_if(b->instructions, [&](Instruction* i) {
            if (i->opcode != Opcode::Alloca) return false;
            i->block = entry;
            moved.push_back(i);
            return true;
        });
    }
    if (moved.empty()) return;
    entry->instructions.insert(entry->instructions.begin() + static_cast<std::ptrdiff_t>(allocas_end(*entry)), moved.begin(),
                               moved.end());
}

Instruction* new_alloca(Module& m, Function& f, const sema::Type* t, std::string_view name, support::SourceLoc loc) {
    Instruction* a = m.make_instruction(Opcode::Alloca, m.types().pointer(sema::AddressSpace::Function, t));
    m.set_name(a, name);
    a->loc = loc;
    Block* entry = f.entry();
    const std::size_t at = allocas_end(*entry);
    a->block = entry;
    entry->instructions.insert(entry->instructions.begin() + static_cast<std::ptrdiff_t>(at), a);
    return a;
}

// A new edge from `from` into `to`: to's phis get undef for it.
void add_undef_incoming(Module& m, Block* to, Block* from) {
    for (Instruction* i : to->instructions) {
        if (i->opcode != Opcode::Phi) break;
        if (std::find(i->targets.begin(), i->targets.end(), from) == i->targets.end())
            Builder::add_incoming(i, m.undef_constant(i->type()), from);
    }
}

void place_after(Function& f, Block* after, const std::vector<Block*>& blocks) {
    // Searched from the end: calls are inlined in order, and each continues in the block the last
    // one split off, near the end (a search from the front was quadratic in the number of calls).
    std::size_t at = f.blocks.size();
    while (at > 0 && f.blocks[at - 1] != after) --at;
    if (at == 0) at = f.blocks.size();  // not in f: at the end
    f.blocks.insert(f.blocks.begin() + static_cast<std::ptrdiff_t>(at), blocks.begin(), blocks.end());
}

// The callee's own blocks, moved into `f`, with its arguments replaced by the call's operands: for
// a callee with this one call in the module, which is dropped after inlining anyway, so copying
// its body would be wasted work. The callee is left without blocks.
std::vector<Block*> take_blocks(Function& f, Function& g, const Instruction* call) {
    std::vector<Block*> blocks(g.blocks.begin(), g.blocks.end());
    g.blocks.clear();
    for (Block* b : blocks) {
        b->function = &f;
        for (Instruction* i : b->instructions)
            for (Value*& op : i->operands)
                if (const Argument* a = op ? op->as<Argument>() : nullptr; a && a->function == &g)
                    op = a->index < call->operands.size() ? call->operands[a->index] : op;
    }
    return blocks;
}

// Inlines `call` (to the function `cons` describes), copying the callee's body, or moving it when
// `steal` (see take_blocks). The call's users are not rewritten here: the call's value goes into
// `repl`, which the caller applies once for all its calls. The callee's blocks, now in `f`, go to
// `added` (the calls they hold are inlined next). When the call is followed by a `br` to a block
// of `presplit`, that block is the one after the call (see inline_calls).
PassResult inline_one(Module& m, Function& f, Instruction* call, const StructuredConstructs& cons, bool steal,
                      const PointerSet<const Block*>& presplit, Replacements& repl, std::vector<Block*>& added) {
    Function& g = *call->callee;
    Block* b = call->block;
    if (b->structure == StructureKind::Loop) {
        std::size_t first = 0;
        while (first < b->instructions.size() && b->instructions[first]->opcode == Opcode::Phi) ++first;
        b = split_block(m, f, b, first);
    }
    std::size_t pos = static_cast<std::size_t>(std::find(b->instructions.begin(), b->instructions.end(), call) -
                                               b->instructions.begin());
    Block* after = nullptr;
    if (const Instruction* next = b->instructions[pos + 1];
        next->opcode == Opcode::Branch && pos + 2 == b->instructions.size() && presplit.contains(next->targets[0]))
        after = next->targets[0];
    else
        after = split_block(m, f, b, pos + 1);
    remove_instruction(b->terminator());
    remove_instruction(call);

    std::vector<Block*> clones;
    if (steal) {
        clones = take_blocks(f, g, call);
    } else {
        Replacements map;
        for (std::size_t k = 0; k < g.arguments.size() && k < call->operands.size(); ++k)
            map[g.arguments[k]] = call->operands[k];
        clones = clone_blocks(m, f, g, map);
    }
    hoist_allocas(f, clones);

    const Cfg& gcfg = cons.cfg();
    SmallVec<std::uint32_t, 4> rets;
    for (std::uint32_t k = 0; k < clones.size(); ++k) {
        Instruction* t = clones[k]->terminator();
        if (!t || t->opcode != Opcode::Return) continue;
        if (!gcfg.reachable(k)) {
            // A ret nothing reaches: it never runs.
            remove_instruction(t);
            Builder bu(m);
            bu.set_insert_point(clones[k]);
            bu.set_loc(t->loc);
            bu.unreachable();
            continue;
        }
        rets.push_back(k);
    }
    const bool has_value = call->has_result();
    // What stands in for the call is at the call; what stands in for a return, at the return.
    Builder bu(m);
    bu.set_loc(call->loc);
    Value* result = nullptr;

    if (rets.size() <= 1 && (rets.empty() || !cons.in_any_construct(rets[0]))) {
        // Single-exit splice.
        bu.set_insert_point(b);
        bu.br(clones[0]);
        place_after(f, b, clones);
        if (!rets.empty()) {
            Block* rb = clones[rets[0]];
            Instruction* t = rb->terminator();
            result = t->operands.empty() ? nullptr : t->operands[0];
            remove_instruction(t);
            bu.set_insert_point(rb);
            bu.set_loc(t->loc);
            bu.br(after);
        }
        if (has_value && !result) result = m.undef_constant(call->type());
    } else {
        // The loop that runs once.
        Block* header = m.arena().make<Block>(&f);
        Block* cont = m.arena().make<Block>(&f);
        m.set_name(header, "inline." + std::string(g.name));
        std::vector<Block*> placed{header};
        placed.insert(placed.end(), clones.begin(), clones.end());
        placed.push_back(cont);
        place_after(f, b, placed);
        Builder::mark_loop(header, after, cont);
        bu.set_insert_point(header);
        bu.br(clones[0]);
        bu.set_insert_point(cont);
        bu.br(header);

        // Which inner loops and switches a ret breaks out of, and where each goes next.
        std::vector<std::uint32_t> chain_headers;  // callee block positions needing a flag test
        std::unordered_set<std::uint32_t> seen;
        for (std::uint32_t r : rets)
            for (std::uint32_t h = cons.innermost_breakable(r); h != kNoBlock; h = cons.innermost_breakable(h))
                if (seen.insert(h).second) chain_headers.push_back(h);
        std::sort(chain_headers.begin(), chain_headers.end());

        Instruction* retvar = has_value ? new_alloca(m, f, call->type(), "inline.result", call->loc) : nullptr;
        Instruction* flag = chain_headers.empty() ? nullptr : new_alloca(m, f, m.types().scalar(sema::ScalarKind::Bool), "inline.returned", call->loc);
        bu.set_insert_point(b);
        if (flag) bu.store(flag, m.bool_constant(false));
        bu.br(header);

        auto break_target = [&](std::uint32_t h) -> Block* {
            return h == kNoBlock ? after : clones[gcfg.index(gcfg.block(h)->merge)];
        };
        for (std::uint32_t r : rets) {
            Block* rb = clones[r];
            Instruction* t = rb->terminator();
            Value* v = t->operands.empty() ? nullptr : t->operands[0];
            remove_instruction(t);
            bu.set_insert_point(rb);
            bu.set_loc(t->loc);
            if (retvar && v) bu.store(retvar, v);
            std::uint32_t h = cons.innermost_breakable(r);
            if (h != kNoBlock) bu.store(flag, m.bool_constant(true));
            bu.br(break_target(h));
            add_undef_incoming(m, break_target(h), rb);
        }
        for (std::uint32_t h : chain_headers) {
            Block* merge = break_target(h);
            if (merge->structure == StructureKind::Loop)
                return PassResult::fail("inline: @" + std::string(g.name) +
                                        " returns from a construct whose merge block is a loop header");
            std::size_t phis = 0;
            while (phis < merge->instructions.size() && merge->instructions[phis]->opcode == Opcode::Phi) ++phis;
            Block* rest = split_block(m, f, merge, phis);
            remove_instruction(merge->terminator());
            Block* out = new_block_after(m, f, merge);
            bu.set_loc(call->loc);
            bu.set_insert_point(out);
            bu.br(break_target(cons.innermost_breakable(h)));
            add_undef_incoming(m, break_target(cons.innermost_breakable(h)), out);
            bu.set_insert_point(merge);
            Instruction* returned = bu.load(flag);
            bu.cond_br(returned, out, rest);
            Builder::mark_selection(merge, rest);
        }
        if (retvar) {
            Instruction* load = m.make_instruction(Opcode::Load, call->type());
            load->operands.push_back(retvar);
            load->loc = call->loc;
            load->block = after;
            after->instructions.insert(after->instructions.begin(), load);
            result = load;
        }
        if (has_value && !result) result = m.undef_constant(call->type());
    }
    if (has_value) repl[call] = result;
    added = std::move(clones);
    return {true, {}};
}

}  // namespace

namespace {

// The call graph as inline_calls needs it: the strongly connected components (a call into its
// own component is recursive) and which functions lie on a cycle.
struct CallGraph {
    std::vector<std::vector<std::size_t>> callees;  // direct, in order of first appearance
    std::vector<std::uint32_t> scc;                 // the component of each function
    std::vector<std::uint8_t> cyclic;               // in a component with a cycle (or calls itself)
};

// Tarjan's components, iteratively (deep call chains must not deepen the native stack).
void find_components(CallGraph& g) {
    const std::size_t n = g.callees.size();
    constexpr std::uint32_t kUnseen = 0xFFFFFFFFu;
    std::vector<std::uint32_t> order(n, kUnseen), low(n, 0);
    std::vector<std::uint8_t> on_stack(n, 0);
    std::vector<std::size_t> stack;
    g.scc.assign(n, kUnseen);
    g.cyclic.assign(n, 0);
    std::uint32_t counter = 0, components = 0;
    std::vector<std::pair<std::size_t, std::size_t>> walk;
    for (std::size_t root = 0; root < n; ++root) {
        if (order[root] != kUnseen) continue;
        walk.push_back({root, 0});
        order[root] = low[root] = counter++;
        stack.push_back(root);
        on_stack[root] = 1;
        while (!walk.empty()) {
            auto& [v, next] = walk.back();
            if (next < g.callees[v].size()) {
                std::size_t w = g.callees[v][next++];
                if (w == v) g.cyclic[v] = 1;
                if (order[w] == kUnseen) {
                    order[w] = low[w] = counter++;
                    stack.push_back(w);
                    on_stack[w] = 1;
                    walk.push_back({w, 0});
                } else if (on_stack[w]) {
                    low[v] = std::min(low[v], order[w]);
                }
                continue;
            }
            const std::size_t done = v;
            walk.pop_back();
            if (!walk.empty()) low[walk.back().first] = std::min(low[walk.back().first], low[done]);
            if (low[done] != order[done]) continue;
            const std::size_t top = stack.size();
            std::size_t bottom = top;
            do {
                --bottom;
                on_stack[stack[bottom]] = 0;
                g.scc[stack[bottom]] = components;
            } while (stack[bottom] != done);
            if (top - bottom > 1)
                for (std::size_t k = bottom; k < top; ++k) g.cyclic[stack[k]] = 1;
            stack.resize(bottom);
            ++components;
        }
    }
}

// Which bodies inlining places exactly once, so they can move instead of being copied: counts the
// copies from the roots down (saturated at 2), callers before callees. Functions on or below a
// cycle keep their bodies (their recursive calls stay calls), and so do the roots.
std::vector<std::uint8_t> placed_once(const Module& m, const CallGraph& g, const std::vector<std::size_t>& roots,
                                      const PointerMap<const Function*, std::size_t>& index) {
    const std::size_t n = g.callees.size();
    std::vector<std::uint8_t> below_cycle(n, 0), copies(n, 0), is_root(n, 0), once(n, 0);
    std::vector<std::size_t> work;
    for (std::size_t k = 0; k < n; ++k)
        if (g.cyclic[k]) work.push_back(k);
    while (!work.empty()) {
        std::size_t x = work.back();
        work.pop_back();
        for (std::size_t y : g.callees[x])
            if (!below_cycle[y] && !g.cyclic[y]) {
                below_cycle[y] = 1;
                work.push_back(y);
            }
    }
    // The reverse of a depth-first post-order from the roots: a topological order of the
    // acyclic part.
    std::vector<std::size_t> post;
    std::vector<std::uint8_t> seen(n, 0);
    for (std::size_t r : roots) {
        is_root[r] = copies[r] = 1;
        if (seen[r]) continue;
        std::vector<std::pair<std::size_t, std::size_t>> stack{{r, 0}};
        seen[r] = 1;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            if (next < g.callees[node].size()) {
                std::size_t c = g.callees[node][next++];
                if (!seen[c]) {
                    seen[c] = 1;
                    stack.push_back({c, 0});
                }
                continue;
            }
            post.push_back(node);
            stack.pop_back();
        }
    }
    for (auto it = post.rbegin(); it != post.rend(); ++it) {
        if (!copies[*it]) continue;
        for (const Block* b : m.functions[*it]->blocks)
            for (const Instruction* i : b->instructions)
                if (i->opcode == Opcode::Call && i->callee) {
                    std::uint8_t& c = copies[index.find(i->callee)->second];
                    c = static_cast<std::uint8_t>(std::min(2, c + copies[*it]));
                }
    }
    // A function no root reaches still holds its calls until the pass manager drops it (the
    // lowering makes none; IR text can): their callees keep their bodies, or those calls would
    // name a function that left the module.
    for (std::size_t k = 0; k < n; ++k)
        if (!seen[k])
            for (std::size_t c : g.callees[k]) copies[c] = 2;
    for (std::size_t k = 0; k < n; ++k) once[k] = copies[k] == 1 && !is_root[k] && !g.cyclic[k] && !below_cycle[k];
    return once;
}

}  // namespace

// Inlining runs from the roots down: each root (an entry point's function; every function of a
// module without entry points; a callee a call to it was left to) takes copies of its callees'
// bodies as they were written, then inlines the calls those copies hold, and so on. Each body is
// copied once per place it is inlined and analysed once; inlining callees first instead would
// copy each grown body up the whole call chain, and analyse it at every level.
PassResult inline_calls(Module& m, const Options& o) { return inline_calls_where(m, o, nullptr); }

PassResult inline_calls_where(Module& m, const Options& o, const std::function<bool(const Instruction* call)>& want) {
    const std::size_t n = m.functions.size();
    PointerMap<const Function*, std::size_t> index(n);
    for (std::size_t k = 0; k < n; ++k) index.emplace(m.functions[k], k);
    CallGraph graph;
    graph.callees.resize(n);
    // Each callee once per caller, in the order first called: marked with the caller's number,
    // since a search of the caller's list per call made a function of many calls quadratic.
    std::vector<std::size_t> listed_for(n, SIZE_MAX);
    for (std::size_t k = 0; k < n; ++k)
        for (const Block* b : m.functions[k]->blocks)
            for (const Instruction* i : b->instructions)
                if (i->opcode == Opcode::Call && i->callee) {
                    auto it = index.find(i->callee);
                    if (it == index.end()) return PassResult::fail("inline: a call to a function of another module");
                    if (listed_for[it->second] == k) continue;
                    listed_for[it->second] = k;
                    graph.callees[k].push_back(it->second);
                }
    find_components(graph);

    std::vector<std::uint8_t> is_root(n, 0);
    std::vector<std::size_t> roots;
    auto add_root = [&](std::size_t k) {
        if (is_root[k]) return;
        is_root[k] = 1;
        roots.push_back(k);
    };
    for (const EntryPoint* ep : m.entry_points)
        if (const auto* it = index.find(ep->function)) add_root(it->second);
    // A module without entry points (an IR fixture) keeps every function, each with its calls
    // inlined, and moves no body.
    std::vector<std::uint8_t> once(n, 0);
    if (m.entry_points.empty())
        for (std::size_t k = 0; k < n; ++k) add_root(k);
    else if (!want)
        once = placed_once(m, graph, roots, index);

    bool changed = false;
    // Worked out at a body's first copy; a root's are dropped when it grows.
    std::vector<std::unique_ptr<StructuredConstructs>> constructs(n);
    std::vector<std::size_t> sizes(n, 0);
    std::vector<std::uint8_t> sized(n, 0);
    auto size_of = [&](std::size_t k) {
        if (!sized[k]) {
            sizes[k] = instruction_count(*m.functions[k]);
            sized[k] = 1;
        }
        return sizes[k];
    };
    PointerSet<const Function*> stolen;
    PointerSet<const Block*> presplit;
    Replacements repl;
    // The calls still to look at, each with the function whose body it was written in.
    struct Pending {
        Instruction* call;
        std::size_t written_in;
    };
    std::vector<Pending> work;
    std::vector<std::size_t> at;
    // Queues the calls of `blocks` (of `f`) to run in order. A block with several is split after
    // each of them first, from the last one back, so that no split moves more than the stretch up
    // to the next call: inlining the calls in order would move the rest of the block each time.
    auto push_calls = [&](Function& f, const std::vector<Block*>& blocks, std::size_t written_in) {
        const std::size_t first = work.size();
        for (Block* b : blocks) {
            at.clear();
            for (std::size_t k = 0; k < b->instructions.size(); ++k)
                if (Instruction* i = b->instructions[k]; i->opcode == Opcode::Call && i->callee) {
                    work.push_back({i, written_in});
                    at.push_back(k);
                }
            if (at.size() > 1)
                for (auto it = at.rbegin(); it != at.rend(); ++it) presplit.insert(split_block(m, f, b, *it + 1));
        }
        std::reverse(work.begin() + static_cast<std::ptrdiff_t>(first), work.end());
    };
    for (std::size_t ri = 0; ri < roots.size(); ++ri) {
        const std::size_t fi = roots[ri];
        Function& f = *m.functions[fi];
        if (f.blocks.empty()) continue;
        std::size_t size = size_of(fi);
        bool grew = false;
        work.clear();
        push_calls(f, std::vector<Block*>(f.blocks.begin(), f.blocks.end()), fi);
        while (!work.empty()) {
            Pending p = work.back();
            work.pop_back();
            Function& g = *p.call->callee;
            const std::size_t gi = index.find(&g)->second;  // every callee was found above
            if (g.blocks.empty()) continue;
            if (want && !want(p.call)) {
                add_root(gi);  // a call that stays: its callee inlines the calls it holds in turn
                continue;
            }
            if (graph.cyclic[gi] && graph.scc[gi] == graph.scc[p.written_in]) {
                add_root(gi);  // recursion: the call stays, and the callee keeps its body
                continue;
            }
            const std::size_t grow = size_of(gi);
            if (size + grow > o.inline_growth_limit) {
                add_root(gi);
                continue;
            }
            if (!constructs[gi]) {
                constructs[gi] = std::make_unique<StructuredConstructs>(g);
                // Blocks the callee never reaches go first (merge and continue blocks a header
                // names stay, reduced): a reachable block that only an unreachable header's
                // construct held would otherwise be copied in with that header's edges, and the
                // copy's flag tests would close a cycle that no loop header marks.
                if (constructs[gi]->cfg().rpo().size() < g.blocks.size() &&
                    remove_unreachable(g, constructs[gi]->cfg())) {
                    constructs[gi] = std::make_unique<StructuredConstructs>(g);
                    sized[gi] = 0;
                }
            }
            const bool steal = once[gi] != 0;
            if (steal) stolen.insert(&g);
            std::vector<Block*> added;
            PassResult r = inline_one(m, f, p.call, *constructs[gi], steal, presplit, repl, added);
            if (r.failed()) return r;
            if (steal) constructs[gi].reset();
            push_calls(f, added, gi);
            size += grow + 8;
            changed = grew = true;
        }
        // Later calls may have taken earlier calls' values as arguments: this sweep also
        // rewrites their inlined copies.
        apply_replacements(f, repl);
        repl.clear();
        if (grew) {
            constructs[fi].reset();
            sized[fi] = 0;
        }
    }
    if (!stolen.empty())
        std::erase_if(m.functions, [&](const Function* g) { return stolen.contains(g); });
    return {changed, {}};
}

}  // namespace oneshader::opt
