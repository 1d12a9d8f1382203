// legalize_resources: every use of a resource names one resource global (optimizer.hpp).
//
// The lowering keeps resource locals, resource members of structs, `?:` between resources and
// resource results and arguments as resource references (ir::is_resource_ref): values and
// variables that SPIR-V, MSL and WGSL cannot hold. This runs at every optimization level, right
// after the lowering, and turns each use back into a use of a global (or of an access chain into
// a global resource array), as DXC's legalization does for SPIR-V:
//   1. calls that pass or return references (directly, in a struct, or through a pointer to a
//      variable holding them) are inlined, and the copies of those functions nothing calls any
//      more leave the module; so are the calls to functions that use a static holding references
//      (`static Texture2D t = ResourceDescriptorHeap[i];`), down to every such use, and each
//      entry point then holds its own copy of the static as a local variable, stored with the
//      static's initial value where it starts (SPIR-V cannot hold references in a global);
//   2. in each function that still holds references, the variables and structs holding them are
//      split and promoted to SSA values, and selects, phis and extracts between references are
//      folded (sroa, mem2reg and combine restricted to references: the rest of an -O0 function
//      stays as it is);
//   3. where a choice remains, that function gets the optimizer's function passes (sroa, mem2reg,
//      combine, dce, simplify_cfg) until nothing changes: conditions that fold once the calls are
//      inlined decide their branches, and the phis after them lose the arms not taken;
//   4. a counter method called through a reference (CounterOf) takes the counter global of the
//      buffer its reference resolved to (element i of the counters for element i of an array);
//   5. a reference still not rooted at a global is error OSH0403 at each use, naming the
//      variable it came from and why; references nothing uses are removed.
// A module without references is not touched.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ir/type_rules.hpp"
#include "ir/util.hpp"
#include "opt/opt_util.hpp"
#include "opt/optimizer.hpp"
#include "opt/passes.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::opt {

using namespace ir;

