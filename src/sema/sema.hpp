#pragma once
// Semantic analysis: the untyped syntax tree in, the typed Program (bound.hpp) out, with
// diagnostics (OSH03xx) for everything HLSL rejects or OneShader does not support.
//
// The caller owns the TypeContext and LayoutEngine (the lowering and reflection keep using them);
// everything analysis builds lives in ctx.arena. Analysis never stops early: after an error it
// keeps checking with an Error node in place of the bad expression, so one run reports every
// independent mistake, and it never fails to return a Program.
#include <cstdint>
#include <span>

#include "oneshader/oneshader.hpp"
#include "sema/bound.hpp"
#include "sema/intrinsic_lookup.hpp"
#include "support/context.hpp"
#include "types/layout.hpp"
#include "types/types.hpp"

namespace oneshader::syntax {
struct TranslationUnit;
}

namespace oneshader::sema {

struct CheckOptions {
    // The intrinsic table. Without one every intrinsic call is reported as an unknown function.
    const IntrinsicLookup* intrinsics = nullptr;
    // Requested entry points (`-E name -T ps_6_0`, CompileOptions::entry_points); empty means every
    // function with a [shader("...")] attribute.
    std::span<const EntryPointRequest> entry_points;
    // How register() and unannotated resources become descriptor slots (DXC's -fvk-*-shift family).
    const BindingOptions* bindings = nullptr;
    // Specialization constants fixed at compile time (CompileOptions::specialization_overrides).
    std::span<const SpecializationOverride> spec_overrides;
    // Bounds that keep hostile input from exhausting the stack or the machine.
    std::uint32_t max_template_depth = 32;      // nested template instantiations
    std::uint32_t max_template_instances = 512; // instances per compile
};

Program* analyze(support::CompileContext& ctx, TypeContext& types, LayoutEngine& layouts,
                 const syntax::TranslationUnit& tu, const CheckOptions& options);

}  // namespace oneshader::sema
