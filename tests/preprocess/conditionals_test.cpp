// #if, #ifdef, #ifndef, #elif, #else, #endif and the constant expressions they evaluate.
#include <catch2/catch.hpp>

#include "pp_test_util.hpp"

using pptest::Run;

namespace {
// The value an #if expression gives: "yes", "no", or the diagnostic codes.
std::string eval(const std::string& expr, const std::string& prelude = "") {
    Run r(prelude + "#if " + expr + "\nyes\n#else\nno\n#endif\n");
    if (!r.codes().empty()) {
        std::string s;
        for (const auto& c : r.codes()) s += c + " ";
        return s;
    }
    return r.text();
}
}  // namespace

TEST_CASE("conditionals: ifdef, ifndef, else") {
    Run r("#define A\n#ifdef A\na\n#else\nna\n#endif\n#ifndef A\nb\n#else\nnb\n#endif\n#ifdef Q\nq\n#endif");
    CHECK(r.text() == "a nb");
    CHECK(r.codes().empty());
}

TEST_CASE("conditionals: elif chains take the first true branch only") {
    Run r("#define V 2\n#if V == 1\none\n#elif V == 2\ntwo\n#elif V >= 2\nmore\n#else\nother\n#endif");
    CHECK(r.text() == "two");
}

TEST_CASE("conditionals: nested groups inside skipped groups are skipped") {
    Run r("#if 0\n#if 1\na\n#else\nb\n#endif\n#elif 1\nc\n#endif");
    CHECK(r.text() == "c");
}

TEST_CASE("conditionals: skipped groups are not evaluated and may hold anything") {
    Run r("#if 0\n#if 1/0\n#endif\n#error not reached\ndon't \"unterminated\n#bogus\n#else\nok\n#endif");
    CHECK(r.codes().empty());
    CHECK(r.text() == "ok");
}

TEST_CASE("conditionals: elif after a taken branch is not evaluated") {
    Run r("#if 1\na\n#elif 1/0\nb\n#endif");
    CHECK(r.codes().empty());
    CHECK(r.text() == "a");
}

TEST_CASE("conditionals: defined with and without parentheses") {
    CHECK(eval("defined A && defined(B)", "#define A\n#define B 0\n") == "yes");
    CHECK(eval("defined(C) || !defined D", "") == "yes");
    CHECK(eval("defined C", "") == "no");
}

TEST_CASE("conditionals: the operand of defined is not expanded") {
    CHECK(eval("defined(A)", "#define A UNDEFINED_NAME\n") == "yes");
}

TEST_CASE("conditionals: unknown identifiers are 0, macros expand") {
    CHECK(eval("UNKNOWN") == "no");
    CHECK(eval("UNKNOWN == 0") == "yes");
    CHECK(eval("N * 2 == 8", "#define N 4\n") == "yes");
    CHECK(eval("F(3) == 9", "#define F(x) ((x) * (x))\n") == "yes");
    CHECK(eval("true && !false") == "yes");
}

TEST_CASE("conditionals: arithmetic and precedence") {
    CHECK(eval("1 + 2 * 3 == 7") == "yes");
    CHECK(eval("(1 + 2) * 3 == 9") == "yes");
    CHECK(eval("10 / 3 == 3 && 10 % 3 == 1") == "yes");
    CHECK(eval("-7 / 2 == -3 && -7 % 2 == -1") == "yes");
    CHECK(eval("1 << 4 == 16 && 256 >> 4 == 16") == "yes");
    CHECK(eval("(6 & 3) == 2 && (6 | 3) == 7 && (6 ^ 3) == 5") == "yes");
    CHECK(eval("~0 == -1 && !0 == 1 && -(-3) == 3 && +4 == 4") == "yes");
    CHECK(eval("1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3 && 1 != 2") == "yes");
    CHECK(eval("0 ? 1/0 : 5 == 5") == "yes");
    CHECK(eval("(1, 0)") == "no");
}

TEST_CASE("conditionals: numbers in every base, with suffixes") {
    CHECK(eval("0x1F == 31 && 017 == 15 && 0b101 == 5 && 10u == 10 && 5L == 5 && 7ull == 7") == "yes");
}

TEST_CASE("conditionals: signedness follows C") {
    CHECK(eval("-1 < 0") == "yes");
    CHECK(eval("-1 < 0u") == "no");  // converted to unsigned
    CHECK(eval("0xFFFFFFFFFFFFFFFF == -1") == "yes");
    CHECK(eval("0xFFFFFFFFFFFFFFFF > 0") == "yes");  // too large for int64: unsigned
    CHECK(eval("9223372036854775807 > 0") == "yes");
    CHECK(eval("(0 ? 1u : -1) > 0") == "yes");  // ?: converts both sides
    CHECK(eval("-1 >> 1 == -1") == "yes");
    CHECK(eval("0xFFFFFFFFFFFFFFFFu >> 63 == 1") == "yes");
}

TEST_CASE("conditionals: character literals") {
    CHECK(eval("'A' == 65 && '\\n' == 10 && '\\x41' == 65 && '\\101' == 65 && '\\0' == 0") == "yes");
    CHECK(eval("'\\xff' < 0") == "yes");  // char is signed, as in clang
}