namespace {

bool pointer_holds_references(const sema::Type* t) {
    const auto* p = t ? t->as<sema::PointerType>() : nullptr;
    return p && p->space == sema::AddressSpace::Function && holds_resource_ref(p->pointee);
}

// A signature that carries references: the call must be inlined.
bool passes_references(const Function& f) {
    if (holds_resource_ref(f.result_type)) return true;
    for (const Argument* a : f.arguments)
        if (holds_resource_ref(a->type()) || pointer_holds_references(a->type())) return true;
    return false;
}

// A static (a private global) holding references.
bool is_reference_global(const Global* g) {
    const auto* p = g->type()->as<sema::PointerType>();
    return p && p->space == sema::AddressSpace::Private && holds_resource_ref(p->pointee);
}

bool has_reference_globals(const Module& m) {
    for (const Global* g : m.globals)
        if (is_reference_global(g)) return true;
    return false;
}

// The functions that use a static holding references or call one that does (directly or not):
// every call to them is inlined, so that each entry point holds every use of the static.
PointerSet<const Function*> functions_using_reference_globals(const Module& m) {
    PointerSet<const Function*> using_them;
    std::vector<const Function*> work;
    PointerMap<const Function*, std::vector<const Function*>> callers;
    for (const Function* f : m.functions) {
        bool uses = false;
        for (const Block* b : f->blocks)
            for (const Instruction* i : b->instructions) {
                if (i->opcode == Opcode::Call && i->callee) callers[i->callee].push_back(f);
                for (const Value* op : i->operands)
                    if (const auto* g = op ? op->as<Global>() : nullptr; g && is_reference_global(g)) uses = true;
            }
        if (uses && using_them.insert(f)) work.push_back(f);
    }
    while (!work.empty()) {
        const Function* f = work.back();
        work.pop_back();
        if (const auto* cs = callers.find(f))
            for (const Function* c : cs->second)
                if (using_them.insert(c)) work.push_back(c);
    }
    return using_them;
}

// Each entry point's own copy of every static holding references, and of every other static
// that only entry points use (the flag of a static local's first initialization, say: with it
// local, the branch that initializes folds): a local variable, stored with the static's initial
// value first. Those statics then leave the module. Returns a static holding references that a
// function other than an entry point still uses (one that calls itself), or null.
const Global* localize_reference_globals(Module& m) {
    PointerSet<const Function*> entries;
    for (const EntryPoint* ep : m.entry_points)
        if (ep->function) entries.insert(ep->function);
    // The statics some other function uses stay globals.
    PointerSet<const Global*> shared;
    for (const Function* f : m.functions) {
        if (entries.contains(f)) continue;
        for (const Block* b : f->blocks)
            for (const Instruction* i : b->instructions)
                for (const Value* op : i->operands)
                    if (const auto* g = op ? op->as<Global>() : nullptr) shared.insert(g);
    }
    for (const Global* g : m.globals)
        if (is_reference_global(g) && shared.contains(g)) return g;
    auto local_kind = [&](const Global* g) {
        const auto* p = g->type()->as<sema::PointerType>();
        return p && p->space == sema::AddressSpace::Private && !shared.contains(g);
    };
    PointerSet<const Function*> done;
    for (EntryPoint* ep : m.entry_points) {
        Function* f = ep->function;
        if (!f || f->blocks.empty() || !done.insert(f)) continue;
        PointerMap<const Global*, Instruction*> locals;
        std::vector<Instruction*> stores;
        for (Block* b : f->blocks)
            for (Instruction* i : b->instructions)
                for (Value*& op : i->operands) {
                    auto* g = op ? op->as<Global>() : nullptr;
                    if (!g || !local_kind(g)) continue;
                    Instruction*& local = locals[g];
                    if (!local) {
                        const sema::Type* t = g->type()->as<sema::PointerType>()->pointee;
                        local = m.make_instruction(Opcode::Alloca, m.types().pointer(sema::AddressSpace::Function, t));
                        m.set_name(local, g->name());
                        local->loc = g->loc;
                        Instruction* init = m.make_instruction(Opcode::Store, nullptr);
                        init->operands.push_back(local);
                        init->operands.push_back(g->initializer ? static_cast<Value*>(g->initializer)
                                                                : m.undef_constant(t));
                        init->loc = g->loc;
                        stores.push_back(init);
                    }
                    op = local;
                }
        if (stores.empty()) continue;
        Block* entry = f->entry();
        std::size_t at = 0;
        while (at < entry->instructions.size() && entry->instructions[at]->opcode == Opcode::Alloca) ++at;
        std::vector<Instruction*> head;
        for (Instruction* st : stores) {
            Instruction* a = st->operands[0]->as<Instruction>();
            a->block = entry;
            st->block = entry;
            head.push_back(a);
        }
        head.insert(head.end(), stores.begin(), stores.end());
        entry->instructions.insert(entry->instructions.begin() + static_cast<std::ptrdiff_t>(at), head.begin(),
                                   head.end());
    }
    std::erase_if(m.globals, [&](const Global* g) { return local_kind(g); });
    return nullptr;
}

// A reference rooted at a global: what the backends take.
bool rooted(const Value* v) {
    for (int depth = 0; v && depth < 64; ++depth) {
        if (v->as<Global>()) return true;
        const auto* i = v->as<Instruction>();
        if (!i || i->opcode != Opcode::AccessChain) return false;
        v = i->operands[0];
    }
    return false;
}

// Something in `f` the backends cannot take: a variable holding references, or a reference value
// (or aggregate of them) that is not an access chain into a global.
bool holds_unresolved(const Function& f) {
    for (const Argument* a : f.arguments)
        if (holds_resource_ref(a->type()) || pointer_holds_references(a->type())) return true;
    for (const Block* b : f.blocks)
        for (const Instruction* i : b->instructions) {
            if (i->opcode == Opcode::CounterOf) return true;
            if (i->opcode == Opcode::Alloca) {
                if (pointer_holds_references(i->type())) return true;
                continue;
            }
            if (!i->has_result() || !holds_resource_ref(i->type())) continue;
            if (!rooted(i)) return true;
        }
    return false;
}

// Replaces each CounterOf in `f` whose reference is rooted at a global with that global's counter
// (an access chain into the counters when the reference indexes an array of buffers). A buffer
// without a counter is error OSH0400; false when one was reported.
bool resolve_counters(Module& m, Function& f, support::DiagnosticEngine& diags) {
    bool ok = true;
    PointerMap<const Value*, Value*> replaced;
    for (Block* b : f.blocks)
        for (std::size_t k = 0; k < b->instructions.size(); ++k) {
            Instruction* i = b->instructions[k];
            if (i->opcode != Opcode::CounterOf || !rooted(i->operands[0])) continue;
            std::vector<Value*> indices;
            Value* v = i->operands[0];
            while (auto* c = v->as<Instruction>()) {
                indices.insert(indices.begin(), c->operands.begin() + 1, c->operands.end());
                v = c->operands[0];
            }
            auto* g = v->as<Global>();
            Value* counter = g ? g->counter : nullptr;
            if (!counter) {
                diags.report(support::DiagCode::lower_unsupported, support::SourceRange(i->loc),
                             fmt::format("the counter of '{}' is reached through a resource variable here, and it was "
                                         "not given one; call IncrementCounter/DecrementCounter on '{}' by name.",
                                         g ? std::string(g->name()) : std::string("?"),
                                         g ? std::string(g->name()) : std::string("?")));
                ok = false;
                counter = m.undef_constant(i->type());
            } else if (!indices.empty()) {
                Instruction* chain = m.make_instruction(Opcode::AccessChain, i->type());
                chain->operands.push_back(counter);
                for (Value* index : indices) chain->operands.push_back(index);
                chain->loc = i->loc;
                chain->block = b;
                b->instructions.insert(b->instructions.begin() + static_cast<std::ptrdiff_t>(k), chain);
                ++k;
                counter = chain;
            }
            replaced.emplace(i, counter);
        }
    if (replaced.empty()) return ok;
    std::vector<Instruction*> gone;
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions) {
            if (replaced.find(i)) {
                gone.push_back(i);
                continue;
            }
            for (Value*& op : i->operands)
                if (const auto* r = op ? replaced.find(op) : nullptr) op = r->second;
        }
    remove_instructions(gone);
    return ok;
}

