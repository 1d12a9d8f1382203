// The table of raise transforms and the runner the backends' raise lists use.
#include "raise/transform.hpp"

#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "raise/buffers.hpp"
#include "raise/polyfills.hpp"
#include "raise/refusals.hpp"
#include "raise/stage_io.hpp"

namespace oneshader::raise {
namespace {

using intrinsics::Id;

// The intrinsics each polyfill rewrites (what it passes to calls_of).
constexpr Id kSign[] = {Id::Sign};
constexpr Id kSaturate[] = {Id::Saturate};
constexpr Id kRcp[] = {Id::Rcp};
constexpr Id kLog10[] = {Id::Log10};
constexpr Id kMad[] = {Id::Mad};
constexpr Id kLdexp[] = {Id::Ldexp};
constexpr Id kIsFinite[] = {Id::IsFinite};
constexpr Id kFmod[] = {Id::Fmod};
constexpr Id kLit[] = {Id::Lit};
constexpr Id kDst[] = {Id::Dst};
constexpr Id kPack[] = {Id::PackU8, Id::PackS8, Id::PackClampU8, Id::PackClampS8};
constexpr Id kUnpack[] = {Id::UnpackU8U32, Id::UnpackU8U16, Id::UnpackS8S32, Id::UnpackS8S16};
constexpr Id kDot4Add[] = {Id::Dot4AddU8Packed, Id::Dot4AddI8Packed};
constexpr Id kMsad4[] = {Id::Msad4};
constexpr Id kD3DColor[] = {Id::D3DColorToUByte4};
constexpr Id kDot2Add[] = {Id::Dot2Add};
constexpr Id kIsNormal[] = {Id::IsNormal};

constexpr TransformInfo kTransforms[] = {
    {"refuse_per_vertex_inputs", refuse_per_vertex_inputs, {}, refuse_per_vertex_inputs_idle},
    {"split_stage_io", split_stage_io},
    {"merge_builtin_arrays", merge_builtin_arrays, {}, merge_builtin_arrays_idle},
    {"flat_integer_varyings", flat_integer_varyings},
    {"bools_in_buffers", bools_in_buffers},
    {"place_interlock", place_interlock, {}, place_interlock_idle},
    {"split_matrix_calls", split_matrix_calls},
    {"polyfill_sign", polyfill_sign, kSign},
    {"polyfill_saturate", polyfill_saturate, kSaturate},
    {"polyfill_rcp", polyfill_rcp, kRcp},
    {"polyfill_log10", polyfill_log10, kLog10},
    {"polyfill_mad", polyfill_mad, kMad},
    {"polyfill_ldexp", polyfill_ldexp, kLdexp},
    {"polyfill_isfinite", polyfill_isfinite, kIsFinite},
    {"polyfill_fmod", polyfill_fmod, kFmod},
    {"polyfill_lit", polyfill_lit, kLit},
    {"polyfill_dst", polyfill_dst, kDst},
    {"polyfill_pack", polyfill_pack, kPack},
    {"polyfill_unpack", polyfill_unpack, kUnpack},
    {"polyfill_dot4add", polyfill_dot4add, kDot4Add},
    {"polyfill_msad4", polyfill_msad4, kMsad4},
    {"polyfill_d3dcolor", polyfill_d3dcolor, kD3DColor},
    {"polyfill_dot2add", polyfill_dot2add, kDot2Add},
    {"polyfill_isnormal", polyfill_isnormal, kIsNormal},
    {"polyfill_bitfields", polyfill_bitfields, {}, polyfill_bitfields_idle},
    {"polyfill_wide_bitfields", polyfill_wide_bitfields, {}, polyfill_wide_bitfields_idle},
};

static_assert(std::size(kTransforms) <= IdleTest::kMaxTransforms);

CalledIntrinsics called_intrinsics(const ir::Module& m) {
    CalledIntrinsics called;
    for (const ir::Function* f : m.functions)
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (i->opcode == ir::Opcode::CallIntrinsic && i->intrinsic < Id::Count)
                    called.set(static_cast<std::size_t>(i->intrinsic));
    return called;
}

bool calls_any(const CalledIntrinsics& called, std::span<const Id> ids) {
    for (Id id : ids)
        if (called[static_cast<std::size_t>(id)]) return true;
    return false;
}

}  // namespace

std::span<const TransformInfo> transform_table() { return kTransforms; }

const TransformInfo* find_transform(std::string_view name) {
    for (const TransformInfo& t : kTransforms)
        if (t.name == name) return &t;
    return nullptr;
}

bool IdleTest::idle(std::string_view name) {
    const TransformInfo* t = find_transform(name);
    if (!t) return false;
    std::int8_t& known = known_[static_cast<std::size_t>(t - kTransforms)];
    if (known == 0) {
        bool idle = false;
        if (!t->calls.empty()) {
            if (!scanned_) called_ = called_intrinsics(m_);
            scanned_ = true;
            idle = !calls_any(called_, t->calls);
        } else {
            idle = t->idle && t->idle(m_);
        }
        known = idle ? 1 : 2;
    }
    return known == 1;
}

std::uint64_t IdleTest::active(std::span<const std::string_view> list) {
    if (list.size() > 64) return ~std::uint64_t{0};
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < list.size(); ++i)
        if (!idle(list[i])) bits |= std::uint64_t{1} << i;
    return bits;
}

bool IdleTest::same_active(std::span<const std::string_view> a, std::uint64_t active_a,
                           std::span<const std::string_view> b, std::uint64_t active_b) {
    if (a.size() > 64 || b.size() > 64) return false;
    std::size_t i = 0, j = 0;
    for (;;) {
        while (i < a.size() && !(active_a >> i & 1)) ++i;
        while (j < b.size() && !(active_b >> j & 1)) ++j;
        if (i == a.size() || j == b.size()) return i == a.size() && j == b.size();
        if (a[i] != b[j]) return false;
        ++i;
        ++j;
    }
}

RunResult run_transforms(ir::Module& m, std::span<const std::string_view> list, const RunOptions& options) {
    RunResult result;
    // Scanned once, and again after each transform that changed something (a polyfill may call
    // intrinsics a later one rewrites).
    CalledIntrinsics called = called_intrinsics(m);
    for (std::string_view name : list) {
        const TransformInfo* t = find_transform(name);
        if (!t) {
            result.ok = false;
            result.failed = std::string(name);
            result.problems = "no raise transform has this name";
            return result;
        }
        TransformResult r;
        if (t->calls.empty() || calls_any(called, t->calls)) r = t->run(m);
        if (r.changed) called = called_intrinsics(m);
        if (!r.refusal.empty()) {
            result.ok = false;
            result.failed = std::string(name);
            result.refusal = std::move(r.refusal);
            result.refusal_at = r.refusal_at;
            return result;
        }
        if (options.verify_each) {
            std::vector<std::string> problems = ir::verify(m);
            if (!problems.empty()) {
                result.ok = false;
                result.failed = std::string(name);
                for (std::size_t k = 0; k < problems.size() && k < 5; ++k) result.problems += (k ? "; " : "") + problems[k];
                if (problems.size() > 5) result.problems += "; and " + std::to_string(problems.size() - 5) + " more";
                return result;
            }
        }
        if (!options.print_after.empty() && options.print_after == name) {
            result.printed += "; after " + std::string(name) + "\n";
            result.printed += ir::print_module(m);
        }
    }
    return result;
}

}  // namespace oneshader::raise
