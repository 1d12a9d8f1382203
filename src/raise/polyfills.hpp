#pragma once
// Polyfills: target-neutral rewrites of intrinsics that a backend has no instruction for into
// other IR. Each is an IR transform of its own, in its own file with its contract at the top; a
// backend's raise list (spirv/raise.cpp, and the MSL and WGSL lists when they come) runs the ones
// its target needs, after the optimizer and before printing. Each keeps the call's result value (its name, its users) and the module
// valid for the IR verifier; none depends on a target.
#include "ir/module.hpp"
#include "raise/transform.hpp"

namespace oneshader::raise {

// A component-wise intrinsic call on R x C matrices (R, C >= 2) becomes one call per row and a
// construct of the rows.
TransformResult split_matrix_calls(ir::Module& module);
// sign(x) answering in int@T becomes sign(x) in T, converted to int@T.
TransformResult polyfill_sign(ir::Module& module);
// saturate(x) becomes clamp(x, 0, 1).
TransformResult polyfill_saturate(ir::Module& module);
// rcp(x) becomes 1 / x.
TransformResult polyfill_rcp(ir::Module& module);
// log10(x) becomes log2(x) * log10(2).
TransformResult polyfill_log10(ir::Module& module);
// mad(a, b, c) becomes fma(a, b, c) for floats, a * b + c for integers.
TransformResult polyfill_mad(ir::Module& module);
// ldexp(x, e) becomes x * exp2(e).
TransformResult polyfill_ldexp(ir::Module& module);
// isfinite(x) becomes !(isnan(x) || isinf(x)).
TransformResult polyfill_isfinite(ir::Module& module);
// fmod(x, y) becomes the float remainder of x by y (sign of x).
TransformResult polyfill_fmod(ir::Module& module);
// lit(n_dot_l, n_dot_h, m) becomes its float4 of max, pow and a select.
TransformResult polyfill_lit(ir::Module& module);
// dst(a, b) becomes (1, a.y * b.y, a.z, b.w).
TransformResult polyfill_dst(ir::Module& module);
// pack_u8/_s8/_clamp_u8/_clamp_s8 become shifts, masks and clamps into a uint.
TransformResult polyfill_pack(ir::Module& module);
// unpack_u8u32/_u8u16/_s8s32/_s8s16 become the four bytes, zero- or sign-extended.
TransformResult polyfill_unpack(ir::Module& module);
// dot4add_u8packed/_i8packed become the four byte products added to the accumulator.
TransformResult polyfill_dot4add(ir::Module& module);
// msad4 becomes its masked sums of absolute byte differences.
TransformResult polyfill_msad4(ir::Module& module);
// D3DCOLORtoUBYTE4(c) becomes int4(c.zyxw * 255.002).
TransformResult polyfill_d3dcolor(ir::Module& module);
// dot2add(a, b, acc) becomes float(dot(a, b)) + acc.
TransformResult polyfill_dot2add(ir::Module& module);
// isnormal(x) becomes abs(x) >= the smallest normal && !isinf(x).
TransformResult polyfill_isnormal(ir::Module& module);
// bitfield_extract and bitfield_insert become shifts and masks: every one, or (the wide variant)
// those whose integer is not 32 bits wide.
TransformResult polyfill_bitfields(ir::Module& module);
TransformResult polyfill_wide_bitfields(ir::Module& module);
// No bit field the variant would rewrite: idle.
bool polyfill_bitfields_idle(const ir::Module& module);
bool polyfill_wide_bitfields_idle(const ir::Module& module);

}  // namespace oneshader::raise