// Removes instructions that make reference values nobody uses (and what only they used).
bool remove_unused_references(Function& f) {
    bool changed = false;
    for (int round = 0; round < 64; ++round) {
        UserMap users = build_users(f);
        std::vector<Instruction*> dead;
        for (Block* b : f.blocks)
            for (Instruction* i : b->instructions)
                if (i->has_result() && holds_resource_ref(i->type()) && !users.count(i) && removable_when_unused(i))
                    dead.push_back(i);
        if (dead.empty()) break;
        remove_instructions(dead);
        changed = true;
    }
    return changed;
}

using FunctionPass = PassResult (*)(Module&, Function&, FunctionAnalyses&, const Options&);

// Runs `passes` on `f` until a round changes nothing. Fails with the pass's message.
std::string run_until_stable(Module& m, Function& f, std::span<const FunctionPass> passes, const Options& o) {
    for (std::uint32_t round = 0; round < std::max<std::uint32_t>(o.max_rounds, 4); ++round) {
        bool changed = false;
        FunctionAnalyses an(f);
        for (FunctionPass p : passes) {
            PassResult r = p(m, f, an, o);
            if (r.failed()) return r.error;
            if (r.changed) {
                an.invalidate();
                changed = true;
            }
        }
        if (!changed) break;
    }
    return {};
}

// Where an unresolved reference comes from, for the message: the variable and why.
struct Origin {
    std::string name;
    std::string why;
};

Origin origin_of(const Value* v) {
    Origin o;
    for (int depth = 0; v && depth < 64; ++depth) {
        if (const auto* a = v->as<Argument>()) {
            o.name = std::string(a->name());
            o.why = fmt::format("it is a parameter of '{}', which calls itself and so cannot be inlined",
                                a->function ? std::string(a->function->name) : std::string("?"));
            return o;
        }
        if (v->as<Constant>()) {
            o.why = "it is not assigned a resource on every path that reaches this use";
            return o;
        }
        const auto* i = v->as<Instruction>();
        if (!i) break;
        if (o.name.empty() && !i->name().empty()) o.name = std::string(i->name());
        switch (i->opcode) {
        case Opcode::Phi:
            o.why = "it holds different resources after a branch or loop whose condition is not a compile-time "
                    "constant";
            return o;
        case Opcode::Select:
            o.why = "it is chosen by a '?:' whose condition is not a compile-time constant";
            return o;
        case Opcode::Call:
            o.why = fmt::format("it is returned by '{}', which calls itself and so cannot be inlined",
                                i->callee ? std::string(i->callee->name) : std::string("?"));
            return o;
        case Opcode::Load: {
            const Value* p = i->operands[0];
            while (const auto* c = p->as<Instruction>()) {
                if (c->opcode != Opcode::AccessChain) break;
                bool constant = true;
                for (std::size_t k = 1; k < c->operands.size(); ++k)
                    constant = constant && constant_int_value(c->operands[k]).has_value();
                if (!constant) {
                    o.why = "it is read from an array of resource variables at a run-time index";
                    if (o.name.empty()) o.name = std::string(pointer_root(const_cast<Value*>(p))->name());
                    return o;
                }
                p = c->operands[0];
            }
            if (o.name.empty()) o.name = std::string(p->name());
            o.why = "the variable holding it could not be followed to one assignment";
            return o;
        }
        case Opcode::CompositeExtract:
        case Opcode::AccessChain: v = i->operands[0]; continue;
        default:
            o.why = "it is computed in a way the compiler cannot follow to one resource";
            return o;
        }
    }
    if (o.why.empty()) o.why = "it is computed in a way the compiler cannot follow to one resource";
    return o;
}

