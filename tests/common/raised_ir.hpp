#pragma once
// IR modules the raise list rewrites: tests/raise checks each rewrite as IR text, tests/spirv the
// SPIR-V the backend prints from it, so both read the same modules.

namespace oneshader::test_ir {

// Two clip-distance parts (a float2 written whole, then one component through an access chain,
// then read back) and one cull distance: merge_builtin_arrays makes float[3] and float[1].
inline constexpr const char* kClipCullDistances = R"(%g0 = global output float4 builtin(position) ; pos
%g1 = global output float2 builtin(clip_distance) ; clip0
%g2 = global output float builtin(clip_distance) ; clip1
%g3 = global output float builtin(cull_distance) ; cull0

func @main() -> void {
bb0:
  store %g0, float4{0.0, 0.0, 0.0, 1.0}
  store %g1, float2{1.0, 2.0}
  store %g2, 3.0:float
  %0 = access %g1, 1:int : ptr<output, float>
  store %0, 4.0:float
  %1 = load %g1 : float2 ; back
  %2 = extract %1 [0] : float
  store %g3, %2
  ret
}

entry vertex @main outputs(%g0, %g1, %g2, %g3)
)";

// A run-time index into a stage array: split_stage_io refuses it (OSH5002 in the SPIR-V backend).
inline constexpr const char* kDynamicStageIndex = R"(%g0 = global input float4[2] location(0) ; weights
%g1 = global input int location(2) interp(nointerpolation) ; which
%g2 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g1 : int
  %1 = access %g0, %0 : ptr<input, float4>
  %2 = load %1 : float4
  store %g2, %2
  ret
}

entry pixel @main inputs(%g0, %g1) outputs(%g2)
)";

// Bools in a structured buffer: loaded and stored whole, and one member loaded, negated and
// stored back; a float member beside them stays as it is. bools_in_buffers makes them uints.
inline constexpr const char* kBoolsInBuffer = R"(struct S { flag: bool, value: float, mask: bool2 }

%g0 = global storage RWStructuredBuffer<S> set(0) binding(0) ; items

func @main() -> void {
bb0:
  %0 = access %g0, 0:uint : ptr<storage, S>
  %1 = load %0 : S ; item
  %2 = access %g0, 1:uint : ptr<storage, S>
  store %2, %1
  %3 = access %g0, 2:uint, 0:int : ptr<storage, bool>
  %4 = load %3 : bool
  %5 = not %4 : bool
  store %3, %5
  %6 = access %g0, 2:uint, 1:int : ptr<storage, float>
  %7 = load %6 : float
  store %6, %7
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)";

}  // namespace oneshader::test_ir
