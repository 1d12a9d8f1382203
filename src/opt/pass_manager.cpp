// The pass table and the pass manager.
//
// The table lists every pass once, in the order it runs, with the passes it must follow; the
// manager runs the module passes once, then the function passes over each function, round after
// round, until a round changes nothing (or Options::max_rounds is reached). After every pass it can
// verify the module (Options::verify_each_pass) and print it (Options::print_after). A pass that
// fails, or leaves a module the verifier rejects, stops the optimizer: the module gets back the
// function bodies it had before optimize() was called.

#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "opt/opt_util.hpp"
#include "opt/passes.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::opt {

namespace {

constexpr std::string_view kAfterInline[] = {"inline"};
constexpr std::string_view kAfterSroa[] = {"inline", "sroa"};
constexpr std::string_view kAfterMem2reg[] = {"mem2reg"};
constexpr std::string_view kAfterCombine[] = {"combine"};
constexpr std::string_view kAfterCse[] = {"combine", "cse"};
constexpr std::string_view kAfterDce[] = {"dce"};

// Why this order:
// - inline first and once: the function passes then see whole bodies, and the stores and loads
//   of arguments, results and flags that inlining adds are theirs to clean up.
// - sroa before mem2reg: splitting an aggregate variable gives scalar variables mem2reg promotes.
// - mem2reg before combine: folding works on SSA values, not on memory.
// - combine before cse: folded and simplified instructions are equal more often.
// - dce after combine and cse: it removes what they left unused (and the stores nobody reads).
// - simplify_cfg last: branches folded to constants by combine become plain branches, and the
//   blocks that leaves unreachable go; the next round folds what the merged blocks expose.
constexpr PassInfo kPasses[] = {
    {"inline", PassScope::Module, inline_calls, nullptr, {}, false},
    {"sroa", PassScope::Function, nullptr, sroa, kAfterInline, true},
    {"mem2reg", PassScope::Function, nullptr, mem2reg, kAfterSroa, true},
    {"combine", PassScope::Function, nullptr, combine, kAfterMem2reg, true},
    {"cse", PassScope::Function, nullptr, cse, kAfterCombine, true},
    {"dce", PassScope::Function, nullptr, dce, kAfterCse, true},
    {"simplify_cfg", PassScope::Function, nullptr, simplify_cfg, kAfterDce, false},
};

std::string verifier_message(const std::vector<std::string>& problems) {
    std::string s = "the verifier rejects the result: ";
    for (std::size_t k = 0; k < problems.size() && k < 5; ++k) s += (k ? "; " : "") + problems[k];
    if (problems.size() > 5) s += "; and " + std::to_string(problems.size() - 5) + " more";
    return s;
}

// The function bodies as they were, to put back when a pass fails. Taken lazily: a body is
// copied just before the first pass that may change it, so functions nothing changes (callees
// that are inlined and then dropped, mostly) are never copied.
class Snapshot {
public:
    Snapshot(ir::Module& m, bool enabled) : module_(m), enabled_(enabled) {
        if (enabled_) functions_ = m.functions;
    }
    // Keeps the body of `f` as it is now, unless it is kept already.
    void keep(ir::Function* f) {
        if (!enabled_ || !kept_.insert(f)) return;
        ir::Replacements map;
        bodies_.push_back({f, clone_blocks(module_, *f, *f, map)});
    }
    void restore() const {
        if (!enabled_) return;
        module_.functions = functions_;
        for (const auto& [f, blocks] : bodies_) f->blocks.assign(blocks.begin(), blocks.end());
    }

private:
    ir::Module& module_;
    bool enabled_;
    std::vector<ir::Function*> functions_;
    ir::PointerSet<const ir::Function*> kept_;
    std::vector<std::pair<ir::Function*, std::vector<ir::Block*>>> bodies_;
};

// The functions a module pass may change. Inlining changes the functions that call, and moves
// the body out of a function called once; any other module pass may change any function.
std::vector<ir::Function*> module_pass_may_change(const PassInfo& p, const ir::Module& m) {
    if (p.name != "inline") return m.functions;
    ir::PointerSet<const ir::Function*> touched;
    for (const ir::Function* g : m.functions)
        for (const ir::Block* b : g->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (i->opcode == ir::Opcode::Call) {
                    touched.insert(g);
                    if (i->callee) touched.insert(i->callee);
                }
    std::vector<ir::Function*> out;
    for (ir::Function* f : m.functions)
        if (touched.contains(f)) out.push_back(f);
    return out;
}

class Manager {
public:
    Manager(ir::Module& m, const Options& o) : m_(m), o_(o) {}

    // Runs one pass (on one function for function passes); false when it failed.
    bool run(const PassInfo& p, ir::Function* f, FunctionAnalyses* an, bool& changed) {
        PassResult r = p.scope == PassScope::Module ? p.module_fn(m_, o_) : p.function_fn(m_, *f, *an, o_);
        if (an && r.changed) {
            if (p.preserves_cfg) an->invalidate_users();
            else an->invalidate();
        }
        if (!r.failed() && !o_.fail_pass_for_testing.empty() && o_.fail_pass_for_testing == p.name)
            r = PassResult::fail("failure injected for testing");
        if (!r.failed() && o_.verify_each_pass) {
            std::vector<std::string> problems = ir::verify(m_);
            if (!problems.empty()) {
                r = PassResult::fail(verifier_message(problems));
                result.verifier_rejected = true;
            }
        }
        if (r.failed()) {
            result.ok = false;
            result.failed_pass = std::string(p.name);
            result.message = (f ? std::string("@").append(f->name).append(": ") : std::string()) + r.error;
            return false;
        }
        changed = changed || r.changed;
        if (!o_.print_after.empty() && o_.print_after == p.name) {
            result.printed += "; after " + std::string(p.name) + (f ? " @" + std::string(f->name) : std::string()) + "\n";
            result.printed += ir::print_module(m_);
        }
        return true;
    }

    bool verify_input() {
        if (!o_.verify_each_pass) return true;
        std::vector<std::string> problems = ir::verify(m_);
        if (problems.empty()) return true;
        result.ok = false;
        result.verifier_rejected = true;
        result.failed_pass = "input";
        result.message = verifier_message(problems);
        return false;
    }

    OptimizeResult result;

private:
    ir::Module& m_;
    const Options& o_;
};

const PassInfo* find_pass(std::string_view name) {
    for (const PassInfo& p : kPasses)
        if (p.name == name) return &p;
    return nullptr;
}

}  // namespace

std::span<const PassInfo> pass_table() { return kPasses; }

std::vector<std::string> pass_table_problems() {
    std::vector<std::string> out;
    for (std::size_t k = 0; k < std::size(kPasses); ++k)
        for (std::string_view before : kPasses[k].after) {
            std::size_t at = std::size(kPasses);
            for (std::size_t j = 0; j < std::size(kPasses); ++j)
                if (kPasses[j].name == before) at = j;
            if (at >= k)
                out.push_back(std::string(kPasses[k].name) + " must run after " + std::string(before));
        }
    for (std::size_t k = 0; k < std::size(kPasses); ++k)
        if (kPasses[k].scope == PassScope::Module && k > 0 && kPasses[k - 1].scope == PassScope::Function)
            out.push_back(std::string(kPasses[k].name) + ": module passes come before function passes");
    return out;
}

namespace {

// After inlining, functions no entry point calls any more leave the module: no backend would emit
// them, and optimizing them would be wasted work. A module without entry points (an IR fixture)
// keeps every function.
std::vector<bool> live_functions(const ir::Module& m) {
    std::vector<bool> live(m.functions.size(), m.entry_points.empty());
    if (m.entry_points.empty()) return live;
    ir::PointerMap<const ir::Function*, std::size_t> index(m.functions.size());
    for (std::size_t i = 0; i < m.functions.size(); ++i) index.emplace(m.functions[i], i);
    std::vector<const ir::Function*> work;
    auto mark = [&](const ir::Function* f) {
        const auto* it = index.find(f);
        if (!it || live[it->second]) return;
        live[it->second] = true;
        work.push_back(f);
    };
    for (const ir::EntryPoint* ep : m.entry_points) mark(ep->function);
    while (!work.empty()) {
        const ir::Function* f = work.back();
        work.pop_back();
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* inst : b->instructions)
                if (inst->callee) mark(inst->callee);
    }
    return live;
}

void drop_dead_functions(ir::Module& m) {
    std::vector<bool> live = live_functions(m);
    std::vector<ir::Function*> kept;
    for (std::size_t i = 0; i < m.functions.size(); ++i)
        if (live[i]) kept.push_back(m.functions[i]);
    m.functions = std::move(kept);
}

}  // namespace

