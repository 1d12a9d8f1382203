#pragma once
// The pass table's row type and every pass's entry point. Each pass lives in its own file with its
// contract on top; the table itself (order, constraints) is in pass_manager.cpp.
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "ir/module.hpp"
#include "opt/analyses.hpp"
#include "opt/optimizer.hpp"

namespace oneshader::opt {

// What a pass reports: whether it changed anything, or why it failed (the module may then be half
// rewritten; the pass manager restores it).
struct PassResult {
    bool changed = false;
    std::string error;  // non-empty: the pass failed
    bool failed() const { return !error.empty(); }
    static PassResult fail(std::string why) { return {false, std::move(why)}; }
};

enum class PassScope { Module, Function };

using ModulePassFn = PassResult (*)(ir::Module&, const Options&);
using FunctionPassFn = PassResult (*)(ir::Module&, ir::Function&, FunctionAnalyses&, const Options&);

struct PassInfo {
    std::string_view name;
    PassScope scope;
    ModulePassFn module_fn;      // Module scope
    FunctionPassFn function_fn;  // Function scope
    // Passes that must come earlier in the table (checked by pass_table_problems()).
    std::span<const std::string_view> after;
    // A function pass that never changes the blocks or where their terminators go: the CFG and
    // dominators it was given stay valid for the next pass.
    bool preserves_cfg = false;
};

std::span<const PassInfo> pass_table();
// Ordering constraints the table breaks; empty when the table is consistent.
std::vector<std::string> pass_table_problems();

// --- the passes ---------------------------------------------------------------------------------
PassResult inline_calls(ir::Module& m, const Options& o);                      // inline.cpp
// inline_calls for the calls `want` accepts only (legalize_resources); no callee body is moved,
// so a callee stays in the module, called or not.
PassResult inline_calls_where(ir::Module& m, const Options& o, const std::function<bool(const ir::Instruction* call)>& want);
PassResult sroa(ir::Module& m, ir::Function& f, FunctionAnalyses& an, const Options& o);            // sroa.cpp
PassResult mem2reg(ir::Module& m, ir::Function& f, FunctionAnalyses& an, const Options& o);         // mem2reg.cpp
PassResult combine(ir::Module& m, ir::Function& f, FunctionAnalyses& an, const Options& o);         // combine.cpp
PassResult cse(ir::Module& m, ir::Function& f, FunctionAnalyses& an, const Options& o);             // cse.cpp
PassResult dce(ir::Module& m, ir::Function& f, FunctionAnalyses& an, const Options& o);             // dce.cpp
PassResult simplify_cfg(ir::Module& m, ir::Function& f, FunctionAnalyses& an, const Options& o);    // simplify_cfg.cpp

}  // namespace oneshader::opt
