// Literals: classification by suffix, parsed values, overflow and malformed spellings.
#include <catch2/catch.hpp>

#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "parse_helpers.hpp"

using oneshader::test::diags_of;
using oneshader::test::expr_of;

TEST_CASE("integer literals: bases and suffixes", "[parser][literal]") {
    CHECK(expr_of("42") == "(int 42 42)");
    CHECK(expr_of("0x1F") == "(int 0x1F 31)");
    CHECK(expr_of("0XffU") == "(uint 0XffU 255)");
    CHECK(expr_of("010") == "(int 010 8)");
    CHECK(expr_of("0") == "(int 0 0)");
    CHECK(expr_of("7u") == "(uint 7u 7)");
    CHECK(expr_of("7l") == "(int64 7l 7)");
    CHECK(expr_of("7LL") == "(int64 7LL 7)");
    CHECK(expr_of("7ul") == "(uint64 7ul 7)");
    CHECK(expr_of("7LU") == "(uint64 7LU 7)");
    CHECK(expr_of("7ull") == "(uint64 7ull 7)");
    CHECK(expr_of("18446744073709551615ull") == "(uint64 18446744073709551615ull 18446744073709551615)");
    CHECK(expr_of("0xFFFFFFFFFFFFFFFF") == "(int 0xFFFFFFFFFFFFFFFF 18446744073709551615)");
}

TEST_CASE("floating literals: forms and suffixes", "[parser][literal]") {
    CHECK(expr_of("1.5") == "(literal-float 1.5 1.5)");
    CHECK(expr_of("1.5f") == "(float 1.5f 1.5)");
    CHECK(expr_of("2.0h") == "(half 2.0h 2)");
    CHECK(expr_of("2.5l") == "(double 2.5l 2.5)");
    CHECK(expr_of("2.5LF") == "(double 2.5LF 2.5)");
    CHECK(expr_of(".5") == "(literal-float .5 0.5)");
    CHECK(expr_of("3.") == "(literal-float 3. 3)");
    CHECK(expr_of("1e3") == "(literal-float 1e3 1000)");
    CHECK(expr_of("1.5e-2f") == "(float 1.5e-2f 0.015)");
    CHECK(expr_of("2E+2") == "(literal-float 2E+2 200)");
    CHECK(expr_of("1e-400") == "(literal-float 1e-400 0)");
}

TEST_CASE("boolean and string literals", "[parser][literal]") {
    CHECK(expr_of("true && false") == "(&& true false)");
    CHECK(expr_of("f(\"text\")") == "(call f \"text\")");
}

TEST_CASE("swizzles on scalar literals", "[parser][literal]") {
    CHECK(expr_of("1.0.xxxx") == "(. (literal-float 1.0 1) xxxx)");
    CHECK(expr_of("0.5f.rg") == "(. (float 0.5f 0.5) rg)");
    CHECK(expr_of("(1).xx") == "(. (int 1 1) xx)");
    // An integer, a dot and swizzle letters: the integer swizzled, as DXC reads `0.xxxx`.
    CHECK(expr_of("0.xxxx") == "(. (int 0 0) xxxx)");
    CHECK(expr_of("1.rg.x") == "(. (. (int 1 1) rg) x)");
    // Not swizzles: float suffixes and exponents stay numbers.
    CHECK(expr_of("1.f") == "(float 1.f 1)");
    CHECK(expr_of("2.e1") == "(literal-float 2.e1 20)");
    oneshader::syntax::DumpOptions o;
    o.expr_locations = true;
    CHECK(expr_of("0.25.xy", o) == "(.@1:12 (literal-float@1:12 0.25 0.25) xy)");
}

TEST_CASE("literal errors are reported with codes and positions", "[parser][literal]") {
    using V = std::vector<std::string>;
    CHECK(diags_of("uint a = 18446744073709551616;") == V{"OSH0206 1:10"});
    CHECK(diags_of("uint a = 0x10000000000000000;") == V{"OSH0206 1:10"});
    CHECK(diags_of("float a = 1e999;") == V{"OSH0207 1:11"});
    CHECK(diags_of("float a = 1.0e400f;") == V{"OSH0207 1:11"});
    CHECK(diags_of("uint a = 09;") == V{"OSH0208 1:10"});
    CHECK(diags_of("uint a = 1q;") == V{"OSH0208 1:10"});
    CHECK(diags_of("float a = 1.0x;") == V{"OSH0208 1:11"});
    CHECK(diags_of("uint a = 0x;") == V{"OSH0208 1:10"});
    CHECK(diags_of("uint a = 1uu;") == V{"OSH0208 1:10"});
}

