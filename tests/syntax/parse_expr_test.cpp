// Expressions: precedence, associativity, postfix forms, casts and constructors.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using oneshader::test::expr_of;

TEST_CASE("binary operators follow C precedence", "[parser][expr]") {
    CHECK(expr_of("a + b * c") == "(+ a (* b c))");
    CHECK(expr_of("a * b + c") == "(+ (* a b) c)");
    CHECK(expr_of("a - b - c") == "(- (- a b) c)");
    CHECK(expr_of("a || b && c | d ^ e & f == g < h << i + j * k") ==
          "(|| a (&& b (| c (^ d (& e (== f (< g (<< h (+ i (* j k))))))))))");
    CHECK(expr_of("a < b == c > d") == "(== (< a b) (> c d))");
    CHECK(expr_of("a >> b << c") == "(<< (>> a b) c)");
    CHECK(expr_of("a % b / c") == "(/ (% a b) c)");
}

TEST_CASE("assignment is right associative and lowest but comma", "[parser][expr]") {
    CHECK(expr_of("a = b = c") == "(= a (= b c))");
    CHECK(expr_of("a += b * 2") == "(+= a (* b (int 2 2)))");
    CHECK(expr_of("a <<= 1, b >>= 2") == "(, (<<= a (int 1 1)) (>>= b (int 2 2)))");
    CHECK(expr_of("x = c ? a : b") == "(= x (? c a b))");
    CHECK(expr_of("c ? a : d ? e : f") == "(? c a (? d e f))");
    CHECK(expr_of("x &= 1, y |= 2, z ^= 3") == "(, (, (&= x (int 1 1)) (|= y (int 2 2))) (^= z (int 3 3)))");
    CHECK(expr_of("x %= 4") == "(%= x (int 4 4))");
}

TEST_CASE("prefix and postfix operators", "[parser][expr]") {
    CHECK(expr_of("-a * b") == "(* (- a) b)");
    CHECK(expr_of("!a && ~b") == "(&& (! a) (~ b))");
    CHECK(expr_of("++i") == "(++ i)");
    CHECK(expr_of("i--") == "(post-- i)");
    CHECK(expr_of("-x++") == "(- (post++ x))");
    CHECK(expr_of("- - x") == "(- (- x))");
    CHECK(expr_of("+x") == "(+ x)");
}

TEST_CASE("member access, swizzles, indexing and calls", "[parser][expr]") {
    CHECK(expr_of("v.xyz") == "(. v xyz)");
    CHECK(expr_of("m._m00 + m._11") == "(+ (. m _m00) (. m _11))");
    CHECK(expr_of("a.b.c[i].d") == "(. ([] (. (. a b) c) i) d)");
    CHECK(expr_of("Tex[uint2(1, 2)]") == "([] Tex (construct uint2 (int 1 1) (int 2 2)))");
    CHECK(expr_of("Tex.mips[l][p]") == "([] ([] (. Tex mips) l) p)");
    CHECK(expr_of("Tex.Sample(s, uv)") == "(call (. Tex Sample) s uv)");
    CHECK(expr_of("f()") == "(call f)");
    CHECK(expr_of("f(a, b + 1)(c)") == "(call (call f a (+ b (int 1 1))) c)");
    CHECK(expr_of("mul(m, float4(p, 1.0)).xy") ==
          "(. (call mul m (construct float4 p (literal-float 1.0 1))) xy)");
}

TEST_CASE("casts are told apart from parenthesised expressions by type names", "[parser][expr]") {
    CHECK(expr_of("(float3)x") == "(cast float3 x)");
    CHECK(expr_of("(float3x3)m._m00") == "(cast float3x3 (. m _m00))");
    CHECK(expr_of("(min16float3)x") == "(cast min16float3 x)");
    CHECK(expr_of("(float16_t2x2)x") == "(cast float16_t2x2 x)");
    CHECK(expr_of("(uint)-x") == "(cast uint (- x))");
    CHECK(expr_of("(x) - y") == "(- x y)");
    CHECK(expr_of("(x)(y)") == "(call x y)");
    CHECK(expr_of("(float)(a + b)") == "(cast float (+ a b))");
    CHECK(expr_of("(vector<float, 2>)v") == "(cast vector<float, (int 2 2)> v)");
    CHECK(expr_of("(const float)x") == "(cast const float x)");
    CHECK(expr_of("(float4(1, 2, 3, 4)).x") ==
          "(. (construct float4 (int 1 1) (int 2 2) (int 3 3) (int 4 4)) x)");
}

