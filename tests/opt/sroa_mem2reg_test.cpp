// sroa and mem2reg on IR text fixtures.
#include "opt_fixture.hpp"

namespace oneshader::opt::test {
namespace {

TEST_CASE("sroa splits a struct variable into one variable per member", "[opt][sroa]") {
    check_pass("sroa", R"(struct Light { position: float3, intensity: float }

func @f(%arg0: float3, %arg1: float) -> float {
bb0:
  %0 = alloca : ptr<function, Light> ; light
  %1 = access %0, 0:int : ptr<function, float3>
  store %1, %arg0
  %2 = access %0, 1:int : ptr<function, float>
  store %2, %arg1
  %3 = access %0, 0:int, 1:int : ptr<function, float>
  %4 = load %3 : float
  %5 = load %2 : float
  %6 = mul %4, %5 : float
  ret %6
}
)",
               R"(func @f(%arg0: float3, %arg1: float) -> float {
bb0:
  %0 = alloca : ptr<function, float3> ; light.0
  %1 = alloca : ptr<function, float> ; light.1
  store %0, %arg0
  store %1, %arg1
  %2 = access %0, 1:int : ptr<function, float>
  %3 = load %2 : float
  %4 = load %1 : float
  %5 = mul %3, %4 : float
  ret %5
}
)");
}

TEST_CASE("sroa splits whole loads and stores of a small array and leaves dynamic indexing alone", "[opt][sroa]") {
    check_pass("sroa", R"(func @f(%arg0: int[2], %arg1: int) -> int {
bb0:
  %0 = alloca : ptr<function, int[2]> ; fixed
  %1 = alloca : ptr<function, int[2]> ; dynamic
  store %0, %arg0
  %2 = access %0, 1:int : ptr<function, int>
  %3 = load %2 : int
  store %1, %arg0
  %4 = access %1, %arg1 : ptr<function, int>
  %5 = load %4 : int
  %6 = add %3, %5 : int
  ret %6
}
)",
               R"(func @f(%arg0: int[2], %arg1: int) -> int {
bb0:
  %0 = alloca : ptr<function, int> ; fixed.0
  %1 = alloca : ptr<function, int> ; fixed.1
  %2 = alloca : ptr<function, int[2]> ; dynamic
  %3 = extract %arg0 [0] : int
  store %0, %3
  %4 = extract %arg0 [1] : int
  store %1, %4
  %5 = load %1 : int
  store %2, %arg0
  %6 = access %2, %arg1 : ptr<function, int>
  %7 = load %6 : int
  %8 = add %5, %7 : int
  ret %8
}
)");
}

TEST_CASE("mem2reg promotes variables on a diamond, a loop, vector components and never-written reads", "[opt][mem2reg]") {
    check_pass("mem2reg", R"(func @diamond(%arg0: bool, %arg1: int) -> int {
bb0: ; selection merge=bb3
  %0 = alloca : ptr<function, int> ; x
  %1 = alloca : ptr<function, int> ; unused_after
  store %0, %arg1
  cond_br %arg0, bb1, bb2
bb1:
  %2 = add %arg1, 1:int : int
  store %0, %2
  store %1, %2
  br bb3
bb2:
  store %1, 0:int
  br bb3
bb3:
  %3 = load %0 : int
  ret %3
}

func @loop(%arg0: int) -> int {
bb0:
  %0 = alloca : ptr<function, int> ; sum
  %1 = alloca : ptr<function, int> ; i
  store %0, 0:int
  store %1, 0:int
  br bb1
bb1: ; loop merge=bb5 continue=bb4
  br bb2
bb2:
  %2 = load %1 : int
  %3 = lt %2, %arg0 : bool
  cond_br %3, bb3, bb5
bb3:
  %4 = load %0 : int
  %5 = add %4, %2 : int
  store %0, %5
  br bb4
bb4:
  %6 = load %1 : int
  %7 = add %6, 1:int : int
  store %1, %7
  br bb1
bb5:
  %8 = load %0 : int
  ret %8
}

func @vec(%arg0: float) -> float4 {
bb0:
  %0 = alloca : ptr<function, float4> ; v
  store %0, zero:float4
  %1 = access %0, 2:int : ptr<function, float>
  store %1, %arg0
  %2 = load %0 : float4
  ret %2
}

func @never_written() -> int {
bb0:
  %0 = alloca : ptr<function, int>
  %1 = load %0 : int
  ret %1
}
)",
               R"(func @diamond(%arg0: bool, %arg1: int) -> int {
bb0: ; selection merge=bb3
  cond_br %arg0, bb1, bb2
bb1:
  %0 = add %arg1, 1:int : int
  br bb3
bb2:
  br bb3
bb3:
  %1 = phi [%0, bb1], [%arg1, bb2] : int ; x
  ret %1
}

func @loop(%arg0: int) -> int {
bb0:
  br bb1
bb1: ; loop merge=bb5 continue=bb4
  %0 = phi [0:int, bb0], [%3, bb4] : int ; sum
  %1 = phi [0:int, bb0], [%4, bb4] : int ; i
  br bb2
bb2:
  %2 = lt %1, %arg0 : bool
  cond_br %2, bb3, bb5
bb3:
  %3 = add %0, %1 : int
  br bb4
bb4:
  %4 = add %1, 1:int : int
  br bb1
bb5:
  ret %0
}

func @vec(%arg0: float) -> float4 {
bb0:
  %0 = insert zero:float4, %arg0 [2] : float4
  ret %0
}

func @never_written() -> int {
bb0:
  ret undef:int
}
)");
}

}  // namespace
}  // namespace oneshader::opt::test
