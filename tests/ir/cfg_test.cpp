// Predecessors, reverse post-order, dominators, frontiers and post-dominators on the usual shapes,
// read from IR text.
#include "ir/cfg.hpp"
#include "ir/dominators.hpp"
#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

using Nodes = std::vector<std::uint32_t>;

Nodes as_vector(std::span<const std::uint32_t> s) { return Nodes(s.begin(), s.end()); }

// bb0 -> bb1 | bb2 -> bb3
const char* kDiamond = R"(func @f(%arg0: bool) -> void {
bb0: ; selection merge=bb3
  cond_br %arg0, bb1, bb2
bb1:
  br bb3
bb2:
  br bb3
bb3:
  ret
}
)";

// bb0 -> bb1 (header) -> bb2 (cond) -> bb3 (body) -> bb4 (continue) -> bb1; bb2 -> bb5 (merge)
const char* kLoop = R"(func @f(%arg0: bool) -> void {
bb0:
  br bb1
bb1: ; loop merge=bb5 continue=bb4
  br bb2
bb2:
  cond_br %arg0, bb3, bb5
bb3:
  br bb4
bb4:
  br bb1
bb5:
  ret
}
)";

// switch with a fall-through from bb1 into bb2, an unreachable bb5 and an early kill in bb3.
const char* kSwitch = R"(func @f(%arg0: int) -> void {
bb0: ; selection merge=bb4
  switch %arg0 default bb3 [0: bb1, 1: bb2, 2: bb2]
bb1:
  br bb2
bb2:
  br bb4
bb3:
  kill
bb4:
  ret
bb5:
  br bb4
}
)";

TEST_CASE("cfg: diamond predecessors, order, dominators and frontiers", "[ir][cfg]") {
    IrFixture f;
    f.parse(kDiamond);
    Cfg cfg(*f.module.functions[0]);
    CHECK(as_vector(cfg.preds(3)) == Nodes{1, 2});
    CHECK(as_vector(cfg.succs(0)) == Nodes{1, 2});
    CHECK(as_vector(cfg.rpo()) == Nodes{0, 2, 1, 3});
    DominatorTree dom = DominatorTree::dominators(cfg);
    CHECK(dom.idom(0) == kNoBlock);
    CHECK(dom.idom(1) == 0);
    CHECK(dom.idom(2) == 0);
    CHECK(dom.idom(3) == 0);
    CHECK(dom.dominates(0, 3));
    CHECK_FALSE(dom.dominates(1, 3));
    CHECK(as_vector(dom.children(0)) == Nodes{1, 2, 3});
    CHECK(as_vector(dom.frontier(1)) == Nodes{3});
    CHECK(as_vector(dom.frontier(2)) == Nodes{3});
    CHECK(dom.frontier(0).empty());
}

TEST_CASE("cfg: diamond post-dominators", "[ir][cfg]") {
    IrFixture f;
    f.parse(kDiamond);
    Cfg cfg(*f.module.functions[0]);
    DominatorTree pdom = DominatorTree::post_dominators(cfg);
    CHECK(pdom.idom(0) == 3);
    CHECK(pdom.idom(1) == 3);
    CHECK(pdom.idom(3) == pdom.exit());
    CHECK(pdom.dominates(3, 0));
    CHECK_FALSE(pdom.dominates(1, 0));
    // Control dependence: both arms depend on the branch in bb0.
    CHECK(as_vector(pdom.frontier(1)) == Nodes{0});
    CHECK(as_vector(pdom.frontier(2)) == Nodes{0});
}

TEST_CASE("cfg: loop back edge, dominators and frontiers", "[ir][cfg]") {
    IrFixture f;
    f.parse(kLoop);
    Cfg cfg(*f.module.functions[0]);
    CHECK(as_vector(cfg.preds(1)) == Nodes{0, 4});
    CHECK(as_vector(cfg.rpo()) == Nodes{0, 1, 2, 5, 3, 4});
    DominatorTree dom = DominatorTree::dominators(cfg);
    CHECK(dom.idom(4) == 3);
    CHECK(dom.idom(5) == 2);
    CHECK(dom.dominates(1, 4));
    CHECK(as_vector(dom.frontier(4)) == Nodes{1});
    CHECK(as_vector(dom.frontier(3)) == Nodes{1});
    CHECK(as_vector(dom.frontier(1)) == Nodes{1});
    CHECK(as_vector(dom.frontier(2)) == Nodes{1});
}

