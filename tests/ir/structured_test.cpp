// ir::StructuredConstructs on IR text: which construct holds each block, where its breaks and
// continues go, nesting depth, and structural dominance (an outer loop's continue block after an
// `if (c) continue;` is not part of the `if`).
#include "ir/structured.hpp"
#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

// for (...) { if (c) continue; switch (x) { case 0: for (...) {} break; default: break; } }
const char* kNested = R"(func @f(%arg0: int) -> void {
bb0:
  %0 = eq %arg0, 0:int : bool
  br bb1
bb1: ; loop merge=bb10 continue=bb9
  br bb2
bb2: ; selection merge=bb3
  cond_br %0, bb9, bb3
bb3: ; selection merge=bb8
  switch %arg0 default bb8 [0: bb4]
bb4:
  br bb5
bb5: ; loop merge=bb7 continue=bb6
  br bb6
bb6:
  cond_br %0, bb5, bb7
bb7:
  br bb8
bb8:
  br bb9
bb9:
  br bb1
bb10:
  ret
}
)";

TEST_CASE("structured constructs: enclosing constructs, breaks, loops and depth", "[ir][structured]") {
    IrFixture f;
    f.parse(kNested);
    REQUIRE(verify(f.module) == std::vector<std::string>{});
    StructuredConstructs sc(*f.module.functions[0]);
    REQUIRE(sc.has_constructs());
    // Per block: enclosing, innermost breakable, innermost loop, depth.
    const std::uint32_t none = kNoBlock;
    const std::uint32_t want[11][4] = {
        {none, none, none, 0},  // bb0
        {none, none, none, 0},  // bb1: the outer loop
        {1, 1, 1, 1},           // bb2: the if, in the loop
        {1, 1, 1, 1},           // bb3: the switch, after the if's merge
        {3, 3, 1, 2},           // bb4: case 0
        {3, 3, 1, 2},           // bb5: the inner loop, in the case
        {5, 5, 5, 3},           // bb6: its continue block
        {3, 3, 1, 2},           // bb7: the inner loop's merge, back in the switch
        {1, 1, 1, 1},           // bb8: the switch's merge
        {1, 1, 1, 1},           // bb9: the outer continue block: in the loop, not in the if
        {none, none, none, 0},  // bb10: the outer merge
    };
    for (std::uint32_t b = 0; b < 11; ++b) {
        INFO("bb" << b);
        CHECK(sc.enclosing(b) == want[b][0]);
        CHECK(sc.innermost_breakable(b) == want[b][1]);
        CHECK(sc.innermost_loop(b) == want[b][2]);
        CHECK(sc.depth(b) == want[b][3]);
    }
    CHECK(sc.is_loop(1));
    CHECK(sc.is_switch(3));
    CHECK_FALSE(sc.is_breakable(2));
    CHECK(sc.merge(3) == 8);
    CHECK(sc.continue_target(5) == 6);
    CHECK(sc.innermost(2) == 2);
    CHECK(sc.innermost(4) == 3);
    CHECK(sc.inside(2, 2));
    CHECK_FALSE(sc.inside(2, 9));  // structural dominance: bb1's edge to bb9 goes around the if
    CHECK(sc.continue_construct_of(6) == 5);
    CHECK(sc.continue_construct_of(9) == 1);
    CHECK(sc.continue_construct_of(8) == none);
}

TEST_CASE("structured constructs: a function without headers has none", "[ir][structured]") {
    IrFixture f;
    f.parse("func @g() -> void {\nbb0:\n  br bb1\nbb1:\n  ret\n}\n");
    StructuredConstructs sc(*f.module.functions[0]);
    CHECK_FALSE(sc.has_constructs());
    CHECK(sc.enclosing(1) == kNoBlock);
    CHECK_FALSE(sc.is_header(0));
    CHECK_FALSE(sc.inside(0, 1));
    CHECK(sc.innermost_breakable(7) == kNoBlock);  // out of range is not a crash
}

}  // namespace
}  // namespace oneshader::ir::test
