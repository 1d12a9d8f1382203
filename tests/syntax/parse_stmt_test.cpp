// Statements, including attributes in front of them.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using oneshader::test::stmts_of;

TEST_CASE("blocks, empty statements and expression statements", "[parser][stmt]") {
    CHECK(stmts_of("{ x = 1; ; }") == "(block 3:1\n  (expr 3:3 (= x (int 1 1)))\n  (empty 3:10))");
    CHECK(stmts_of("f(1);") == "(expr 3:1 (call f (int 1 1)))");
}

TEST_CASE("declaration statements", "[parser][stmt]") {
    CHECK(stmts_of("float a = 1, b[2];") ==
          "(decl 3:1\n  (var 3:7 a float (init (int 1 1)))\n  (var 3:14 b float (dims (int 2 2))))");
    CHECK(stmts_of("static uint counter = 0;") == "(decl 3:1\n  (var 3:13 counter uint (mods static) (init (int 0 0))))");
    CHECK(stmts_of("const float3 c = { 1, 2, 3 };") ==
          "(decl 3:1\n  (var 3:14 c float3 (mods const) (init {(int 1 1) (int 2 2) (int 3 3)})))");
    CHECK(stmts_of("Light l; l.x = 1;") == "(decl 3:1\n  (var 3:7 l Light))\n(expr 3:10 (= (. l x) (int 1 1)))");
    CHECK(stmts_of("struct Local { float a; }; Local v;") ==
          "(decl 3:1\n  (struct 3:8 Local\n    (var 3:22 a float)))\n(decl 3:28\n  (var 3:34 v Local))");
    CHECK(stmts_of("a * b;") == "(expr 3:1 (* a b))");
    CHECK(stmts_of("a < b;") == "(expr 3:1 (< a b))");
}

TEST_CASE("if and else", "[parser][stmt]") {
    CHECK(stmts_of("if (a) b(); else if (c) d(); else e();") ==
          "(if 3:1 a\n  (expr 3:8 (call b))\n  else\n  (if 3:18 c\n    (expr 3:25 (call d))\n    else\n"
          "    (expr 3:35 (call e))))");
    CHECK(stmts_of("[branch] if (x > 0) { return; }") ==
          "(if 3:10 (attrs [branch]) (> x (int 0 0))\n  (block 3:21\n    (return 3:23)))");
    CHECK(stmts_of("[flatten] if (x) y = 1;") == "(if 3:11 (attrs [flatten]) x\n  (expr 3:18 (= y (int 1 1))))");
}

TEST_CASE("loops with attributes", "[parser][stmt]") {
    CHECK(stmts_of("[unroll] for (int i = 0; i < 4; ++i) s += i;") ==
          "(for 3:10 (attrs [unroll]) (cond (< i (int 4 4))) (step (++ i))\n  (decl 3:15\n    (var 3:19 i int (init (int 0 0))))\n"
          "  (expr 3:38 (+= s i)))");
    CHECK(stmts_of("[unroll(4)] for (;;) {}") == "(for 3:13 (attrs [unroll (int 4 4)])\n  (block 3:22))");
    CHECK(stmts_of("for (i = 0, j = 1; i < j; i++, j--) ;") ==
          "(for 3:1 (cond (< i j)) (step (, (post++ i) (post-- j)))\n  (expr 3:6 (, (= i (int 0 0)) (= j (int 1 1))))\n"
          "  (empty 3:37))");
    CHECK(stmts_of("[loop] while (i < n) { i++; continue; }") ==
          "(while 3:8 (attrs [loop]) (< i n)\n  (block 3:22\n    (expr 3:24 (post++ i))\n    (continue 3:29)))");
    CHECK(stmts_of("[fastopt] [allow_uav_condition] do { break; } while (true);") ==
          "(do 3:33 (attrs [fastopt] [allow_uav_condition]) true\n  (block 3:36\n    (break 3:38)))");
}

TEST_CASE("switch with case labels, default and fall-through", "[parser][stmt]") {
    CHECK(stmts_of("switch (m) { case 0: case 1: a = 1; break; case A::B: default: a = 2; }") ==
          "(switch 3:1 m\n  (block 3:12\n    (case 3:14 (int 0 0))\n    (case 3:22 (int 1 1))\n"
          "    (expr 3:30 (= a (int 1 1)))\n    (break 3:37)\n    (case 3:44 A::B)\n    (default 3:55)\n"
          "    (expr 3:64 (= a (int 2 2)))))");
    CHECK(stmts_of("[call] switch (m) { default: break; }") ==
          "(switch 3:8 (attrs [call]) m\n  (block 3:19\n    (default 3:21)\n    (break 3:30)))");
}

TEST_CASE("return, discard, break and continue", "[parser][stmt]") {
    CHECK(stmts_of("return;") == "(return 3:1)");
    CHECK(stmts_of("return a, b;") == "(return 3:1 (, a b))");
    CHECK(stmts_of("discard;") == "(discard 3:1)");
    CHECK(stmts_of("while (1) { break; continue; }") ==
          "(while 3:1 (int 1 1)\n  (block 3:11\n    (break 3:13)\n    (continue 3:20)))");
}

TEST_CASE("unknown statement attributes are kept with their arguments", "[parser][stmt]") {
    CHECK(stmts_of("[myattr(1, \"x\", a + b)] f();") ==
          "(expr 3:25 (attrs [myattr (int 1 1) \"x\" (+ a b)]) (call f))");
}
