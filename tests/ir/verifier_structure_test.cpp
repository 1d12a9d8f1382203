// The structured-control-flow rules of the verifier (verifier_structure.cpp): each rule broken by
// one IR text gives its message, and structured IR of every shape the backends rebuild passes.
#include <algorithm>

#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

std::string all_of(const std::vector<std::string>& messages) {
    std::string all;
    for (const std::string& m : messages) all += m + "\n";
    return all;
}

void expect(const std::string& text, const std::string& message) {
    std::vector<std::string> messages = verify_text(text);
    INFO("messages:\n" << all_of(messages));
    CHECK(std::find(messages.begin(), messages.end(), message) != messages.end());
}

void expect_valid(const std::string& text) {
    INFO(text);
    CHECK(all_of(verify_text(text)) == "");
}

// A function taking an int; the body may test %c, which is `%arg0 == 0`.
std::string fn(const std::string& body) {
    return "func @f(%arg0: int) -> void {\nbb0:\n  %0 = eq %arg0, 0:int : bool\n" + body + "}\n";
}

TEST_CASE("verifier structure: a header dominates its merge block", "[ir][verifier]") {
    expect(fn("  cond_br %0, bb1, bb3\n"
              "bb1: ; selection merge=bb3\n  cond_br %0, bb2, bb3\n"
              "bb2:\n  br bb3\n"
              "bb3:\n  ret\n"),
           "@f bb1: the header does not dominate its merge block bb3");
}

TEST_CASE("verifier structure: no two headers share a merge block", "[ir][verifier]") {
    expect(fn("  br bb1\n"
              "bb1: ; selection merge=bb4\n  cond_br %0, bb2, bb4\n"
              "bb2: ; selection merge=bb4\n  cond_br %0, bb3, bb4\n"
              "bb3:\n  br bb4\n"
              "bb4:\n  ret\n"),
           "@f bb4: the merge block of both bb1 and bb2");
}

TEST_CASE("verifier structure: constructs nest, each entered only at its header", "[ir][verifier]") {
    // The selection's merge block is after the loop, so the loop's merge branches into the loop.
    expect(fn("  br bb1\n"
              "bb1: ; loop merge=bb4 continue=bb3\n  br bb2\n"
              "bb2: ; selection merge=bb5\n  cond_br %0, bb3, bb4\n"
              "bb3:\n  br bb1\n"
              "bb4:\n  br bb5\n"
              "bb5:\n  ret\n"),
           "@f bb4: the branch to bb5 enters the construct of bb1 other than through its header");
}

TEST_CASE("verifier structure: a branch out of a construct goes to a merge, break or continue target", "[ir][verifier]") {
    expect(fn("  br bb1\n"
              "bb1: ; selection merge=bb5\n  cond_br %0, bb2, bb5\n"
              "bb2: ; selection merge=bb4\n  cond_br %0, bb3, bb4\n"
              "bb3:\n  br bb5\n"
              "bb4:\n  br bb5\n"
              "bb5:\n  ret\n"),
           "@f bb3: the branch to bb5 leaves the construct of bb2 but goes to no merge, break or continue target");
    // Out of an inner loop straight to the outer loop's continue block (which the CFG's
    // dominance alone would put inside the inner loop).
    expect(fn("  br bb1\n"
              "bb1: ; loop merge=bb7 continue=bb6\n  br bb2\n"
              "bb2: ; loop merge=bb5 continue=bb4\n  br bb3\n"
              "bb3:\n  cond_br %0, bb4, bb6\n"
              "bb4:\n  br bb2\n"
              "bb5:\n  br bb6\n"
              "bb6:\n  br bb1\n"
              "bb7:\n  ret\n"),
           "@f bb3: the branch to bb6 leaves the construct of bb2 but goes to no merge, break or continue target");
}

TEST_CASE("verifier structure: only a loop's continue construct branches back to its header", "[ir][verifier]") {
    expect(fn("  br bb1\n"
              "bb1: ; loop merge=bb4 continue=bb3\n  br bb2\n"
              "bb2:\n  cond_br %0, bb1, bb3\n"
              "bb3:\n  br bb1\n"
              "bb4:\n  ret\n"),
           "@f bb2: branches back to the loop header bb1 from outside its continue construct");
    expect(fn("  br bb1\n"
              "bb1:\n  cond_br %0, bb1, bb2\n"
              "bb2:\n  ret\n"),
           "@f bb1: branches back to bb1, which is not a loop header");
}

TEST_CASE("verifier structure: the continue block is in the loop and branches back", "[ir][verifier]") {
    expect(fn("  cond_br %0, bb1, bb2\n"
              "bb1: ; loop merge=bb3 continue=bb2\n  br bb2\n"
              "bb2:\n  br bb1\n"
              "bb3:\n  ret\n"),
           "@f bb1: the continue block bb2 is not in the loop's construct");
    expect(fn("  br bb1\n"
              "bb1: ; loop merge=bb3 continue=bb2\n  br bb2\n"
              "bb2:\n  br bb3\n"
              "bb3:\n  ret\n"),
           "@f bb1: no block of the continue construct branches back to the header");
}

TEST_CASE("verifier structure: switches have headers and unmarked two-way branches jump", "[ir][verifier]") {
    expect(fn("  switch %arg0 default bb1 [1: bb2]\n"
              "bb1:\n  ret\n"
              "bb2:\n  ret\n"),
           "@f bb0: a switch needs a selection header");
    expect(fn("  cond_br %0, bb1, bb2\n"
              "bb1:\n  br bb3\n"
              "bb2:\n  br bb3\n"
              "bb3:\n  ret\n"),
           "@f bb0: a cond_br outside a selection header needs a merge, break, continue or back edge as a target");
}

TEST_CASE("verifier structure: structured IR of every shape passes", "[ir][verifier]") {
    // if/else with a phi, then a loop with `if (c) continue; if (c) break;` and a do-while test in
    // its continue block, a nested loop, and a switch with fall-through, a default and a break out
    // of the loop from one of its cases.
    expect_valid(fn("  br bb1\n"
                    "bb1: ; selection merge=bb4\n  cond_br %0, bb2, bb3\n"
                    "bb2:\n  br bb4\n"
                    "bb3:\n  br bb4\n"
                    "bb4:\n  %1 = phi [1:int, bb2], [2:int, bb3] : int\n  br bb5\n"
                    "bb5: ; loop merge=bb16 continue=bb15\n  br bb6\n"
                    "bb6: ; selection merge=bb7\n  cond_br %0, bb15, bb7\n"
                    "bb7:\n  cond_br %0, bb16, bb8\n"
                    "bb8: ; loop merge=bb10 continue=bb9\n  br bb9\n"
                    "bb9:\n  cond_br %0, bb8, bb10\n"
                    "bb10: ; selection merge=bb14\n  switch %1 default bb13 [1: bb11, 2: bb12, 3: bb16]\n"
                    "bb11:\n  br bb12\n"
                    "bb12:\n  br bb14\n"
                    "bb13:\n  br bb15\n"
                    "bb14:\n  br bb15\n"
                    "bb15:\n  cond_br %0, bb5, bb16\n"
                    "bb16:\n  ret\n"));
    // A selection whose arms both return has an unreachable merge.
    expect_valid(fn("  br bb1\n"
                    "bb1: ; selection merge=bb4\n  cond_br %0, bb2, bb3\n"
                    "bb2:\n  ret\n"
                    "bb3:\n  kill\n"
                    "bb4:\n  unreachable\n"));
}

}  // namespace
}  // namespace oneshader::ir::test