// The source name of the variable or member `ptr` points at: `t`, `m.albedo`, `ms[1].albedo`;
// empty when it is not a variable.
std::string slot_name(const Value* ptr) {
    std::vector<const Instruction*> chain;
    while (const auto* c = ptr->as<Instruction>()) {
        if (c->opcode != Opcode::AccessChain) break;
        chain.push_back(c);
        ptr = c->operands[0];
    }
    const auto* a = ptr->as<Instruction>();
    if (!a || a->opcode != Opcode::Alloca || a->name().empty()) return {};
    std::string name(a->name());
    const sema::Type* t = a->type()->as<sema::PointerType>()->pointee;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        for (std::size_t k = 1; k < (*it)->operands.size() && t; ++k) {
            std::optional<std::int64_t> i = constant_int_value((*it)->operands[k]);
            if (const auto* s = t->as<sema::StructType>(); s && i) {
                std::int64_t m = *i - (s->base ? 1 : 0);
                if (m < 0) {
                    t = s->base;
                    continue;
                }
                if (std::size_t(m) >= s->members.size()) return name;
                name.append(".").append(s->members[std::size_t(m)].name.str());
                t = s->members[std::size_t(m)].type;
            } else if (const auto* arr = t->as<sema::ArrayType>()) {
                name.append("[").append(i ? std::to_string(*i) : std::string("i")).append("]");
                t = arr->element;
            } else {
                return name;
            }
        }
    return name;
}

// An instruction that takes a reference and does something with the resource (not one that only
// moves references around).
bool consumes(const Instruction* i) {
    switch (i->opcode) {
    case Opcode::Phi:
    case Opcode::Select:
    case Opcode::CompositeConstruct:
    case Opcode::CompositeInsert:
    case Opcode::CompositeExtract:
    case Opcode::Store:
    case Opcode::Call:
    case Opcode::Return: return false;
    default: return true;
    }
}

// The variable each use of a resource in `f` reads it from (loaded from a variable or member),
// remembered before the variables are promoted: the message names it.
void remember_use_names(const Function& f, PointerMap<const Instruction*, std::string>& names) {
    for (const Block* b : f.blocks)
        for (const Instruction* i : b->instructions) {
            if (!consumes(i) || i->opcode == Opcode::Load) continue;
            for (const Value* op : i->operands) {
                const auto* load = op->as<Instruction>();
                if (!is_resource_ref(op->type()) || !load || load->opcode != Opcode::Load) continue;
                std::string name = slot_name(load->operands[0]);
                if (!name.empty()) names.emplace(i, std::move(name));
                break;
            }
        }
}

// Error OSH0403 at each use of an unresolved reference in `f`; true when it reported any.
bool report_unresolved(const Function& f, support::DiagnosticEngine& diags,
                       const PointerMap<const Instruction*, std::string>& use_names) {
    bool reported = false;
    const Instruction* first_unresolved = nullptr;
    for (const Block* b : f.blocks)
        for (const Instruction* i : b->instructions) {
            if (!first_unresolved && i->has_result() &&
                ((i->opcode == Opcode::Alloca && pointer_holds_references(i->type())) ||
                 (i->opcode != Opcode::Alloca && holds_resource_ref(i->type()) && !rooted(i))))
                first_unresolved = i;
            if (!consumes(i)) continue;
            for (const Value* op : i->operands) {
                if (!is_resource_ref(op->type()) || rooted(op)) continue;
                Origin o = origin_of(op);
                if (const auto* n = use_names.find(i)) o.name = n->second;
                std::string what = o.name.empty() ? "this resource" : fmt::format("the resource '{}'", o.name);
                diags.report(support::DiagCode::resource_not_resolved, support::SourceRange(i->loc),
                             fmt::format("cannot resolve {} to a single global resource here: {}. Every use of a "
                                         "resource variable, struct member or '?:' must name one resource once calls "
                                         "are inlined and constant conditions folded (as DXC requires for SPIR-V); "
                                         "make the choice constant, or declare a resource array and index it with "
                                         "the choice.",
                                         what, o.why));
                reported = true;
                break;
            }
        }
    if (!reported && first_unresolved) {
        Origin o = origin_of(first_unresolved);
        diags.report(support::DiagCode::resource_not_resolved, support::SourceRange(first_unresolved->loc),
                     fmt::format("cannot resolve {} to a single global resource: {}. Make the choice constant, or "
                                 "declare a resource array and index it with the choice.",
                                 o.name.empty() ? std::string("a resource") : fmt::format("the resource '{}'", o.name),
                                 o.why));
        reported = true;
    }
    return reported;
}