TEST_CASE("literal values are kept on the nodes", "[parser][literal]") {
    auto p = oneshader::test::parse_text("void f() { g(0x7fffffff, 3.25h, 4000000000u); }");
    REQUIRE_FALSE(p->ctx.diags.has_errors());
    const auto* call = static_cast<const oneshader::syntax::CallExpr*>(
        static_cast<const oneshader::syntax::ExprStmt*>(p->first_stmt())->expr);
    REQUIRE(call->args.size() == 3);
    const auto* a = static_cast<const oneshader::syntax::IntLiteralExpr*>(call->args[0]);
    const auto* b = static_cast<const oneshader::syntax::FloatLiteralExpr*>(call->args[1]);
    const auto* c = static_cast<const oneshader::syntax::IntLiteralExpr*>(call->args[2]);
    CHECK(a->value == 0x7fffffffu);
    CHECK(a->literal_kind == oneshader::syntax::IntLiteralKind::Int);
    CHECK(b->value == 3.25);
    CHECK(b->literal_kind == oneshader::syntax::FloatLiteralKind::Half);
    CHECK(c->value == 4000000000u);
    CHECK(c->literal_kind == oneshader::syntax::IntLiteralKind::UInt);
    CHECK(c->spelling == "4000000000u");
}

TEST_CASE("float literal values equal from_chars for every spelling shape", "[parser][literal]") {
    // Short decimals take a fast path; long mantissas, large exponents and leading or trailing
    // zeros take from_chars. Either way the value must be the correctly rounded one.
    std::vector<std::string> spellings = {"0.1", "0.2", "0.3", "1.0", "100.0", "0.001", "3.14159265358979",
                                          "2.718281828459045", "1234567.891", "9007199254740993.0",
                                          "0.30000000000000004", "123456789012345.6", "1e22", "1e23", "1e-22",
                                          "5e-324", "1.7976931348623157e308", "0.000000000000000000000001",
                                          "1.5e-7", "6.02214076e23", "1e0", "0.0", "0e5", "00012.5000",
                                          ".125", "7.", "4.35", "0.7071067811865476", "1.0e-3"};
    std::uint64_t state = 12345;
    auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(state >> 33);
    };
    for (int n = 0; n < 2000; ++n) {
        std::string s;
        const int before = static_cast<int>(next() % 9), after = 1 + static_cast<int>(next() % 12);
        for (int k = 0; k < before; ++k) s += static_cast<char>('0' + next() % 10);
        s += '.';
        for (int k = 0; k < after; ++k) s += static_cast<char>('0' + next() % 10);
        if (next() % 3 == 0) {
            s += 'e';
            if (next() % 2) s += '-';
            s += std::to_string(next() % 30);
        }
        spellings.push_back(s);
    }
    std::string source = "void f() { g(";
    for (std::size_t k = 0; k < spellings.size(); ++k) source += (k ? ", " : "") + spellings[k];
    source += "); }";
    auto p = oneshader::test::parse_text(source);
    REQUIRE_FALSE(p->ctx.diags.has_errors());
    const auto* call = static_cast<const oneshader::syntax::CallExpr*>(
        static_cast<const oneshader::syntax::ExprStmt*>(p->first_stmt())->expr);
    REQUIRE(call->args.size() == spellings.size());
    for (std::size_t k = 0; k < spellings.size(); ++k) {
        double want = 0;
        std::from_chars(spellings[k].data(), spellings[k].data() + spellings[k].size(), want);
        const auto* f = static_cast<const oneshader::syntax::FloatLiteralExpr*>(call->args[k]);
        INFO(spellings[k]);
        CHECK(f->value == want);
    }
}
