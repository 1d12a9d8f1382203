// The structurizer on IR text fixtures: each control-flow shape the backends print, as the
// statement tree's dump.
#include "../ir/ir_fixture.hpp"
#include "textgen/stmt_dump.hpp"
#include "textgen/structure_cache.hpp"
#include "textgen/structurize.hpp"

namespace oneshader::textgen::test {
namespace {

using ir::test::IrFixture;

// The dump of the tree of the first function of `text`, which must verify.
std::string tree(const std::string& text) {
    IrFixture f;
    f.parse(text);
    INFO(text);
    std::string problems;
    for (const std::string& p : ir::verify(f.module)) problems += p + "\n";
    REQUIRE(problems == "");
    StructurizeResult r = structurize(*f.module.functions[0], f.arena);
    REQUIRE(r.error == "");
    REQUIRE(r.function);
    return dump(*r.function);
}

std::string fn(const std::string& body) {
    return "func @f(%arg0: int, %arg1: ptr<function, int>) -> void {\nbb0:\n  %0 = eq %arg0, 0:int : bool\n" + body + "}\n";
}

TEST_CASE("structurize: an if without else, its condition inlined", "[textgen][structurize]") {
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; selection merge=bb3\n  %1 = lt %arg0, 4:int : bool\n  cond_br %1, bb2, bb3\n"
                  "bb2:\n  store %arg1, 1:int\n  br bb3\n"
                  "bb3:\n  ret\n")) ==
          "let %0 = eq\n"
          "inline %1 = lt\n"
          "if %1 {\n"
          "    effect store\n"
          "}\n"
          "return\n");
}

TEST_CASE("structurize: if/else with a phi assigned in each arm", "[textgen][structurize]") {
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; selection merge=bb4\n  cond_br %0, bb2, bb3\n"
                  "bb2:\n  %1 = add %arg0, 1:int : int\n  br bb4\n"
                  "bb3:\n  br bb4\n"
                  "bb4:\n  %2 = phi [%1, bb2], [7:int, bb3] : int\n  store %arg1, %2\n  ret\n")) ==
          "let %0 = eq\n"
          "if %0 {\n"
          "    let %1 = add\n"
          "    %2 <- %1\n"
          "} else {\n"
          "    %2 <- 7:int\n"
          "}\n"
          "effect store\n"
          "return\n");
}

TEST_CASE("structurize: a value used twice, or across a side effect, is a let", "[textgen][structurize]") {
    CHECK(tree(fn("  %1 = load %arg1 : int\n  store %arg1, 3:int\n  %2 = add %1, 1:int : int\n"
                  "  %3 = mul %2, %2 : int\n  store %arg1, %3\n  ret\n")) ==
          "let %0 = eq\n"
          "let %1 = load\n"
          "effect store\n"
          "let %2 = add\n"
          "inline %3 = mul\n"
          "effect store\n"
          "return\n");
}

TEST_CASE("structurize: an inlined expression is at most 32 values deep", "[textgen][structurize]") {
    // A chain of 100 single-use adds: inlined whole, it would nest 100 deep in the printed text and
    // the printers' recursion would follow it. Every 32nd add from the chain's start is a let.
    std::string body = "  %1 = add %arg0, 1:int : int\n";
    for (int k = 2; k <= 100; ++k) body += "  %" + std::to_string(k) + " = add %" + std::to_string(k - 1) + ", 1:int : int\n";
    body += "  store %arg1, %100\n  ret\n";
    std::string expected = "let %0 = eq\n";
    for (int k = 1; k <= 100; ++k) expected += (k % 33 == 0 ? "let %" : "inline %") + std::to_string(k) + " = add\n";
    expected += "effect store\nreturn\n";
    CHECK(tree(fn(body)) == expected);
    // An add of two inlined operands is as deep as its deeper one: a shallow %1 beside a chain of
    // 32 makes the 33rd level, which is a let.
    std::string wide = "  %1 = add %arg0, 1:int : int\n  %2 = add %arg0, 2:int : int\n";
    for (int k = 3; k <= 33; ++k) wide += "  %" + std::to_string(k) + " = add %" + std::to_string(k - 1) + ", 1:int : int\n";
    wide += "  %34 = add %33, %1 : int\n  store %arg1, %34\n  ret\n";
    std::string wide_expected = "let %0 = eq\n";
    for (int k = 1; k <= 34; ++k) wide_expected += (k == 34 ? "let %" : "inline %") + std::to_string(k) + " = add\n";
    wide_expected += "effect store\nreturn\n";
    CHECK(tree(fn(wide)) == wide_expected);
}

