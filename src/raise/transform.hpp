#pragma once
// What every raise transform is: a free function that rewrites a whole IR module in place into a
// form a backend prints directly. Each lives in its own file whose opening comment is its
// contract (what it rewrites, what it requires, what it preserves, why it exists). A backend lists
// the transforms it needs, in order, in its own raise list (e.g. the SPIR-V backend's
// spirv/raise.cpp) and runs them with run_transforms(), which verifies and prints between them.
#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>
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

// Which intrinsics a module calls, indexed by id.
using CalledIntrinsics = std::bitset<intrinsics::kIdCount>;

// Which transforms would leave a module as it is, each worked out once: a polyfill of intrinsics
// the module does not call, or a transform whose `idle` says so; never a transform that cannot
// tell or a name no transform has. No raise transform calls an intrinsic a polyfill rewrites
// unless the module already calls it (the polyfills call only intrinsics every backend prints),
// so what the module calls now is what a polyfill later in a list sees.
class IdleTest {
public:
    explicit IdleTest(const ir::Module& m) : m_(m) {}
    bool idle(std::string_view name);
    // The transforms of `list` that are not idle: bit i for list[i]. A list of more than 64
    // transforms is all active, and shares with no other.
    std::uint64_t active(std::span<const std::string_view> list);
    // Whether two lists, with their active() bits, have the same transforms that are not idle, in
    // the same order: then both leave the module the same, and their backends can print from one
    // raised copy.
    static bool same_active(std::span<const std::string_view> a, std::uint64_t active_a,
                            std::span<const std::string_view> b, std::uint64_t active_b);

    static constexpr std::size_t kMaxTransforms = 64;  // transform_table() fits (transform.cpp)

private:
    const ir::Module& m_;
    bool scanned_ = false;
    CalledIntrinsics called_;
    std::array<std::int8_t, kMaxTransforms> known_{};  // by table index: 0 not asked yet, 1 idle, 2 not
};

}  // namespace oneshader::raise
