#pragma once
// What every raise transform is: a free function that rewrites a whole IR module in place into a
// form a backend prints directly. Each lives in its own file whose opening comment is its
// contract (what it rewrites, what it requires, what it preserves, why it exists). A backend lists
// the transforms it needs, in order, in its own raise list (e.g. the SPIR-V backend's
// spirv/raise.cpp) and runs them with run_transforms(), which verifies and prints between them.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "intrinsics/id.hpp"
#include "ir/module.hpp"

namespace oneshader::raise {

struct TransformResult {
    bool changed = false;
    // Why the module cannot take this form (say, a dynamic index into a stage array): a
    // construct the backend cannot express. The backend reports it as its own "not supported"
    // diagnostic; the module is left partly rewritten and must not be printed.
    std::string refusal;
    // Where the refused construct is used (the location of the instruction it stopped at).
    support::SourceLoc refusal_at;

    static TransformResult refuse(std::string why, support::SourceLoc at = {}) {
        TransformResult r;
        r.refusal = std::move(why);
        r.refusal_at = at;
        return r;
    }
};

using TransformFn = TransformResult (*)(ir::Module& m);

struct TransformInfo {
    std::string_view name;  // what --print-after names it by
    TransformFn run;
    // For a transform that rewrites only calls to these intrinsics (the polyfills): the runner
    // skips it when the module calls none of them, rather than have it scan every instruction.
    // Empty: it always runs.
    std::span<const intrinsics::Id> calls = {};
    // For another transform that can tell cheaply that it would leave a module as it is: true then.
    bool (*idle)(const ir::Module& m) = nullptr;
};

// Every raise transform, each once (the backends' lists pick from it). Names are unique, and
// distinct from the optimizer's pass names.
std::span<const TransformInfo> transform_table();
const TransformInfo* find_transform(std::string_view name);

struct RunOptions {
    // Verify the module after every transform; a problem stops the run.
    bool verify_each = false;
    // Append the module's dump to RunResult::printed after the transform of this name.
    std::string print_after;
};

struct RunResult {
    bool ok = true;
    std::string failed;    // the transform that refused or left a module the verifier rejects
    std::string refusal;   // its refusal (a construct the target cannot express), if it refused
    support::SourceLoc refusal_at;  // where the refused construct is used, when known
    std::string problems;  // the verifier's messages, if it rejected the result
    std::string printed;   // the dumps RunOptions::print_after asked for
};

// Runs `list` (names from transform_table(), in order) on `m`.
RunResult run_transforms(ir::Module& m, std::span<const std::string_view> list, const RunOptions& options);

// True when every transform in `names` would leave `m` as it is: a polyfill of intrinsics `m` does
// not call, or a transform whose `idle` says so; false for any other transform or an unknown
// name. No raise transform calls an intrinsic a polyfill rewrites unless `m` already calls it (the
// polyfills call only intrinsics every backend prints), so what `m` calls now is what a polyfill
// later in a list sees.
bool idle_on(const ir::Module& m, std::span<const std::string_view> names);

// The transforms of `list` that may change `m`, in order: all but those idle_on() says would leave
// it as it is. Backends whose lists have the same active transforms on a module (the polyfills
// and the refusals of constructs most shaders do not use are idle on most) raise it to the same
// module, and print from one raised copy.
std::vector<std::string_view> active_transforms(const ir::Module& m, std::span<const std::string_view> list);

}  // namespace oneshader::raise