TEST_CASE("structurize: scratch words left by earlier passes do not change what inlines", "[textgen][structurize]") {
    // The value-use pass numbers instructions in their scratch words: whatever a pass left there
    // (numbers of other instructions, the same number everywhere, huge values) is overwritten,
    // and a second run over the same function gives the same tree.
    const std::string text = fn("  %1 = load %arg1 : int\n  %2 = add %1, 1:int : int\n  br bb1\n"
                                "bb1:\n  %3 = mul %2, %2 : int\n  %4 = sub %3, 1:int : int\n  store %arg1, %4\n  ret\n");
    const std::string expected = "let %0 = eq\n"
                                 "inline %1 = load\n"
                                 "let %2 = add\n"  // two uses, in another block
                                 "inline %3 = mul\n"
                                 "inline %4 = sub\n"
                                 "effect store\n"
                                 "return\n";
    for (std::uint32_t fill : {0u, 1u, 3u, 0xFFFFFFFFu}) {
        IrFixture f;
        f.parse(text);
        const ir::Function& fun = *f.module.functions[0];
        std::uint32_t k = 0;
        for (const ir::Block* b : fun.blocks)
            for (const ir::Instruction* i : b->instructions) i->set_scratch(fill == 3u ? k++ : fill);
        for (int run = 0; run < 2; ++run) {
            StructurizeResult r = structurize(fun, f.arena);
            REQUIRE(r.function);
            CHECK(dump(*r.function) == expected);
        }
    }
}

TEST_CASE("structurize: a pure intrinsic inlines, a wave intrinsic stays where it runs", "[textgen][structurize]") {
    CHECK(tree("func @f(%arg0: float, %arg1: ptr<function, float>) -> void {\nbb0:\n"
               "  %0 = intrinsic sin(%arg0) : float\n  store %arg1, %0\n"
               "  %1 = intrinsic WaveIsFirstLane() : bool\n  %2 = select %1, 1.0:float, 0.0:float : float\n"
               "  store %arg1, %2\n  ret\n}\n") ==
          "inline %0 = intrinsic\n"
          "effect store\n"
          "let %1 = intrinsic\n"
          "inline %2 = select\n"
          "effect store\n"
          "return\n");
}

TEST_CASE("structurize: nested loops with continue and break", "[textgen][structurize]") {
    // for (i...) { if (c) continue; for (j...) { if (c) break; } }
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; loop merge=bb10 continue=bb9\n  %1 = phi [0:int, bb0], [%5, bb9] : int\n"
                  "  %2 = lt %1, 8:int : bool\n  br bb2\n"
                  "bb2: ; selection merge=bb3\n  cond_br %2, bb3, bb10\n"
                  "bb3: ; selection merge=bb4\n  cond_br %0, bb9, bb4\n"
                  "bb4:\n  br bb5\n"
                  "bb5: ; loop merge=bb8 continue=bb7\n  br bb6\n"
                  "bb6: ; selection merge=bb7\n  cond_br %0, bb8, bb7\n"
                  "bb7:\n  br bb5\n"
                  "bb8:\n  br bb9\n"
                  "bb9:\n  %5 = add %1, 1:int : int\n  br bb1\n"
                  "bb10:\n  ret\n")) ==
          "let %0 = eq\n"
          "%1 <- 0:int\n"
          "loop bb1 {\n"
          "    let %2 = lt\n"
          "    if %2 {\n"
          "    } else {\n"
          "        break\n"
          "    }\n"
          "    if %0 {\n"
          "        continue\n"
          "    }\n"
          "    loop bb5 {\n"
          "        if %0 {\n"
          "            break\n"
          "        }\n"
          "    }\n"
          "} continuing {\n"
          "    let %3 = add\n"
          "    %1 <- %3\n"
          "}\n"
          "return\n");
}

