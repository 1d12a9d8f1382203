#pragma once
// The optimizer (spec page "The intermediate representation", "Optimizer"): inlining, then per function SROA, mem2reg,
// combine, CSE, DCE and CFG simplification repeated until nothing changes. docs/optimizer.md
// describes the passes, their order and the exactness rules of folding.
//
// The passes are listed once, in the pass table (passes.hpp / pass_manager.cpp); everything here
// (verification after each pass, printing after a named pass) comes from that table.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"

namespace oneshader::support {
class DiagnosticEngine;
}

namespace oneshader::opt {

struct Options {
    // Runs the IR verifier on the input and after every pass; a problem fails that pass.
    bool verify_each_pass = false;
    // Appends the module's dump to OptimizeResult::printed after each run of the pass with this
    // name (`--print-after=<pass>`); empty: print nothing.
    std::string print_after;
    // Inlining stops growing a function past this many instructions; calls it could not inline
    // stay calls.
    std::uint32_t inline_growth_limit = 50000;
    // The per-function fixed point gives up after this many rounds (each round runs every
    // function pass once).
    std::uint32_t max_rounds = 16;
    // On failure, put back every function body as it was before optimize() (at the price of a
    // copy of each body taken before the first pass that changes it). Off, a failure leaves the
    // module half optimized: for callers that can build it again (the compile driver lowers the
    // program a second time), which then pay nothing for the copies.
    bool restore_on_failure = true;
    // Fault injection for tests: the pass of this name fails after running, as a broken pass
    // would. Empty in production.
    std::string fail_pass_for_testing;
    // sroa, mem2reg and combine touch only variables and values that hold resource references
    // (ir::holds_resource_ref): legalize_resources' first, minimal step, which leaves the rest of
    // an unoptimized (-O0) function as it is.
    bool resource_references_only = false;
};

struct OptimizeResult {
    bool ok = true;
    std::string failed_pass;  // the pass that failed (or "input" when the input did not verify)
    std::string message;      // why
    bool verifier_rejected = false;  // the failure is the verifier's (Options::verify_each_pass)
    std::string printed;      // the dumps Options::print_after asked for
    std::uint32_t rounds = 0;  // rounds of the function-pass fixed point, summed over functions
};

// Optimizes `m` in place. On failure the module is put back as it was before the call (every
// function gets its unoptimized body back), so the caller can go on with it, unless
// Options::restore_on_failure is off; never throws.
OptimizeResult optimize(ir::Module& m, const Options& options = {});

// optimize(), and on failure warning OSH6001 (opt_pass_failed) naming the pass: the compile goes
// on with the unoptimized module. A module the verifier rejected after a pass is error OSH7000
// instead (the compile stops: that is a bug to see, not to work around). Returns true when the
// module was optimized; the dumps Options::print_after asked for are appended to `printed`.
bool optimize_or_fall_back(ir::Module& m, const Options& options, support::DiagnosticEngine& diags,
                           std::string* printed = nullptr);

// Runs one pass by its table name (tests): a module pass once, a function pass once on every
// function. Verifies afterwards when options.verify_each_pass is set. Unknown names fail.
OptimizeResult run_pass(ir::Module& m, std::string_view name, const Options& options = {});

// Resolves every use of a resource reference to one resource global (DXC's legalization for
// SPIR-V), at every optimization level, before the optimizer: what the lowering's resource locals,
// resource-holding structs, `?:` between resources and resource results and arguments leave in the
// module (ir/type_rules.hpp, is_resource_ref). Calls that pass or return references are inlined,
// the variables and structs holding them promoted to SSA values, and selects and phis between
// them folded; where that leaves a choice, the functions involved get the optimizer's function
// passes (folding conditions, removing the branches they decide) until nothing changes. A use that
// still depends on a run-time choice is error OSH0403 at the use, naming the variable. A module
// without references is left untouched. Returns false when it reported an error. The resource
// globals an entry point no longer reaches afterwards are what reflection then leaves out.
bool legalize_resources(ir::Module& m, support::DiagnosticEngine& diags, const Options& options = {});

// Whether `m` holds anything legalize_resources would change (references outside global access
// chains).
bool needs_resource_legalization(const ir::Module& m);

// The names of the passes in table order.
std::vector<std::string_view> pass_names();

}  // namespace oneshader::opt