TEST_CASE("conditionals: short-circuit hides division by zero") {
    CHECK(eval("0 && 1 / 0") == "no");
    CHECK(eval("1 || 1 % 0") == "yes");
}

TEST_CASE("conditionals: division by zero in a live branch is OSH0112") {
    Run r("#if 1 / 0\n#endif\n#if 2 % (1 - 1)\n#endif");
    CHECK(r.codes() == std::vector<std::string>{"OSH0112", "OSH0112"});
    CHECK(r.diag_at(0) == "main.hlsl(1,7)");
    CHECK(r.diag_at(1) == "main.hlsl(3,7)");
}

TEST_CASE("conditionals: malformed expressions are OSH0111 at the offending token") {
    Run a("#if 1 +\n#endif");
    CHECK(a.codes() == std::vector<std::string>{"OSH0111"});
    Run b("#if (1\n#endif");
    CHECK(b.codes() == std::vector<std::string>{"OSH0111"});
    Run c("#if 1 2\n#endif");
    CHECK(c.codes() == std::vector<std::string>{"OSH0111"});
    CHECK(c.diag_at(0) == "main.hlsl(1,7)");
    Run d("#if\n#endif");
    CHECK(d.codes() == std::vector<std::string>{"OSH0111"});
    Run e("#if 1.5\n#endif");
    CHECK(e.codes() == std::vector<std::string>{"OSH0111"});
    Run f("#if defined\n#endif");
    CHECK(f.codes() == std::vector<std::string>{"OSH0111"});
    Run g("#if \"s\"\n#endif");
    CHECK(g.codes() == std::vector<std::string>{"OSH0111"});
    Run h("#if 99999999999999999999\n#endif");
    CHECK(h.codes() == std::vector<std::string>{"OSH0111"});
    Run i("#ifdef\n#endif");
    CHECK(i.codes() == std::vector<std::string>{"OSH0111"});
}

TEST_CASE("conditionals: an error in a macro-expanded condition points at the invocation") {
    Run r("#define BAD 1 +\n\n#if BAD\n#endif");
    CHECK(r.codes() == std::vector<std::string>{"OSH0111"});
    CHECK(r.diag_at(0) == "main.hlsl(3,5)");
}

TEST_CASE("conditionals: signed overflow warns OSH0126") {
    Run r("#if 9223372036854775807 + 1 < 0\nwrapped\n#endif");
    CHECK(r.codes() == std::vector<std::string>{"OSH0126"});
    CHECK(r.text() == "wrapped");
}

TEST_CASE("conditionals: unterminated #if is OSH0101 at the opening #if") {
    Run r("a\n  #ifdef X\n#if 1\nb\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0101", "OSH0101"});
    // Innermost first, each at its own `#`.
    CHECK(r.diag_at(0) == "main.hlsl(3,1)");
    CHECK(r.diag_at(1) == "main.hlsl(2,3)");
    CHECK(r.message(1) == "this #ifdef has no matching #endif; add #endif before the end of the file");
}

TEST_CASE("conditionals: unmatched #else/#elif/#endif are OSH0102") {
    Run r("#endif\n#else\n#elif 1\n#if 1\n#else\n#else\n#elif 1\n#endif");
    CHECK(r.codes() == std::vector<std::string>{"OSH0102", "OSH0102", "OSH0102", "OSH0102", "OSH0102"});
    CHECK(r.diag_at(0) == "main.hlsl(1,1)");
    CHECK(r.diag_at(3) == "main.hlsl(6,1)");
    CHECK(r.diag_at(4) == "main.hlsl(7,1)");
}

TEST_CASE("conditionals: extra tokens after #endif/#else warn OSH0113") {
    Run r("#ifdef A B\n#else junk\n#endif A\n");
    CHECK(r.codes() == std::vector<std::string>{"OSH0113", "OSH0113", "OSH0113"});
}

TEST_CASE("conditionals: deep nesting is fine") {
    std::string src;
    const int depth = 5000;
    for (int i = 0; i < depth; ++i) src += "#if 1\n";
    src += "deep\n";
    for (int i = 0; i < depth; ++i) src += "#endif\n";
    Run r(src);
    CHECK(r.codes().empty());
    CHECK(r.text() == "deep");
}

TEST_CASE("conditionals: deeply nested parentheses are an error, not a crash") {
    std::string expr(100000, '(');
    Run r("#if " + expr + "1\n#endif");
    CHECK(r.codes() == std::vector<std::string>{"OSH0111"});
}

TEST_CASE("conditionals: an unterminated #if in an include is reported in that file") {
    pptest::MemoryFiles mem;
    mem.files["inc.hlsli"] = "#if 1\nx\n";
    oneshader::CompileOptions o;
    o.include_resolver = mem.resolver();
    Run r("#include \"inc.hlsli\"\ny", o);
    CHECK(r.codes() == std::vector<std::string>{"OSH0101"});
    CHECK(r.diag_at(0) == "inc.hlsli(1,1)");
    CHECK(r.text() == "x y");
}