TEST_CASE("structurize: a switch with fall-through, shared targets and a default in the middle", "[textgen][structurize]") {
    // case 0: a(); case 1: case 2: b(); break; default: c(); break; case 3: break;
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; selection merge=bb5\n  switch %arg0 default bb4 [0: bb2, 1: bb3, 2: bb3, 3: bb5]\n"
                  "bb2:\n  store %arg1, 1:int\n  br bb3\n"
                  "bb3:\n  store %arg1, 2:int\n  br bb5\n"
                  "bb4:\n  store %arg1, 3:int\n  br bb5\n"
                  "bb5:\n  ret\n")) ==
          "let %0 = eq\n"
          "switch %arg0 {\n"
          "    case 0 (falls through) {\n"
          "        effect store\n"
          "    }\n"
          "    case 1 2 {\n"
          "        effect store\n"
          "    }\n"
          "    case default {\n"
          "        effect store\n"
          "    }\n"
          "    case 3 {\n"
          "    }\n"
          "}\n"
          "return\n");
}

TEST_CASE("structurize: phis of case blocks get the switch's values before it, so fall-through keeps its own",
          "[textgen][structurize]") {
    // case 0: v = 5; (falls through) case 1: use(v) where v is 7 when case 1 is entered directly.
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; selection merge=bb4\n  switch %arg0 default bb4 [0: bb2, 1: bb3]\n"
                  "bb2:\n  br bb3\n"
                  "bb3:\n  %1 = phi [7:int, bb1], [5:int, bb2] : int\n  store %arg1, %1\n  br bb4\n"
                  "bb4:\n  %2 = phi [0:int, bb1], [%1, bb3] : int\n  store %arg1, %2\n  ret\n")) ==
          "let %0 = eq\n"
          "%2 <- 0:int\n"
          "%1 <- 7:int\n"
          "switch %arg0 {\n"
          "    case 0 (falls through) {\n"
          "        %1 <- 5:int\n"
          "    }\n"
          "    case 1 {\n"
          "        effect store\n"
          "        %2 <- %1\n"
          "    }\n"
          "    case default {\n"
          "    }\n"
          "}\n"
          "effect store\n"
          "return\n");
}

TEST_CASE("structurize: a merge block of many edges, whose phis list them in different orders", "[textgen][structurize]") {
    // 12 cases and a default, each its own block into the merge block; %1 lists the edges in case
    // order, %2 in reverse. Each edge assigns each phi its own value.
    constexpr int kCases = 12;
    const int merge = kCases + 3, deflt = kCases + 2;
    std::string body = "  br bb1\nbb1: ; selection merge=bb" + std::to_string(merge) + "\n  switch %arg0 default bb" +
                       std::to_string(deflt) + " [";
    for (int k = 0; k < kCases; ++k) body += (k ? ", " : "") + std::to_string(k) + ": bb" + std::to_string(k + 2);
    body += "]\n";
    for (int b = 2; b <= deflt; ++b) body += "bb" + std::to_string(b) + ":\n  br bb" + std::to_string(merge) + "\n";
    std::string p1 = "  %1 = phi ", p2 = "  %2 = phi ";
    for (int b = 2; b <= deflt; ++b) {
        p1 += (b > 2 ? ", [" : "[") + std::to_string(b) + ":int, bb" + std::to_string(b) + "]";
        const int r = deflt + 2 - b;  // the blocks backwards
        p2 += (b > 2 ? ", [" : "[") + std::to_string(100 + r) + ":int, bb" + std::to_string(r) + "]";
    }
    body += "bb" + std::to_string(merge) + ":\n" + p1 + " : int\n" + p2 + " : int\n";
    body += "  %3 = add %1, %2 : int\n  store %arg1, %3\n  ret\n";
    std::string expected = "let %0 = eq\nswitch %arg0 {\n";
    for (int k = 0; k < kCases; ++k)
        expected += "    case " + std::to_string(k) + " {\n        %1 <- " + std::to_string(k + 2) + ":int\n        %2 <- " +
                    std::to_string(100 + k + 2) + ":int\n    }\n";
    expected += "    case default {\n        %1 <- " + std::to_string(deflt) + ":int\n        %2 <- " +
                std::to_string(100 + deflt) + ":int\n    }\n}\ninline %3 = add\neffect store\nreturn\n";
    CHECK(tree(fn(body)) == expected);
}

