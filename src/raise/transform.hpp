#pragma once
// What every raise transform is: a free function that rewrites a whole IR module in place into a
// form a backend prints directly. Each lives in its own file whose opening comment is its
// contract (what it rewrites, what it requires, what it preserves, why it exists). A backend lists
// the transforms it needs, in order, in its own raise list (e.g. the SPIR-V backend's
// spirv/raise.cpp) and runs them with run_transforms(), which verifies and prints between them.
#include <array>
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

// How two raise lists differ, worked out at compile time from the backends' lists: whether the
// transforms both name come in the same order, and the transforms only one of them names. When the
// order is the same and each transform only one list names would change nothing on a module
// (idle_on), both lists leave that module the same, and two backends can print from one raised
// copy.
template <std::size_t NA, std::size_t NB>
struct ListDifference {
    bool same_order = true;
    std::array<std::string_view, NA + NB> only_one{};  // the first `count` entries
    std::size_t count = 0;
    std::span<const std::string_view> names() const { return {only_one.data(), count}; }
};

template <std::size_t NA, std::size_t NB>
constexpr ListDifference<NA, NB> list_difference(const std::string_view (&a)[NA], const std::string_view (&b)[NB]) {
    ListDifference<NA, NB> d;
    auto named = [](const auto& list, std::string_view n) {
        for (std::string_view x : list)
            if (x == n) return true;
        return false;
    };
    std::size_t ib = 0;  // the next of b's shared names a's must match
    for (std::string_view n : a) {
        if (!named(b, n)) {
            d.only_one[d.count++] = n;
            continue;
        }
        while (ib < NB && !named(a, b[ib])) ++ib;
        if (ib == NB || b[ib] != n) d.same_order = false;
        ++ib;
    }
    for (std::string_view n : b)
        if (!named(a, n)) d.only_one[d.count++] = n;
    return d;
}

// True when every transform in `names` would leave `m` as it is: a polyfill of intrinsics `m` does
// not call, or a transform whose `idle` says so; false for any other transform or an unknown
// name. No raise transform calls an intrinsic a polyfill rewrites unless `m` already calls it (the
// polyfills call only intrinsics every backend prints), so what `m` calls now is what a polyfill
// later in a list sees.
bool idle_on(const ir::Module& m, std::span<const std::string_view> names);

}  // namespace oneshader::raise
