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

}  // namespace
}  // namespace oneshader::opt::test