TEST_CASE("cfg: loop post-dominators", "[ir][cfg]") {
    IrFixture f;
    f.parse(kLoop);
    Cfg cfg(*f.module.functions[0]);
    DominatorTree pdom = DominatorTree::post_dominators(cfg);
    CHECK(pdom.idom(4) == 1);
    CHECK(pdom.idom(1) == 2);
    CHECK(pdom.idom(2) == 5);
    CHECK(pdom.idom(0) == 1);
    CHECK(pdom.dominates(5, 3));
}

TEST_CASE("cfg: switch targets are distinct predecessors and unreachable blocks are in no tree", "[ir][cfg]") {
    IrFixture f;
    f.parse(kSwitch);
    Cfg cfg(*f.module.functions[0]);
    CHECK(as_vector(cfg.succs(0)) == Nodes{3, 1, 2});
    CHECK(as_vector(cfg.preds(2)) == Nodes{0, 1});
    CHECK(as_vector(cfg.preds(4)) == Nodes{2, 5});
    CHECK_FALSE(cfg.reachable(5));
    CHECK(cfg.reachable(3));
    DominatorTree dom = DominatorTree::dominators(cfg);
    CHECK_FALSE(dom.in_tree(5));
    CHECK_FALSE(dom.dominates(5, 4));
    CHECK(dom.idom(4) == 2);
    CHECK(dom.idom(2) == 0);
    CHECK(as_vector(dom.frontier(1)) == Nodes{2});
}

TEST_CASE("cfg: a kill is an exit for post-dominance, and an infinite loop reaches none", "[ir][cfg]") {
    IrFixture f;
    f.parse(kSwitch);
    Cfg cfg(*f.module.functions[0]);
    DominatorTree pdom = DominatorTree::post_dominators(cfg);
    CHECK(pdom.idom(3) == pdom.exit());
    CHECK(pdom.idom(0) == pdom.exit());
    CHECK(pdom.idom(1) == 2);

    IrFixture g;
    g.parse("func @f() -> void {\nbb0:\n  br bb1\nbb1:\n  br bb1\n}\n");
    Cfg spin(*g.module.functions[0]);
    DominatorTree p2 = DominatorTree::post_dominators(spin);
    CHECK_FALSE(p2.in_tree(0));
    CHECK_FALSE(p2.in_tree(1));
}

TEST_CASE("cfg: block-pointer views agree with positions", "[ir][cfg]") {
    IrFixture f;
    f.parse(kDiamond);
    const Function& fn = *f.module.functions[0];
    Cfg cfg(fn);
    CHECK(cfg.predecessors(fn.blocks[3]) == std::vector<Block*>{fn.blocks[1], fn.blocks[2]});
    CHECK(cfg.rpo_blocks() == std::vector<Block*>{fn.blocks[0], fn.blocks[2], fn.blocks[1], fn.blocks[3]});
    CHECK(cfg.index(fn.blocks[2]) == 2);
}

TEST_CASE("cfg: a long chain does not overflow the stack", "[ir][cfg]") {
    std::string text = "func @f() -> void {\n";
    const int n = 20000;
    for (int i = 0; i < n; ++i) text += "bb" + std::to_string(i) + ":\n  br bb" + std::to_string(i + 1) + "\n";
    text += "bb" + std::to_string(n) + ":\n  ret\n}\n";
    IrFixture f;
    f.parse(text);
    Cfg cfg(*f.module.functions[0]);
    CHECK(cfg.rpo().size() == n + 1);
    DominatorTree dom = DominatorTree::dominators(cfg);
    CHECK(dom.dominates(0, n));
    CHECK(dom.idom(n) == n - 1);
    CHECK(verify(f.module).empty());
}

}  // namespace
}  // namespace oneshader::ir::test
