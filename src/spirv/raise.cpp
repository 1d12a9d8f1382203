// The SPIR-V raise list. Every transform here is target-neutral (its contract is in its own file
// under src/raise/); what is SPIR-V's own (types, ids, decorations, capabilities) stays in the
// emitter, which prints the raised module and rewrites nothing.
#include "spirv/raise.hpp"

#include "raise/report.hpp"

namespace oneshader::spirv {
namespace {

// Why this order:
// - split_stage_io and merge_builtin_arrays touch disjoint variables (user semantics; then
//   SV_ClipDistance, SV_CullDistance and SV_Coverage, which are built-ins and never split), so
//   they commute; split runs first only because the merged arrays it would otherwise walk past
//   are never its business.
// - flat_integer_varyings commutes with both (the split copies interpolation bits to its leaves;
//   built-ins are not its business); it follows them so that it sees the interface as the emitter
//   will declare it.
// - bools_in_buffers touches only buffer memory, which the two above never do, so it commutes
//   with them too.
// - place_interlock last: it only inserts the interlock instructions around accesses the others
//   leave where they are (bools_in_buffers rewrites a load into a load and conversions after it,
//   so the section ends after them), and the emitter prints them as OpBegin/EndInvocationInterlockEXT.
// - all before the emitter: it declares each global as it finds it, and refuses stage arrays,
//   matrices and array built-in parts it would have to split or merge itself, and bools in
//   buffer memory (OpTypeBool has no layout).
constexpr std::string_view kRaiseList[] = {
    // Intrinsics GLSL.std.450 and the core instruction set have no instruction for (the emitter
    // reports a call one of these should have rewritten, a RAISED row of intrinsics.def, as
    // malformed input). They rewrite single calls in place and touch no variable, so they
    // commute with everything below.
    // split_matrix_calls first: the polyfills below then see the rows' vector calls.
    "split_matrix_calls", // GLSL.std.450, derivatives and group operations take no matrices
    "polyfill_sign",      // FSign/SSign answer in the operand's type, HLSL in int
    "polyfill_saturate",  // FClamp with constant bounds
    "polyfill_rcp",       // OpFDiv of one
    "polyfill_log10",     // Log2 times log10(2), as DXC writes it
    "polyfill_mad",       // Fma for floats; OpIMul and OpIAdd for integers
    "polyfill_ldexp",     // GLSL.std.450 Ldexp takes an integer exponent, HLSL a float
    "polyfill_isfinite",  // OpIsNan and OpIsInf, no OpIsFinite in shaders
    "polyfill_fmod",      // OpFRem, not a GLSL.std.450 function
    "polyfill_lit",       // HLSL's lighting helpers: max, pow and a select
    "polyfill_dst",
    "polyfill_pack",      // SM 6.6 byte packing: shifts, masks and clamps
    "polyfill_unpack",
    "polyfill_msad4",     // masked sums of absolute byte differences
    "polyfill_d3dcolor",  // D3DCOLORtoUBYTE4: a swizzle, a scale and a conversion
    "polyfill_dot2add",   // dot in half, added in float
    "polyfill_isnormal",  // abs, a comparison and isinf
    "polyfill_wide_bitfields",  // Vulkan's OpBitField* take 32-bit integers: shifts and masks for others
    "split_stage_io",
    "merge_builtin_arrays",
    "flat_integer_varyings",
    "bools_in_buffers",
    "place_interlock",    // SPV_EXT_fragment_shader_interlock around rasterizer-ordered accesses
};

}  // namespace

std::span<const std::string_view> raise_list() { return kRaiseList; }

bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed) {
    return raise::run_for_backend(m, kRaiseList, options, diags, printed, support::DiagCode::spirv_not_supported_yet,
                                  [](const std::string& refusal) { return "SPIR-V: " + refusal + " is not supported yet"; });
}

}  // namespace oneshader::spirv