TEST_CASE("structurize: a loop whose break is inside a switch, and a continue from a case", "[textgen][structurize]") {
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; loop merge=bb7 continue=bb6\n  br bb2\n"
                  "bb2: ; selection merge=bb5\n  switch %arg0 default bb5 [0: bb3, 1: bb4]\n"
                  "bb3:\n  br bb7\n"
                  "bb4:\n  br bb6\n"
                  "bb5:\n  store %arg1, 1:int\n  br bb6\n"
                  "bb6:\n  br bb1\n"
                  "bb7:\n  ret\n")) ==
          "let %0 = eq\n"
          "loop bb1 {\n"
          "    switch %arg0 (breaks loop) {\n"
          "        case 0 {\n"
          "            break loop\n"
          "        }\n"
          "        case 1 {\n"
          "            continue\n"
          "        }\n"
          "        case default {\n"
          "        }\n"
          "    }\n"
          "    effect store\n"
          "}\n"
          "return\n");
}

TEST_CASE("structurize: a do-while ends its continuing in break if", "[textgen][structurize]") {
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; loop merge=bb3 continue=bb2\n  %1 = phi [0:int, bb0], [%2, bb2] : int\n  br bb2\n"
                  "bb2:\n  %2 = add %1, 1:int : int\n  %3 = lt %2, 10:int : bool\n  cond_br %3, bb1, bb3\n"
                  "bb3:\n  store %arg1, %2\n  ret\n")) ==
          "let %0 = eq\n"
          "%1 <- 0:int\n"
          "loop bb1 {\n"
          "} continuing {\n"
          "    let %2 = add\n"
          "    let %3 = lt\n"
          "    %1 <- %2\n"
          "    break if !%3\n"
          "}\n"
          "effect store\n"
          "return\n");
}

TEST_CASE("structurize: a loop-carried value read after the loop keeps the exit as an if", "[textgen][structurize]") {
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; loop merge=bb3 continue=bb2\n  %1 = phi [0:int, bb0], [%2, bb2] : int\n  br bb2\n"
                  "bb2:\n  %2 = add %1, 1:int : int\n  %3 = lt %2, 10:int : bool\n  cond_br %3, bb1, bb3\n"
                  "bb3:\n  store %arg1, %1\n  ret\n")) ==
          "let %0 = eq\n"
          "%1 <- 0:int\n"
          "loop bb1 {\n"
          "} continuing {\n"
          "    let %2 = add\n"
          "    inline %3 = lt\n"
          "    if %3 {\n"
          "        %1 <- %2\n"
          "    } else {\n"
          "        break\n"
          "    }\n"
          "}\n"
          "effect store\n"
          "return\n");
}

TEST_CASE("structurize: phis that swap on the back edge read a snapshot", "[textgen][structurize]") {
    CHECK(tree(fn("  br bb1\n"
                  "bb1: ; loop merge=bb3 continue=bb2\n  %1 = phi [1:int, bb0], [%2, bb2] : int\n"
                  "  %2 = phi [2:int, bb0], [%1, bb2] : int\n  br bb2\n"
                  "bb2:\n  br bb1\n"
                  "bb3:\n  ret\n")) ==
          "let %0 = eq\n"
          "%1 <- 1:int\n"
          "%2 <- 2:int\n"
          "loop bb1 {\n"
          "} continuing {\n"
          "    snapshot %2\n"
          "    snapshot %1\n"
          "    %1 <- snapshot %2\n"
          "    %2 <- snapshot %1\n"
          "}\n");
}

TEST_CASE("structurize: unstructured control flow is an error, not a crash", "[textgen][structurize]") {
    IrFixture f;
    // Both arms of an unmarked cond_br run on to the same block (the verifier rejects it too).
    f.parse(fn("  cond_br %0, bb1, bb2\n"
               "bb1:\n  br bb3\n"
               "bb2:\n  br bb3\n"
               "bb3:\n  ret\n"));
    StructurizeResult r = structurize(*f.module.functions[0], f.arena);
    CHECK(r.function == nullptr);
    CHECK(r.error == "@f bb3: the block is reached a second time: the control flow is not structured");
}

TEST_CASE("structure cache: a failure is reported on every ask, never kept as a tree", "[textgen][structurize]") {
    IrFixture f;
    f.parse(fn("  cond_br %0, bb1, bb2\n"
               "bb1:\n  br bb3\n"
               "bb2:\n  br bb3\n"
               "bb3:\n  ret\n"));
    StructureCache cache(f.arena);
    for (int ask = 0; ask < 2; ++ask) {
        StructurizeResult r = cache.get(*f.module.functions[0]);
        CHECK(r.function == nullptr);
        CHECK(r.error == "@f bb3: the block is reached a second time: the control flow is not structured");
    }
}

}  // namespace
}  // namespace oneshader::textgen::test
