// The whole pipeline on realistic functions, with the verifier after every pass.
#include "opt_fixture.hpp"

namespace oneshader::opt::test {
namespace {

TEST_CASE("the pipeline flattens a pixel shader wrapper, its body and an out-parameter helper, and drops what it inlined", "[opt][pipeline]") {
    check_optimize(R"(struct PSInput { uv: float2, color: float4 }
struct CB { tint: float4, use_tint: int }

%g0 = global input float2 location(0) ; in.var.TEXCOORD0
%g1 = global input float4 location(1) ; in.var.COLOR0
%g2 = global output float4 location(0) ; out.var.SV_Target0
%g3 = global uniform ConstantBuffer<CB> set(0) binding(0) ; cb
%g4 = global uniform_constant Texture2D<float4> set(0) binding(1) ; tex
%g5 = global uniform_constant SamplerState set(0) binding(2) ; samp

func @shade(%arg0: float4, %arg1: ptr<function, float4>) -> void { ; c, out
bb0:
  %0 = access %g3, 1:int : ptr<uniform, int>
  %1 = load %0 : int
  %2 = ne %1, 0:int : bool
  br bb1
bb1: ; selection merge=bb3
  cond_br %2, bb2, bb3
bb2:
  %3 = access %g3, 0:int : ptr<uniform, float4>
  %4 = load %3 : float4
  %5 = mul %arg0, %4 : float4
  store %arg1, %5
  ret
bb3:
  store %arg1, %arg0
  ret
}

func @main_body(%arg0: PSInput) -> float4 { ; input
bb0:
  %0 = alloca : ptr<function, PSInput> ; input
  %1 = alloca : ptr<function, float4> ; result
  store %0, %arg0
  %2 = access %0, 0:int : ptr<function, float2>
  %3 = load %2 : float2
  %4 = sample %g4, %g5, %3 : float4
  %5 = access %0, 1:int : ptr<function, float4>
  %6 = load %5 : float4
  %7 = mul %4, %6 : float4
  %8 = mul %7, float4{1.0, 1.0, 1.0, 1.0} : float4
  call @shade(%8, %1)
  %9 = load %1 : float4
  ret %9
}

func @main() -> void {
bb0:
  %0 = alloca : ptr<function, PSInput> ; input
  %1 = load %g0 : float2
  %2 = access %0, 0:int : ptr<function, float2>
  store %2, %1
  %3 = load %g1 : float4
  %4 = access %0, 1:int : ptr<function, float4>
  store %4, %3
  %5 = load %0 : PSInput
  %6 = call @main_body(%5) : float4
  store %g2, %6
  ret
}

entry pixel @main inputs(%g0, %g1) outputs(%g2)
)",
               R"(struct CB { tint: float4, use_tint: int }

%g0 = global input float2 location(0) ; in.var.TEXCOORD0
%g1 = global input float4 location(1) ; in.var.COLOR0
%g2 = global output float4 location(0) ; out.var.SV_Target0
%g3 = global uniform ConstantBuffer<CB> set(0) binding(0) ; cb
%g4 = global uniform_constant Texture2D<float4> set(0) binding(1) ; tex
%g5 = global uniform_constant SamplerState set(0) binding(2) ; samp

func @main() -> void {
bb0:
  %0 = load %g0 : float2
  %1 = load %g1 : float4
  %2 = sample %g4, %g5, %0 : float4
  %3 = mul %2, %1 : float4
  br bb1
bb1: ; loop merge=bb7 continue=bb6 (inline.shade)
  br bb2
bb2:
  %4 = access %g3, 1:int : ptr<uniform, int>
  %5 = load %4 : int
  %6 = ne %5, 0:int : bool
  br bb3
bb3: ; selection merge=bb5
  cond_br %6, bb4, bb5
bb4:
  %7 = access %g3, 0:int : ptr<uniform, float4>
  %8 = load %7 : float4
  %9 = mul %3, %8 : float4
  br bb7
bb5:
  br bb7
bb6:
  br bb1
bb7:
  %10 = phi [%9, bb4], [%3, bb5] : float4 ; result
  store %g2, %10
  ret
}

entry pixel @main inputs(%g0, %g1) outputs(%g2)
)");
}

TEST_CASE("the pipeline promotes a compute loop, inlines a switch helper and removes a constant-false branch", "[opt][pipeline]") {
    check_optimize(R"(%g0 = global input uint3 builtin(global_invocation_id) ; id
%g1 = global storage RWStructuredBuffer<float> set(0) binding(0) ; data

func @weight(%arg0: int) -> float {
bb0: ; selection merge=bb3
  switch %arg0 default bb2 [0: bb1]
bb1:
  ret 0.5:float
bb2:
  br bb3
bb3:
  ret 0.25:float
}

func @main() -> void {
bb0:
  %0 = alloca : ptr<function, float> ; acc
  %1 = alloca : ptr<function, int> ; i
  %2 = alloca : ptr<function, bool> ; debug
  store %2, false:bool
  store %0, 0.0:float
  store %1, 0:int
  br bb1
bb1: ; loop merge=bb5 continue=bb4 hint=unroll
  br bb2
bb2:
  %3 = load %1 : int
  %4 = lt %3, 3:int : bool
  cond_br %4, bb3, bb5
bb3:
  %5 = call @weight(%3) : float
  %6 = load %0 : float
  %7 = add %6, %5 : float
  store %0, %7
  br bb4
bb4:
  %8 = load %1 : int
  %9 = add %8, 1:int : int
  store %1, %9
  br bb1
bb5: ; selection merge=bb7
  %10 = load %2 : bool
  cond_br %10, bb6, bb7
bb6:
  store %0, -1.0:float
  br bb7
bb7:
  %11 = load %g0 : uint3
  %12 = extract %11 [0] : uint
  %13 = access %g1, %12 : ptr<storage, float>
  %14 = load %0 : float
  %15 = mul %14, 2.0:float : float
  store %13, %15
  ret
}

entry compute @main workgroup_size(64, 1, 1) inputs(%g0)
)",
               R"(%g0 = global input uint3 builtin(global_invocation_id) ; id
%g1 = global storage RWStructuredBuffer<float> set(0) binding(0) ; data

func @main() -> void {
bb0:
  br bb1
bb1: ; loop merge=bb14 continue=bb13 hint=unroll
  %0 = phi [0.0:float, bb0], [%7, bb13] : float ; acc
  %1 = phi [0:int, bb0], [%8, bb13] : int ; i
  %2 = phi [undef:float, bb0], [%6, bb13] : float ; inline.result
  br bb2
bb2:
  %3 = lt %1, 3:int : bool
  cond_br %3, bb3, bb14
bb3:
  br bb4
bb4: ; loop merge=bb12 continue=bb11 (inline.weight)
  br bb5
bb5: ; selection merge=bb8
  switch %1 default bb7 [0: bb6]
bb6:
  br bb8
bb7:
  br bb8
bb8: ; selection merge=bb10
  %4 = phi [0.5:float, bb6], [%2, bb7] : float ; inline.result
  %5 = phi [true:bool, bb6], [false:bool, bb7] : bool ; inline.returned
  cond_br %5, bb9, bb10
bb9:
  br bb12
bb10:
  br bb12
bb11:
  br bb4
bb12:
  %6 = phi [%4, bb9], [0.25:float, bb10] : float ; inline.result
  %7 = add %0, %6 : float
  br bb13
bb13:
  %8 = add %1, 1:int : int
  br bb1
bb14:
  %9 = load %g0 : uint3
  %10 = extract %9 [0] : uint
  %11 = access %g1, %10 : ptr<storage, float>
  %12 = mul %0, 2.0:float : float
  store %11, %12
  ret
}

entry compute @main workgroup_size(64, 1, 1) inputs(%g0)
)");
}