std::vector<std::string_view> pass_names() {
    std::vector<std::string_view> out;
    for (const PassInfo& p : kPasses) out.push_back(p.name);
    return out;
}

OptimizeResult optimize(ir::Module& m, const Options& options) {
    Snapshot snapshot(m, options.restore_on_failure);
    Manager mgr(m, options);
    auto fail = [&] {
        snapshot.restore();
        return mgr.result;
    };
    if (!mgr.verify_input()) return fail();
    for (const PassInfo& p : kPasses) {
        if (p.scope != PassScope::Module) continue;
        if (options.restore_on_failure)
            for (ir::Function* f : module_pass_may_change(p, m)) snapshot.keep(f);
        bool changed = false;
        if (!mgr.run(p, nullptr, nullptr, changed)) return fail();
    }
    drop_dead_functions(m);
    for (ir::Function* f : m.functions) {
        snapshot.keep(f);  // the function passes change only the function they run on
        FunctionAnalyses an(*f);
        for (std::uint32_t round = 0; round < options.max_rounds; ++round) {
            ++mgr.result.rounds;
            bool changed = false;
            for (const PassInfo& p : kPasses) {
                if (p.scope != PassScope::Function) continue;
                if (!mgr.run(p, f, &an, changed)) return fail();
            }
            if (!changed) break;
        }
    }
    return mgr.result;
}

