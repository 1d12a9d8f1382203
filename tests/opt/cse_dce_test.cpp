// cse and dce on IR text fixtures.
#include "opt_fixture.hpp"

namespace oneshader::opt::test {
namespace {

TEST_CASE("cse merges dominated pure instructions and read-only loads, not private loads, precise or siblings", "[opt][cse]") {
    check_pass("cse", R"(struct CB { scale: float4 }

%g0 = global uniform ConstantBuffer<CB> set(0) binding(0) ; cb
%g1 = global private float ; counter
%g2 = global input float4 location(0) ; color

func @f(%arg0: float, %arg1: bool) -> float {
bb0: ; selection merge=bb3
  %0 = mul %arg0, 2.0:float : float
  %1 = access %g0, 0:int : ptr<uniform, float4>
  %2 = load %1 : float4
  %3 = load %g1 : float
  %4 = load %g2 : float4
  %16 = add %arg0, 1.0:float : float
  cond_br %arg1, bb1, bb2
bb1:
  %5 = mul %arg0, 2.0:float : float
  %6 = access %g0, 0:int : ptr<uniform, float4>
  %7 = load %6 : float4
  %8 = load %g1 : float
  %9 = load %g2 : float4
  %10 = add %5, %8 : float
  %11 = add 1.0:float, %arg0 : float
  br bb3
bb2:
  %12 = add %arg0, 1.0:float : float
  %13 = mul precise %arg0, 2.0:float : float
  br bb3
bb3:
  %14 = add %arg0, 1.0:float : float
  %15 = intrinsic dot(%2, %4) : float
  ret %14
}
)",
               R"(struct CB { scale: float4 }

%g0 = global uniform ConstantBuffer<CB> set(0) binding(0) ; cb
%g1 = global private float ; counter
%g2 = global input float4 location(0) ; color

func @f(%arg0: float, %arg1: bool) -> float {
bb0: ; selection merge=bb3
  %0 = mul %arg0, 2.0:float : float
  %1 = access %g0, 0:int : ptr<uniform, float4>
  %2 = load %1 : float4
  %3 = load %g1 : float
  %4 = load %g2 : float4
  %5 = add %arg0, 1.0:float : float
  cond_br %arg1, bb1, bb2
bb1:
  %6 = load %g1 : float
  %7 = add %0, %6 : float
  br bb3
bb2:
  %8 = mul precise %arg0, 2.0:float : float
  br bb3
bb3:
  %9 = intrinsic dot(%2, %4) : float
  ret %5
}
)");
}

TEST_CASE("dce removes unused pure values, samples, phi cycles and stores nobody reads", "[opt][dce]") {
    check_pass("dce", R"(%g0 = global storage RWByteAddressBuffer set(0) binding(0) ; out
%g1 = global uniform_constant Texture2D<float4> set(0) binding(1) ; tex
%g2 = global uniform_constant SamplerState set(0) binding(2) ; samp

func @f(%arg0: float2, %arg1: int) -> void {
bb0:
  %0 = alloca : ptr<function, int[4]> ; written_only
  %1 = alloca : ptr<function, int> ; read
  %2 = access %0, %arg1 : ptr<function, int>
  store %2, 1:int
  store %1, %arg1
  %3 = sample %g1, %g2, %arg0 : float4
  %4 = intrinsic sin(%arg0) : float2
  %10 = access %g0, 0:uint : ptr<storage, uint>
  %5 = atomic add %10, 1:uint : uint
  %6 = load %1 : int
  %7 = convert %6 : uint
  byte_store %g0, 4:uint, %7
  br bb1
bb1: ; loop merge=bb3 continue=bb2
  %8 = phi [0:int, bb0], [%9, bb2] : int
  br bb2
bb2:
  %9 = add %8, 1:int : int
  br bb1
bb3:
  ret
}
)",
               R"(%g0 = global storage RWByteAddressBuffer set(0) binding(0) ; out
%g1 = global uniform_constant Texture2D<float4> set(0) binding(1) ; tex
%g2 = global uniform_constant SamplerState set(0) binding(2) ; samp

func @f(%arg0: float2, %arg1: int) -> void {
bb0:
  %0 = alloca : ptr<function, int> ; read
  store %0, %arg1
  %1 = access %g0, 0:uint : ptr<storage, uint>
  %2 = atomic add %1, 1:uint : uint
  %3 = load %0 : int
  %4 = convert %3 : uint
  byte_store %g0, 4:uint, %4
  br bb1
bb1: ; loop merge=bb3 continue=bb2
  br bb2
bb2:
  br bb1
bb3:
  ret
}
)");
}

}  // namespace
}  // namespace oneshader::opt::test
