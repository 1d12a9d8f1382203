// The MSL raise list. Every transform is target-neutral (its contract is in its own file under
// src/raise/); what is Metal's own stays in the printer.
#include "msl/raise.hpp"

#include "raise/report.hpp"

namespace oneshader::msl {
namespace {

// Why this order (the SPIR-V list, spirv/raise.cpp, gives the same reasons for the shared part):
// - the polyfills rewrite single calls in place and touch no variable, so they commute with
//   everything after them;
// - split_stage_io and merge_builtin_arrays touch disjoint variables; after them every user stage
//   variable is a scalar or vector, which is what a [[stage_in]] or output struct member can be,
//   and clip distances are one array, Metal's [[clip_distance]] member;
// - flat_integer_varyings follows them so that it sees the interface as printed ([[flat]]);
// - bools_in_buffers last of the variable rewrites: a Metal bool has no defined size in a buffer,
//   the spec's layout gives it 32 bits.
constexpr std::string_view kRaiseList[] = {
    "refuse_per_vertex_inputs",  // GetAttributeAtVertex: no per-vertex reads (first: it rewrites nothing)
    "split_matrix_calls",  // component-wise intrinsics on matrices run row by row
    "polyfill_lit",       // no lighting helpers: max, pow and a select
    "polyfill_dst",
    "polyfill_pack",      // SM 6.6 byte packing: shifts, masks and clamps
    "polyfill_unpack",
    "polyfill_msad4",     // masked sums of absolute byte differences
    "polyfill_d3dcolor",  // D3DCOLORtoUBYTE4: a swizzle, a scale and a conversion
    "polyfill_dot2add",   // dot in half, added in float
    "polyfill_isnormal",  // abs, a comparison and isinf
    "polyfill_dot4add",   // byte products added up
    "polyfill_sign",   // Metal's sign() answers in the operand's type, HLSL's in int
    "polyfill_rcp",    // no rcp() in Metal
    "polyfill_mad",    // fma() for floats; integers multiply and add
    "polyfill_ldexp",  // Metal's ldexp takes an integer exponent, HLSL's a float
    "polyfill_bitfields",  // struct bit fields: shifts and masks on the storage unit
    "split_stage_io",
    "merge_builtin_arrays",
    "flat_integer_varyings",
    "bools_in_buffers",
};

}  // namespace

std::span<const std::string_view> raise_list() { return kRaiseList; }

bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed) {
    return raise::run_for_backend(m, kRaiseList, options, diags, printed, support::DiagCode::msl_not_supported,
                                  [](const std::string& refusal) { return "MSL does not support " + refusal + ". Compile this shader for SPIR-V only."; });
}

}  // namespace oneshader::msl
