// Limits turn runaway input into diagnostics: output size, expansion steps, nesting.
#include <catch2/catch.hpp>


#include "pp_test_util.hpp"

using pptest::Run;

namespace {
// #define A0 A1 A1, A1 A2 A2, ...: 2^levels tokens from one use of A0.
std::string bomb(int levels) {
    std::string s;
    for (int i = 0; i < levels; ++i) s += fmt::format("#define A{} A{} A{}\n", i, i + 1, i + 1);
    s += "A0\n";
    return s;
}
}  // namespace

TEST_CASE("limits: a macro bomb hits the output limit OSH0123 quickly") {
    // 2^40 tokens if nothing stopped it; CTest's timeout catches a limit that fails to hold.
    Run r(bomb(40));
    CHECK(r.codes() == std::vector<std::string>{"OSH0123"});
    CHECK(r.diag_at(0) == "main.hlsl(41,1)");
}

TEST_CASE("limits: expansion steps OSH0124") {
    oneshader::CompileOptions o;
    o.limits.max_expansion_steps = 1000;
    Run r(bomb(30), o);
    CHECK(r.codes() == std::vector<std::string>{"OSH0124"});
}

TEST_CASE("limits: argument bombs are stopped by the step limit") {
    // Each level doubles its argument, which is pre-expanded again at every level.
    std::string s = "#define D(x) x x\n";
    std::string call = "1";
    for (int i = 0; i < 60; ++i) call = "D(" + call + ")";
    oneshader::CompileOptions o;
    o.limits.max_expansion_steps = 100000;
    Run r(s + call, o);
    CHECK(r.codes() == std::vector<std::string>{"OSH0124"});
}

TEST_CASE("limits: output limit counts tokens from the source too") {
    oneshader::CompileOptions o;
    o.limits.max_output_tokens = 5;
    Run r("a b c d e f g", o);
    CHECK(r.codes() == std::vector<std::string>{"OSH0123"});
    CHECK(r.out.tokens.size() == 6);  // five tokens and Eof
}

TEST_CASE("limits: deeply nested macro arguments are OSH0119, not a stack overflow") {
    std::string call = "1";
    for (int i = 0; i < 5000; ++i) call = "ID(" + call + ")";
    Run r("#define ID(x) x\n" + call);
    CHECK(r.codes() == std::vector<std::string>{"OSH0119"});
}

TEST_CASE("limits: moderately nested arguments are fine") {
    std::string call = "1";
    for (int i = 0; i < 150; ++i) call = "ID(" + call + ")";
    Run r("#define ID(x) x\n" + call);
    CHECK(r.codes().empty());
    CHECK(r.text() == "1");
}

TEST_CASE("limits: long object-like chains expand iteratively") {
    std::string s;
    for (int i = 0; i < 20000; ++i) s += fmt::format("#define M{} M{}\n", i, i + 1);
    s += "#define M20000 end\nM0\n";
    Run r(s);
    CHECK(r.codes().empty());
    CHECK(r.text() == "end");
}

TEST_CASE("limits: mutual recursion stops") {
    Run r("#define A(x) B(x) + 1\n#define B(x) A(x) * 2\nA(0)");
    CHECK(r.codes().empty());
    CHECK(r.text() == "A ( 0 ) * 2 + 1");
}

TEST_CASE("limits: the error cap stops a flood of errors") {
    std::string s;
    for (int i = 0; i < 500; ++i) s += fmt::format("#error e{}\n", i);
    Run r(s);
    CHECK(r.codes().size() == 101);
    CHECK(r.codes().back() == "OSH0004");
}


TEST_CASE("limits: copies of a macro argument count per use, so nested calls stop at the limit") {
    // Ten uses per level: 10^12 tokens at 12 levels, each level's argument copied ten times. The
    // copies count against the step limit, which stops it after about 2 x 10^7 steps.
    std::string call = "1";
    for (int i = 0; i < 12; ++i) call = "F(" + call + ")";
    Run r("#define F(x) x x x x x x x x x x\n" + call);
    REQUIRE(r.codes().size() == 1);
    CHECK((r.codes()[0] == "OSH0124" || r.codes()[0] == "OSH0123"));
}

TEST_CASE("limits: macro arguments used several times still expand when small") {
    Run r("#define F(x) x x x\nF(F(a))");
    CHECK(r.codes().empty());
    CHECK(r.text() == "a a a a a a a a a");
}
