#pragma once
// The MSL backend's raise list: the IR transforms (src/raise/) that bring a module into the form
// msl::emit() prints, run in place on the whole module before any entry point is printed.
#include <span>
#include <string>
#include <string_view>

#include "ir/module.hpp"
#include "raise/transform.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::msl {

// verify_each: a module that does not verify is OSH7000; print_after (`--print-after=<name>`):
// dumps go to `printed`.
using RaiseOptions = raise::RunOptions;

// Why this order (the SPIR-V list, spirv/raise.cpp, gives the same reasons for the shared part):
// - the polyfills rewrite single calls in place and touch no variable, so they commute with
//   everything after them;
// - split_stage_io and merge_builtin_arrays touch disjoint variables; after them every user stage
//   variable is a scalar or vector, which is what a [[stage_in]] or output struct member can be,
//   and clip distances are one array, Metal's [[clip_distance]] member;
// - flat_integer_varyings follows them so that it sees the interface as printed ([[flat]]);
// - bools_in_buffers last of the variable rewrites: a Metal bool has no defined size in a buffer,
//   the spec's layout gives it 32 bits.
inline constexpr std::string_view kRaiseList[] = {
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

std::span<const std::string_view> raise_list();  // kRaiseList

// A construct the transforms refuse is OSH5101; false then (or after OSH7000), and the module must
// not be printed.
bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed);

}  // namespace oneshader::msl
