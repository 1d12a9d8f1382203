#pragma once
// The WGSL raise list: the target-neutral transforms of src/raise/ the WGSL printer needs, run in
// place on the optimized module before any entry point is printed.
#include <span>
#include <string>
#include <string_view>

#include "ir/module.hpp"
#include "raise/transform.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::wgsl {

// verify_each: a module that does not verify is OSH7000; print_after (`--print-after=<name>`):
// dumps go to `printed`.
using RaiseOptions = raise::RunOptions;

// Why this order:
// - the polyfills rewrite single calls in place and touch no variable, so they commute with
//   everything after them;
// - split_stage_io before flat_integer_varyings: the split copies interpolation bits to its
//   pieces, and the flat marks are then set on what the printer declares;
// - bools_in_buffers touches only buffer memory, which the two above never do;
// - no merge_builtin_arrays: WGSL has no clip or cull distances (the printer refuses them) and
//   its sample mask is a plain u32.
inline constexpr std::string_view kRaiseList[] = {
    "refuse_per_vertex_inputs",  // GetAttributeAtVertex: no per-vertex reads (first: it rewrites nothing)
    "split_matrix_calls", // component-wise intrinsics on matrices run row by row
    "polyfill_lit",       // no lighting helpers: max, pow and a select
    "polyfill_dst",
    "polyfill_pack",      // SM 6.6 byte packing: shifts, masks and clamps
    "polyfill_unpack",
    "polyfill_msad4",     // masked sums of absolute byte differences
    "polyfill_d3dcolor",  // D3DCOLORtoUBYTE4: a swizzle, a scale and a conversion
    "polyfill_dot2add",   // dot in half, added in float
    "polyfill_isnormal",  // abs, a comparison and isinf
    "polyfill_dot4add",   // byte products added up
    "polyfill_sign",      // WGSL's sign answers in the operand's type, HLSL in int
    "polyfill_rcp",       // no rcp
    "polyfill_log10",     // no log10
    "polyfill_mad",       // fma for floats, a * b + c for integers
    "polyfill_ldexp",     // WGSL's ldexp takes an i32 exponent, HLSL a float
    "polyfill_isfinite",  // no isfinite (isnan and isinf are bit tests in the printer)
    "polyfill_bitfields",  // struct bit fields: shifts and masks on the storage unit
    "split_stage_io",
    "flat_integer_varyings",
    "bools_in_buffers",
};

std::span<const std::string_view> raise_list();  // kRaiseList

bool raise(ir::Module& m, const RaiseOptions& options, support::DiagnosticEngine& diags, std::string& printed);

}  // namespace oneshader::wgsl
