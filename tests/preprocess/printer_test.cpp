// The -P text: spacing, line alignment and #line markers.
#include <catch2/catch.hpp>

#include "pp_test_util.hpp"

using pptest::MemoryFiles;
using pptest::Run;

TEST_CASE("printer: keeps lines aligned and spacing as written") {
    Run r("float a=1;\n\n  int  b;\n");
    CHECK(r.printed() == "#line 1 \"main.hlsl\"\nfloat a=1;\n\n  int b;\n");
}

TEST_CASE("printer: directives become blank lines") {
    Run r("#define X 3\nint x = X;\n#if 0\nno\n#endif\ny");
    CHECK(r.printed() == "#line 2 \"main.hlsl\"\nint x = 3;\n\n\n\ny\n");
}

TEST_CASE("printer: a long skipped region gets a #line marker") {
    std::string s = "a\n#if 0\n";
    for (int i = 0; i < 20; ++i) s += "skipped\n";
    s += "#endif\nb\n";
    Run r(s);
    CHECK(r.printed() == "#line 1 \"main.hlsl\"\na\n#line 24 \"main.hlsl\"\nb\n");
}

TEST_CASE("printer: includes get markers in and out") {
    MemoryFiles mem;
    mem.files["inc.h"] = "inside";
    oneshader::CompileOptions o;
    o.include_resolver = mem.resolver();
    Run r("before\n#include \"inc.h\"\nafter\n", o);
    CHECK(r.printed() == "#line 1 \"main.hlsl\"\nbefore\n#line 1 \"inc.h\"\ninside\n#line 3 \"main.hlsl\"\nafter\n");
}

TEST_CASE("printer: macro output does not paste into new tokens") {
    Run r("#define M -\n#define P +\n-M P+ M-1 a M\n#define E\nx E y");
    CHECK(r.printed() == "#line 3 \"main.hlsl\"\n- - + + - -1 a -\n\nx y\n");
}

TEST_CASE("printer: a multi-line invocation prints on its first line, what follows on its own line") {
    Run r("#define F(a, b) a + b\nF(1,\n  2) z\nw");
    CHECK(r.printed() == "#line 2 \"main.hlsl\"\n1 + 2\n     z\nw\n");
}

TEST_CASE("printer: #line directives rename the output") {
    Run r("#line 10 \"x.hlsl\"\na\n");
    CHECK(r.printed() == "#line 10 \"x.hlsl\"\na\n");
}

TEST_CASE("printer: public preprocess() prints, and the output preprocesses to the same tokens") {
    const char* src = "#define SQ(x) ((x)*(x))\nfloat f(float v) { return SQ(v) + 1.0e-3f; }\n";
    auto first = oneshader::preprocess(src, "s.hlsl");
    REQUIRE(first.ok());
    auto second = oneshader::preprocess(first.text, "s.hlsl");
    REQUIRE(second.ok());
    CHECK(second.text == first.text);
    CHECK(first.text.find("return ((v)*(v)) + 1.0e-3f;") != std::string::npos);
}

TEST_CASE("printer: output is deterministic") {
    const char* src = "#define A(x) x ## 1 #x\nA(q) __COUNTER__ __COUNTER__\n";
    CHECK(oneshader::preprocess(src, "d.hlsl").text == oneshader::preprocess(src, "d.hlsl").text);
}

TEST_CASE("printer: pragmas stay in the output on their own lines, #pragma once does not") {
    Run r("#pragma once\nfloat a;\n#pragma pack_matrix( row_major )\nfloat4x4 m;\n#pragma warning(disable: 3206)\n");
    CHECK(r.printed() ==
          "#line 2 \"main.hlsl\"\nfloat a;\n#pragma pack_matrix( row_major )\nfloat4x4 m;\n"
          "#pragma warning(disable: 3206)\n");
}

TEST_CASE("printer: a pragma after blank lines and in an include keeps its line") {
    MemoryFiles mem;
    mem.files["inc.h"] = "#pragma pack_matrix(column_major)\nx";
    oneshader::CompileOptions o;
    o.include_resolver = mem.resolver();
    Run r("a\n\n\n#pragma dxc diagnostic push\nb\n#include \"inc.h\"\nc\n", o);
    CHECK(r.printed() == "#line 1 \"main.hlsl\"\na\n\n\n#pragma dxc diagnostic push\nb\n#line 1 \"inc.h\"\n"
                         "#pragma pack_matrix(column_major)\nx\n#line 7 \"main.hlsl\"\nc\n");
}