OptimizeResult run_pass(ir::Module& m, std::string_view name, const Options& options) {
    const PassInfo* p = find_pass(name);
    if (!p) {
        OptimizeResult r;
        r.ok = false;
        r.failed_pass = std::string(name);
        r.message = "no pass has this name";
        return r;
    }
    Manager mgr(m, options);
    bool changed = false;
    if (!mgr.verify_input()) return mgr.result;
    if (p->scope == PassScope::Module) {
        mgr.run(*p, nullptr, nullptr, changed);
    } else {
        for (ir::Function* f : m.functions) {
            FunctionAnalyses an(*f);
            if (!mgr.run(*p, f, &an, changed)) break;
        }
    }
    return mgr.result;
}

bool optimize_or_fall_back(ir::Module& m, const Options& options, support::DiagnosticEngine& diags,
                           std::string* printed) {
    OptimizeResult r = optimize(m, options);
    if (printed) *printed += r.printed;
    if (r.ok) return true;
    if (r.verifier_rejected) {
        diags.report(support::DiagCode::internal_error, support::SourceRange({1, 0}),
                     "internal compiler error (the IR " +
                         (r.failed_pass == "input" ? std::string("given to the optimizer")
                                                   : "after optimizer pass '" + r.failed_pass + "'") +
                         " does not verify): " + r.message);
        return false;
    }
    diags.report(support::DiagCode::opt_pass_failed, {},
                 "optimizer pass '" + r.failed_pass + "' failed (" + r.message +
                     "); the shader is compiled without optimization. Please report this with the shader.");
    return false;
}

}  // namespace oneshader::opt
