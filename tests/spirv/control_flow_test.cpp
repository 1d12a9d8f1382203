// Structured control flow: loops over allocas and in SSA form, switches with fall-through and
// phis, selection hints, discard, unreachable merge blocks and function calls.
#include "spirv_fixture.hpp"

namespace oneshader::spirv::test {
namespace {

const char* kLoop = R"(%g0 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out

func @main() -> void {
bb0: ; (entry)
  %0 = alloca : ptr<function, int> ; sum
  %1 = alloca : ptr<function, int> ; i
  store %0, 0:int
  store %1, 0:int
  br bb1
bb1: ; loop merge=bb5 continue=bb4 hint=dontunroll (for.header)
  br bb2
bb2: ; (for.cond)
  %2 = load %1 : int
  %3 = lt %2, 10:int : bool
  cond_br %3, bb3, bb5
bb3: ; (for.body)
  %4 = load %0 : int
  %5 = add %4, %2 : int
  store %0, %5
  br bb4
bb4: ; (for.continue)
  %6 = load %1 : int
  %7 = add %6, 1:int : int
  store %1, %7
  br bb1
bb5: ; (for.end)
  %8 = load %0 : int
  %9 = access %g0, 0:uint : ptr<storage, int>
  store %9, %8
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)";

TEST_CASE("a loop over allocas gets OpLoopMerge with DontUnroll", "[spirv][cfg]") {
    Result r = compile_valid(kLoop);
    CHECK(contains(r.text, "OpLoopMerge"));
    CHECK(contains(r.text, "DontUnroll"));
    CHECK(count_of(r.text, "OpVariable %_ptr_Function_int Function") == 2);
    CHECK(contains(r.text, "OpBranchConditional"));
}

TEST_CASE("a loop in SSA form with phis and an unroll count", "[spirv][cfg]") {
    Result r = compile_valid(R"(%g0 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out

func @main() -> void {
bb0: ; (entry)
  br bb1
bb1: ; loop merge=bb4 continue=bb3 hint=unroll(4)
  %0 = phi [0:int, bb0], [%3, bb3] : int ; i
  %1 = phi [0:int, bb0], [%4, bb3] : int ; sum
  br bb2
bb2:
  %2 = lt %0, 8:int : bool
  cond_br %2, bb3, bb4
bb3:
  %3 = add %0, 1:int : int
  %4 = add %1, %0 : int
  br bb1
bb4:
  %5 = access %g0, 0:uint : ptr<storage, int>
  store %5, %1
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(count_of(r.text, "OpPhi") == 2);
    CHECK(contains(r.text, "PartialCount 4"));
}

TEST_CASE("a plain unroll hint is Unroll", "[spirv][cfg]") {
    Result r = compile_valid(R"(func @main() -> void {
bb0:
  br bb1
bb1: ; loop merge=bb3 continue=bb2 hint=unroll
  %0 = phi [0:int, bb0], [%1, bb2] : int
  br bb4
bb4:
  %2 = lt %0, 4:int : bool
  cond_br %2, bb2, bb3
bb2:
  %1 = add %0, 1:int : int
  br bb1
bb3:
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpLoopMerge %"));
    CHECK(contains(r.text, " Unroll\n"));
}

TEST_CASE("a switch with fall-through, shared targets and phis", "[spirv][cfg]") {
    Result r = compile_valid(R"(%g0 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out

func @main() -> void {
bb0: ; selection merge=bb4 (entry)
  %0 = access %g0, 1:uint : ptr<storage, int>
  %1 = load %0 : int
  switch %1 default bb3 [0: bb1, 1: bb2, -5: bb2]
bb1: ; (case0)
  %2 = add %1, 1:int : int
  br bb2
bb2:
  %3 = phi [%1, bb0], [%2, bb1] : int
  br bb4
bb3:
  br bb4
bb4:
  %4 = phi [%3, bb2], [0:int, bb3] : int ; result
  store %0, %4
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpSwitch"));
    CHECK(contains(r.text, "-5 %"));
    CHECK(contains(r.text, "OpSelectionMerge"));
}

TEST_CASE("selection hints become Flatten and DontFlatten, and discard is OpKill", "[spirv][cfg]") {
    Result r = compile_valid(R"(%g0 = global input float location(0) ; alpha
%g1 = global output float4 location(0) ; color

func @ps() -> void {
bb0: ; selection merge=bb2 hint=branch (entry)
  %0 = load %g0 : float
  %1 = lt %0, 0.5:float : bool
  cond_br %1, bb1, bb2
bb1: ; (discard)
  kill
bb2: ; selection merge=bb4 hint=flatten
  %2 = gt %0, 2.0:float : bool
  cond_br %2, bb3, bb4
bb3:
  br bb4
bb4:
  store %g1, float4{1.0, 1.0, 1.0, 1.0}
  ret
bb5: ; (dead)
  unreachable
}

entry pixel @ps inputs(%g0) outputs(%g1)
)");
    CHECK(contains(r.text, "OpKill"));
    CHECK(contains(r.text, "DontFlatten"));
    CHECK(contains(r.text, " Flatten\n"));
}

TEST_CASE("a loop that always returns keeps its unreachable merge and continue blocks", "[spirv][cfg]") {
    Result r = compile_valid(R"(func @main() -> void {
bb0:
  br bb1
bb1: ; loop merge=bb3 continue=bb2
  br bb4
bb4:
  ret
bb2:
  br bb1
bb3:
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpUnreachable"));
    CHECK(contains(r.text, "OpLoopMerge"));
}

TEST_CASE("blocks come in dominance order with merges after their constructs", "[spirv][cfg]") {
    // The merge block is listed first in the IR; SPIR-V needs it after the arms.
    Result r = compile_valid(R"(%g0 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out

func @main() -> void {
bb0: ; selection merge=bb1
  %0 = access %g0, 0:uint : ptr<storage, int>
  %1 = load %0 : int
  %2 = gt %1, 0:int : bool
  cond_br %2, bb2, bb3
bb1:
  %3 = phi [1:int, bb2], [2:int, bb3] : int
  store %0, %3
  ret
bb2:
  br bb1
bb3:
  br bb1
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(r.text.find("OpPhi") > r.text.find("OpBranchConditional"));
}

TEST_CASE("a called function becomes OpFunctionCall with a pointer to a local", "[spirv][cfg]") {
    Result r = compile_valid(R"(%g0 = global storage RWStructuredBuffer<float> set(0) binding(0) ; out

func @helper(%arg0: float, %arg1: ptr<function, float>) -> float { ; x, out_y
bb0:
  %0 = mul %arg0, 2.0:float : float
  store %arg1, %0
  ret %0
}

func @main() -> void {
bb0:
  %0 = alloca : ptr<function, float> ; y
  %1 = call @helper(3.0:float, %0) : float
  %2 = load %0 : float
  %3 = add %1, %2 : float
  %4 = access %g0, 0:uint : ptr<storage, float>
  store %4, %3
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpFunctionCall %float %helper"));
    CHECK(contains(r.text, "OpFunctionParameter"));
}

}  // namespace
}  // namespace oneshader::spirv::test