TEST_CASE("the pipeline turns calls with selections into phis", "[opt][pipeline]") {
    check_optimize(R"(func @sq(%arg0: int) -> int {
bb0:
  %0 = mul %arg0, %arg0 : int
  ret %0
}

func @abs(%arg0: int) -> int {
bb0: ; selection merge=bb2
  %0 = lt %arg0, 0:int : bool
  cond_br %0, bb1, bb2
bb1:
  %1 = neg %arg0 : int
  ret %1
bb2:
  ret %arg0
}

func @main(%arg0: int) -> int {
bb0:
  %0 = call @sq(%arg0) : int
  %1 = call @abs(%0) : int
  %2 = add %0, %1 : int
  ret %2
}
)",
               R"(func @sq(%arg0: int) -> int {
bb0:
  %0 = mul %arg0, %arg0 : int
  ret %0
}

func @abs(%arg0: int) -> int {
bb0: ; selection merge=bb2
  %0 = lt %arg0, 0:int : bool
  cond_br %0, bb1, bb2
bb1:
  %1 = neg %arg0 : int
  ret %1
bb2:
  ret %arg0
}

func @main(%arg0: int) -> int {
bb0:
  %0 = mul %arg0, %arg0 : int
  br bb1
bb1: ; loop merge=bb6 continue=bb5 (inline.abs)
  br bb2
bb2: ; selection merge=bb4
  %1 = lt %0, 0:int : bool
  cond_br %1, bb3, bb4
bb3:
  %2 = neg %0 : int
  br bb6
bb4:
  br bb6
bb5:
  br bb1
bb6:
  %3 = phi [%2, bb3], [%0, bb4] : int ; inline.result
  %4 = add %0, %3 : int
  ret %4
}
)");
}

TEST_CASE("the pipeline simplifies a constant diamond and a dead loop exit", "[opt][pipeline]") {
    check_optimize(R"(func @f(%arg0: int) -> int {
bb0: ; selection merge=bb3
  cond_br true:bool, bb1, bb2
bb1:
  %0 = add %arg0, 1:int : int
  br bb3
bb2:
  %1 = add %arg0, 2:int : int
  br bb3
bb3:
  %2 = phi [%0, bb1], [%1, bb2] : int
  ret %2
}

func @sw(%arg0: int) -> int {
bb0: ; selection merge=bb4
  switch 2:int default bb3 [1: bb1, 2: bb2]
bb1:
  br bb4
bb2:
  br bb4
bb3:
  br bb4
bb4:
  %0 = phi [1:int, bb1], [2:int, bb2], [3:int, bb3] : int
  ret %0
}

func @loop(%arg0: int) -> int {
bb0:
  br bb1
bb1: ; loop merge=bb4 continue=bb3
  %0 = phi [0:int, bb0], [%1, bb3] : int
  br bb2
bb2:
  kill
bb3:
  %1 = add %0, 1:int : int
  br bb1
bb4:
  ret %arg0
bb5:
  ret 0:int
}
)",
               R"(func @f(%arg0: int) -> int {
bb0:
  %0 = add %arg0, 1:int : int
  ret %0
}

func @sw(%arg0: int) -> int {
bb0: ; selection merge=bb2
  switch 2:int default bb1 []
bb1:
  br bb2
bb2:
  ret 2:int
}

func @loop(%arg0: int) -> int {
bb0:
  br bb1
bb1: ; loop merge=bb4 continue=bb3
  br bb2
bb2:
  kill
bb3:
  br bb1
bb4:
  unreachable
}
)");
}

}  // namespace
}  // namespace oneshader::opt::test
