// simplify_cfg on IR text fixtures.
#include "opt_fixture.hpp"

namespace oneshader::opt::test {
namespace {

TEST_CASE("simplify_cfg folds constant branches and switches, drops unreachable blocks and keeps live merges and continues", "[opt][cfg]") {
    check_pass("simplify_cfg", R"(func @f(%arg0: int) -> int {
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
  %0 = phi [2:int, bb1] : int
  ret %0
}

func @loop(%arg0: int) -> int {
bb0:
  br bb1
bb1: ; loop merge=bb4 continue=bb3
  %0 = phi [0:int, bb0], [undef:int, bb3] : int
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

TEST_CASE("simplify_cfg: a loop a constant condition never enters keeps its continue block, with undef for the header's phis", "[opt][cfg]") {
    // `for (uint d = 4; d = 0; d >>= 1) offset *= 2;`: the body goes, the continue block stays (its
    // header names it) and is unreachable. Its phi entry named the removed body's value, an
    // operand outside the function (found by single-byte mutations of corpus HLSL, OSH7000 with
    // --verify-ir); it takes undef now.
    check_pass("simplify_cfg", R"(%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; Out

func @f() -> void {
bb0:
  br bb1
bb1: ; loop merge=bb5 continue=bb4
  %0 = phi [1:uint, bb0], [%1, bb4] : uint ; offset
  br bb2
bb2:
  cond_br false:bool, bb3, bb5
bb3:
  %1 = mul %0, 2:uint : uint
  br bb4
bb4:
  br bb1
bb5:
  %2 = access %g0, 0:uint : ptr<storage, uint>
  store %2, %0
  ret
}
)",
               R"(%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; Out

func @f() -> void {
bb0:
  br bb1
bb1: ; loop merge=bb4 continue=bb3
  %0 = phi [1:uint, bb0], [undef:uint, bb3] : uint ; offset
  br bb2
bb2:
  br bb4
bb3:
  br bb1
bb4:
  %1 = access %g0, 0:uint : ptr<storage, uint>
  store %1, %0
  ret
}
)");
}

}  // namespace
}  // namespace oneshader::opt::test
