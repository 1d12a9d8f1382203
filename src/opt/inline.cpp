// inline: inlines every call, callees first.
//
// What it does: functions are visited callees first (a depth-first post-order of the call graph),
// so a callee's own calls are already inlined when it is copied into its callers. At each call:
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
// Recursive calls (a callee that reaches its caller again) are left alone, and so are calls that
// would grow the caller past Options::inline_growth_limit instructions.
// Requires: a valid module. Preserves: structure (every new loop and selection is marked).
// Fails (rather than emit wrong structure) when a construct that a ret breaks out of is merged
// into a block that is itself a loop header.
#include <algorithm>
#include <memory>
#include <unordered_set>

#include "ir/builder.hpp"
#include "ir/cfg.hpp"
#include "ir/structured.hpp"
#include "ir/util.hpp"
#include "opt/opt_util.hpp"
#include "opt/passes.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

// Moves the allocas of `blocks` (copies, never the entry itself) to the end of the entry
// block's allocas, in order.
void hoist_allocas(Function& f, const std::vector<Block*>& blocks) {
    Block* entry = f.entry();
    std::vector<Instruction*> moved;
    for (Block* b : blocks) {
        if (b == entry) continue;
        std::erase_if(b->instructions, [&](Instruction* i) {
            if (i->opcode != Opcode::Alloca) return false;
            i->block = entry;
            moved.push_back(i);
            return true;
        });
    }
    if (moved.empty()) return;
    std::size_t at = 0;
    while (at < entry->instructions.size() && entry->instructions[at]->opcode == Opcode::Alloca) ++at;
    entry->instructions.insert(entry->instructions.begin() + static_cast<std::ptrdiff_t>(at), moved.begin(), moved.end());
}

Instruction* new_alloca(Module& m, Function& f, const sema::Type* t, std::string_view name) {
    Instruction* a = m.make_instruction(Opcode::Alloca, m.types().pointer(sema::AddressSpace::Function, t));
    m.set_name(a, name);
    Block* entry = f.entry();
    std::size_t at = 0;
    while (at < entry->instructions.size() && entry->instructions[at]->opcode == Opcode::Alloca) ++at;
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
    auto it = std::find(f.blocks.begin(), f.blocks.end(), after);
    f.blocks.insert(it == f.blocks.end() ? it : it + 1, blocks.begin(), blocks.end());
}

// The callee's own blocks, moved into `f`, with its arguments replaced by the call's operands: for
// a callee with this one call in the module, which is dropped after inlining anyway, so copying
// its body would be wasted work. The callee is left without blocks.
std::vector<Block*> take_blocks(Function& f, Function& g, const Instruction* call) {
    std::vector<Block*> blocks = std::move(g.blocks);
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
// `repl`, which the caller applies once for all its calls.
PassResult inline_one(Module& m, Function& f, Instruction* call, const StructuredConstructs& cons, bool steal,
                      Replacements& repl) {
    Function& g = *call->callee;
    Block* b = call->block;
    if (b->structure == StructureKind::Loop) {
        std::size_t first = 0;
        while (first < b->instructions.size() && b->instructions[first]->opcode == Opcode::Phi) ++first;
        b = split_block(m, f, b, first);
    }
    std::size_t pos = static_cast<std::size_t>(std::find(b->instructions.begin(), b->instructions.end(), call) -
                                               b->instructions.begin());
    Block* after = split_block(m, f, b, pos + 1);
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
    std::vector<std::uint32_t> rets;
    for (std::uint32_t k = 0; k < clones.size(); ++k) {
        Instruction* t = clones[k]->terminator();
        if (!t || t->opcode != Opcode::Return) continue;
        if (!gcfg.reachable(k)) {
            // A ret nothing reaches: it never runs.
            remove_instruction(t);
            Builder bu(m);
            bu.set_insert_point(clones[k]);
            bu.unreachable();
            continue;
        }
        rets.push_back(k);
    }
    const bool has_value = call->has_result();
    Builder bu(m);
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

        Instruction* retvar = has_value ? new_alloca(m, f, call->type(), "inline.result") : nullptr;
        Instruction* flag = chain_headers.empty() ? nullptr : new_alloca(m, f, m.types().scalar(sema::ScalarKind::Bool), "inline.returned");
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
            load->block = after;
            after->instructions.insert(after->instructions.begin(), load);
            result = load;
        }
        if (has_value && !result) result = m.undef_constant(call->type());
    }
    if (has_value) repl[call] = result;
    return {true, {}};
}

}  // namespace