// The functions the entry points reach (every function when the module has no entry points).
std::vector<Function*> reached_functions(Module& m) {
    if (m.entry_points.empty()) return m.functions;
    PointerSet<const Function*> seen;
    std::vector<Function*> order;
    for (EntryPoint* ep : m.entry_points)
        if (ep->function && seen.insert(ep->function)) order.push_back(ep->function);
    for (std::size_t k = 0; k < order.size(); ++k)
        for (const Block* b : order[k]->blocks)
            for (const Instruction* i : b->instructions)
                if (i->opcode == Opcode::Call && i->callee && seen.insert(i->callee)) order.push_back(i->callee);
    return order;
}

}  // namespace

bool needs_resource_legalization(const Module& m) {
    if (!m.entry_points.empty() && has_reference_globals(m)) return true;
    for (const Function* f : m.functions)
        if (passes_references(*f) || holds_unresolved(*f)) return true;
    return false;
}

bool legalize_resources(Module& m, support::DiagnosticEngine& diags, const Options& options) {
    if (!needs_resource_legalization(m)) return true;
    Options o = options;
    o.inline_growth_limit = 0xFFFFFFFFu;  // a call that passes references must go, whatever its size
    // Statics holding references only resolve where one function holds every use: each entry.
    bool statics = !m.entry_points.empty() && has_reference_globals(m);
    PointerSet<const Function*> using_statics;
    if (statics) using_statics = functions_using_reference_globals(m);
    auto must_inline = [&](const Instruction* call) {
        return call->callee && (passes_references(*call->callee) || using_statics.contains(call->callee));
    };
    PassResult inlined = inline_calls_where(m, o, must_inline);
    if (inlined.failed()) {
        diags.report(support::DiagCode::internal_error, support::SourceRange({1, 0}),
                     "internal compiler error (inlining the calls that pass resources failed): " + inlined.error);
        return false;
    }
    // The copies that took or returned references are inlined everywhere now (unless recursive).
    for (bool removed = true; removed;) {
        removed = false;
        PointerSet<const Function*> called;
        for (const Function* f : m.functions)
            for (const Block* b : f->blocks)
                for (const Instruction* i : b->instructions)
                    if (i->opcode == Opcode::Call && i->callee) called.insert(i->callee);
        std::size_t before = m.functions.size();
        std::erase_if(m.functions, [&](const Function* f) {
            bool entry = false;
            for (const EntryPoint* ep : m.entry_points) entry = entry || ep->function == f;
            return !entry && !called.contains(f) && (passes_references(*f) || using_statics.contains(f)) &&
                   !m.entry_points.empty();
        });
        removed = m.functions.size() != before;
    }
    if (statics) {
        if (const Global* g = localize_reference_globals(m)) {
            diags.report(support::DiagCode::resource_not_resolved, support::SourceRange(g->loc),
                         fmt::format("cannot resolve the static resource '{}' to a single global resource: a function "
                                     "that calls itself uses it, so it cannot be inlined into the entry point. Pass "
                                     "the resource as a parameter, or use the global resource directly.",
                                     g->name()));
            return false;
        }
    }

    static constexpr FunctionPass kMinimal[] = {sroa, mem2reg, combine};
    static constexpr FunctionPass kFull[] = {sroa, mem2reg, combine, dce, simplify_cfg};
    Options only_refs = o;
    only_refs.resource_references_only = true;
    bool ok = true;
    PointerMap<const Instruction*, std::string> use_names;
    for (Function* f : reached_functions(m)) {
        if (!holds_unresolved(*f)) continue;
        remember_use_names(*f, use_names);
        std::string error = run_until_stable(m, *f, kMinimal, only_refs);
        remove_unused_references(*f);
        if (!resolve_counters(m, *f, diags)) ok = false;
        if (error.empty() && holds_unresolved(*f)) {
            error = run_until_stable(m, *f, kFull, o);
            remove_unused_references(*f);
            if (!resolve_counters(m, *f, diags)) ok = false;
        }
        if (!error.empty()) {
            diags.report(support::DiagCode::internal_error, support::SourceRange({1, 0}),
                         "internal compiler error (resolving resource variables failed): " + error);
            ok = false;
            continue;
        }
        if (holds_unresolved(*f) && report_unresolved(*f, diags, use_names)) ok = false;
    }
    return ok;
}

}  // namespace oneshader::opt