TEST_CASE("casts to user types need the type to be declared first", "[parser][expr]") {
    auto p = oneshader::test::parse_text(
        "struct MyStruct { float a; };\n"
        "typedef float4 Color;\n"
        "enum Mode { A };\n"
        "void f() { MyStruct s = (MyStruct)0; Color c = (Color)x; Mode m = (Mode)1; y = (notatype) - z; }");
    INFO(p->messages());
    REQUIRE_FALSE(p->ctx.diags.has_errors());
    std::string d = p->dump();
    CHECK(d.find("(init (cast MyStruct (int 0 0)))") != std::string::npos);
    CHECK(d.find("(init (cast Color x))") != std::string::npos);
    CHECK(d.find("(init (cast Mode (int 1 1)))") != std::string::npos);
    CHECK(d.find("(= y (- notatype z))") != std::string::npos);
}

TEST_CASE("constructor casts and template type constructors", "[parser][expr]") {
    CHECK(expr_of("float4(a, b)") == "(construct float4 a b)");
    CHECK(expr_of("vector<float, 4>(a, b)") == "(construct vector<float, (int 4 4)> a b)");
    CHECK(expr_of("matrix<float, 2, 2>(1, 0, 0, 1)")
              .starts_with("(construct matrix<float, (int 2 2), (int 2 2)> (int 1 1)"));
    CHECK(expr_of("bool2(true, false)") == "(construct bool2 true false)");
}

TEST_CASE("qualified names and explicit template arguments", "[parser][expr]") {
    CHECK(expr_of("MyStruct::StaticMember") == "MyStruct::StaticMember");
    CHECK(expr_of("Ns::func()") == "(call Ns::func)");
    CHECK(expr_of("::g") == "::g");
    CHECK(expr_of("A::B::c + 1") == "(+ A::B::c (int 1 1))");
    auto p = oneshader::test::parse_text(
        "template<typename T> T twice(T x) { return x + x; }\n"
        "void f() { float y = twice<float>(1.0); bool z = a < b; }");
    INFO(p->messages());
    REQUIRE_FALSE(p->ctx.diags.has_errors());
    CHECK(p->dump().find("(init (call twice<float> (literal-float 1.0 1)))") != std::string::npos);
    CHECK(p->dump().find("(init (< a b))") != std::string::npos);
}

TEST_CASE("templated method calls on buffers", "[parser][expr]") {
    CHECK(expr_of("buf.Load<float4>(16)") == "(call (. buf Load<float4>) (int 16 16))");
    CHECK(expr_of("a.x < b") == "(< (. a x) b)");
    CHECK(expr_of("a.x < b > (c)") == "(> (< (. a x) b) c)");
}

TEST_CASE("sizeof takes a type or an expression", "[parser][expr]") {
    CHECK(expr_of("sizeof(float4)") == "(sizeof float4)");
    CHECK(expr_of("sizeof(x)") == "(sizeof x)");
    CHECK(expr_of("sizeof x") == "(sizeof x)");
    CHECK(expr_of("sizeof(float4(1, 2, 3, 4))") ==
          "(sizeof (construct float4 (int 1 1) (int 2 2) (int 3 3) (int 4 4)))");
    auto p = oneshader::test::parse_text("struct L { float a; }; void f() { uint n = sizeof(L); }");
    INFO(p->messages());
    REQUIRE_FALSE(p->ctx.diags.has_errors());
    CHECK(p->dump().find("(init (sizeof L))") != std::string::npos);
}

TEST_CASE("this and member functions", "[parser][expr]") {
    CHECK(expr_of("this.x") == "(. this x)");
    CHECK(expr_of("this.f(1)") == "(call (. this f) (int 1 1))");
}

TEST_CASE("expression locations", "[parser][expr]") {
    oneshader::syntax::DumpOptions o;
    o.expr_locations = true;
    // `void f() { ` is 11 characters, so the expression starts at column 12.
    CHECK(expr_of("a + b.c", o) == "(+@1:12 a@1:12 (.@1:16 b@1:16 c))");
    CHECK(expr_of("(float)x", o) == "(cast@1:12 float x@1:19)");
    CHECK(expr_of("-f(1)", o) == "(-@1:12 (call@1:13 f@1:13 (int@1:15 1 1)))");
}

TEST_CASE("comparison inside template-free context keeps > and >>", "[parser][expr]") {
    CHECK(expr_of("a > b >> c") == "(> a (>> b c))");
    CHECK(expr_of("a >= b") == "(>= a b)");
    CHECK(expr_of("f(a > b)") == "(call f (> a b))");
}