PassResult inline_calls(Module& m, const Options& o) {
    const std::size_t n = m.functions.size();
    PointerMap<const Function*, std::size_t> index(n);
    for (std::size_t k = 0; k < n; ++k) index.emplace(m.functions[k], k);
    // Direct callees of each function, in order of first appearance, and the calls to each.
    std::vector<std::vector<std::size_t>> callees(n);
    std::vector<std::size_t> calls_to(n, 0);
    for (std::size_t k = 0; k < n; ++k)
        for (const Block* b : m.functions[k]->blocks)
            for (const Instruction* i : b->instructions)
                if (i->opcode == Opcode::Call && i->callee) {
                    auto it = index.find(i->callee);
                    if (it == index.end()) return PassResult::fail("inline: a call to a function of another module");
                    ++calls_to[it->second];
                    if (std::find(callees[k].begin(), callees[k].end(), it->second) == callees[k].end())
                        callees[k].push_back(it->second);
                }
    // reaches[g * n + f]: f is reachable from g through one or more calls.
    std::vector<std::uint8_t> reaches(n * n, 0);
    for (std::size_t g = 0; g < n; ++g) {
        std::vector<std::size_t> work(callees[g].begin(), callees[g].end());
        while (!work.empty()) {
            std::size_t x = work.back();
            work.pop_back();
            if (reaches[g * n + x]) continue;
            reaches[g * n + x] = 1;
            for (std::size_t y : callees[x]) work.push_back(y);
        }
    }
    // Callees first: depth-first post-order from each function in module order.
    std::vector<std::size_t> order;
    std::vector<std::uint8_t> visited(n, 0);
    for (std::size_t root = 0; root < n; ++root) {
        if (visited[root]) continue;
        std::vector<std::pair<std::size_t, std::size_t>> stack{{root, 0}};
        visited[root] = 1;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            if (next < callees[node].size()) {
                std::size_t c = callees[node][next++];
                if (!visited[c]) {
                    visited[c] = 1;
                    stack.push_back({c, 0});
                }
                continue;
            }
            order.push_back(node);
            stack.pop_back();
        }
    }
    bool changed = false;
    // A callee is complete before any caller is visited (callees first), so its constructs are
    // worked out once, at its first call.
    std::vector<std::unique_ptr<StructuredConstructs>> constructs(n);
    std::vector<Instruction*> calls;
    PointerSet<const Function*> entry_functions, stolen;
    for (const EntryPoint* ep : m.entry_points) entry_functions.insert(ep->function);
    Replacements repl;
    for (std::size_t fi : order) {
        Function& f = *m.functions[fi];
        calls.clear();
        for (Block* b : f.blocks)
            for (Instruction* i : b->instructions)
                if (i->opcode == Opcode::Call && i->callee && !i->callee->blocks.empty()) calls.push_back(i);
        std::size_t size = instruction_count(f);
        for (Instruction* call : calls) {
            std::size_t gi = index.find(call->callee)->second;  // every callee was found above
            if (gi == fi || reaches[gi * n + fi]) continue;  // recursion
            std::size_t grow = instruction_count(*call->callee);
            if (size + grow > o.inline_growth_limit) continue;
            if (!constructs[gi]) constructs[gi] = std::make_unique<StructuredConstructs>(*call->callee);
            // The one call of a function no entry point starts at: its body moves, and the
            // function leaves the module. A module without entry points (an IR fixture) keeps
            // every function as it was.
            const bool steal = !m.entry_points.empty() && calls_to[gi] == 1 && !entry_functions.count(call->callee);
            if (steal) stolen.insert(call->callee);
            PassResult r = inline_one(m, f, call, *constructs[gi], steal, repl);
            if (r.failed()) return r;
            size += grow + 8;
            changed = true;
        }
        // Later calls may have taken earlier calls' values as arguments: this sweep also
        // rewrites their inlined copies.
        apply_replacements(f, repl);
        repl.clear();
    }
    if (!stolen.empty())
        std::erase_if(m.functions, [&](const Function* g) { return stolen.contains(g); });
    return {changed, {}};
}

}  // namespace oneshader::opt
