// Error reporting and recovery: exact codes and positions, one error per mistake, parsing goes
// on after it, and unsupported language features are named.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using oneshader::test::diags_of;
using oneshader::test::parse_text;
using V = std::vector<std::string>;

TEST_CASE("a missing semicolon is reported after the previous token", "[parser][error]") {
    CHECK(diags_of("float a = 1\nfloat b = 2;\nfloat c = 3;") == V{"OSH0200 1:12"});
    CHECK(diags_of("void f() {\n  x = 1\n  y = 2;\n  z = 3;\n}") == V{"OSH0200 2:8"});
    CHECK(diags_of("struct S { float a; }\nfloat b;") == V{"OSH0200 2:6"});
    CHECK(diags_of("void f() { for (int i = 0; i < 4 i++) {} }") == V{"OSH0200 1:33"});
}

TEST_CASE("after an error parsing goes on with the next statement", "[parser][error]") {
    auto p = parse_text("void f() {\n  x = ;\n  y = 2;\n  z = (1 + 2;\n  w = 3;\n}\nfloat after;");
    CHECK(p->diags() == V{"OSH0201 2:7", "OSH0200 4:13"});
    std::string d = p->dump();
    CHECK(d.find("(expr 3:3 (= y (int 2 2)))") != std::string::npos);
    CHECK(d.find("(expr 5:3 (= w (int 3 3)))") != std::string::npos);
    CHECK(d.find("(var 7:7 after float)") != std::string::npos);
}

TEST_CASE("after a bad declaration parsing goes on with the next one", "[parser][error]") {
    auto p = parse_text("float x = ;\nfloat y = 1;\n) junk here;\nfloat z;\nstruct T { float a; float }; float w;");
    CHECK(p->diags() == V{"OSH0201 1:11", "OSH0203 3:1", "OSH0204 5:27"});
    std::string d = p->dump();
    CHECK(d.find("(var 2:7 y float (init (int 1 1)))") != std::string::npos);
    CHECK(d.find("(var 4:7 z float)") != std::string::npos);
    CHECK(d.find("(var 5:36 w float)") != std::string::npos);
}

TEST_CASE("unbalanced braces", "[parser][error]") {
    auto p = parse_text("void f() {\n  if (x) {\n  y = 2;\n");
    CHECK(p->diags() == V{"OSH0210 4:1"});
    REQUIRE(p->ctx.diags.diagnostics().size() == 1);
    REQUIRE(p->ctx.diags.diagnostics()[0].notes.size() == 1);
    CHECK(p->messages().find("note: the block opened here") != std::string::npos);
    CHECK(diags_of("}\nfloat x;") == V{"OSH0203 1:1"});
    CHECK(diags_of("float f() { return 1; } }") == V{"OSH0203 1:25"});
    CHECK(diags_of("struct S { float a;") == V{"OSH0210 1:20"});
    CHECK(diags_of("cbuffer C { float a;") == V{"OSH0210 1:21"});
}

TEST_CASE("misplaced keywords and annotations", "[parser][error]") {
    CHECK(diags_of("void f() { else x; }") == V{"OSH0211 1:12"});
    CHECK(diags_of("float4 main() : { return 0; }") == V{"OSH0212 1:17"});
    CHECK(diags_of("cbuffer { float a; }") == V{"OSH0204 1:9"});
    CHECK(diags_of("[numthreads(8,8,1)\nvoid main() {}") == V{"OSH0200 2:1"});
    CHECK(diags_of("void f() { do x++; until (x); }") == V{"OSH0200 1:20"});
    CHECK(diags_of("Texture2D t : register(t0, space1, x, y);") == V{"OSH0212 1:39"});
    CHECK(diags_of("float a : packoffset(1);") == V{"OSH0212 1:22"});
    CHECK(diags_of("void f() { void g() {} }") == V{"OSH0211 1:21"});
}

TEST_CASE("bit field widths outside struct members are refused", "[parser][error]") {
    CHECK(diags_of("struct S { uint a : 4; };").empty());
    CHECK(diags_of("void f(uint a : 4) {}") == V{"OSH0362 1:17"});
    CHECK(diags_of("uint f() : 4 { return 0; }") == V{"OSH0362 1:12"});
    CHECK(diags_of("cbuffer B : 3 { uint a; }") == V{"OSH0362 1:13"});
    CHECK(diags_of("struct S { uint a : 4 : 5; };") == V{"OSH0362 1:25"});
}

TEST_CASE("unsupported language features are named", "[parser][error]") {
    CHECK(diags_of("interface I { void f(); };\nfloat x;") == V{"OSH0209 1:1"});
    CHECK(diags_of("void f() { goto L; }") == V{"OSH0209 1:12"});
    CHECK(diags_of("void f(float* p) {}") == V{"OSH0209 1:13"});
    CHECK(diags_of("void f(inout float& p) {}") == V{"OSH0209 1:19"});
    CHECK(diags_of("void f() { int* p; }") == V{"OSH0209 1:15"});
    CHECK(diags_of("void f() { x = *p; }") == V{"OSH0209 1:16"});
    CHECK(diags_of("void f() { p->x = 1; }") == V{"OSH0209 1:13"});
    CHECK(diags_of("void main(triangle float4 v[3]) {}") == V{"OSH0209 1:11"});
    CHECK(diags_of("using namespace X;") == V{"OSH0209 1:7"});
    CHECK(diags_of("void f() { x = 'a'; }") == V{"OSH0209 1:16"});
    CHECK(diags_of("template<typename T> struct S { static int k; };\ntemplate<typename T> int S<T>::k = 0;") ==
          V{"OSH0209 2:26"});
    CHECK(diags_of("template<typename T> static const T k = 1;\ntemplate<typename T> static const T k<vector<T, 2> > = 2;") ==
          V{"OSH0209 2:38"});
    auto p = parse_text("interface I { void f(); };");
    CHECK(p->messages().find("'interface' is not supported") != std::string::npos);
}

TEST_CASE("messages say what was expected and what was found", "[parser][error]") {
    auto p = parse_text("float a = 1\nfloat b;");
    CHECK(p->messages() == "t.hlsl(1,12): error OSH0200: expected ';' after the declaration, found 'float'\n");
    p = parse_text("void f() { x = ; }");
    CHECK(p->messages() == "t.hlsl(1,16): error OSH0201: expected an expression, found ';'\n");
    p = parse_text("void f() {");
    CHECK(p->messages() ==
          "t.hlsl(1,11): error OSH0210: missing '}' to close the block before the end of the file\n"
          "t.hlsl(1,10): note: the block opened here\n");
}

TEST_CASE("one error per broken statement, many broken statements", "[parser][error]") {
    std::string text = "void f() {\n";
    for (int i = 0; i < 20; ++i) text += "  x = = 1;\n";
    text += "}\n";
    auto p = parse_text(text);
    CHECK(p->ctx.diags.error_count() == 20);
}

TEST_CASE("the error cap stops the parser", "[parser][error]") {
    std::string text;
    for (int i = 0; i < 1000; ++i) text += "float = ;\n";
    auto p = parse_text(text);
    CHECK(p->ctx.diags.limit_reached());
    CHECK(p->ctx.diags.diagnostics().size() == 101);
    CHECK(p->ctx.diags.diagnostics().back().code == oneshader::support::DiagCode::too_many_errors);
}

TEST_CASE("garbage never hangs or crashes the parser", "[parser][error]") {
    const char* inputs[] = {
        "",
        ";;;;",
        "(((",
        ")))",
        "]]]",
        "[[[",
        "{{{",
        "<<<>>>",
        "float",
        "float x",
        "float x[",
        "float x : ",
        "float x : register(",
        "struct",
        "struct {",
        "template",
        "template<",
        "template<typename",
        "void f(",
        "void f() { for (",
        "void f() { switch (x) { case",
        "Texture2D<",
        "Texture2D<float4",
        "vector<vector<vector<",
        "cbuffer B : register(b0) {",
        "namespace N {",
        "enum E {",
        "enum class E : {",
        "void f() { x = a ? b; }",
        "void f() { x = (float)(; }",
        "void f() { x = sizeof(; }",
        "void f() { x = a.; }",
        "void f() { x = a.b<float4>(; }",
        "float4 operator",
        "[[vk::",
        "[shader(\"vertex\"",
        "void f() { [unroll for(;;){} }",
        "} } } { { {",
        "1 2 3 4",
        "float a = {{{{",
        "float a = { 1, 2,",
        "typedef",
        "using X =",
        "struct S : { };",
    };
    for (const char* text : inputs) {
        INFO(text);
        auto p = parse_text(text);
        CHECK(p->tu != nullptr);
        if (std::string_view(text).find_first_not_of("; ") != std::string_view::npos) {
            CHECK(p->ctx.diags.has_errors());
        }
        (void)p->dump();
    }
}

TEST_CASE("random token soup is parsed to the end without crashing", "[parser][error]") {
    // A fixed seed keeps the test deterministic; the vocabulary mixes declarations, statements,
    // operators and brackets so that every recovery path gets exercised.
    const char* vocabulary[] = {
        "float4", "struct", "S", "{", "}", "(", ")", "[", "]", "[[", "]]", ";", ",", ":", "::", "=", "+", "-",
        "*", "<", ">", ">>", "?", ".", "x", "y", "1", "2.0f", "0x1u", "if", "else", "for", "while", "do",
        "switch", "case", "default", "return", "break", "cbuffer", "register(b0)", "template", "typename",
        "T", "Texture2D", "vector", "namespace", "enum", "class", "typedef", "static", "const", "in", "out",
        "sample", "operator", "sizeof", "this", "true", "\"s\"", "SV_Target", "packoffset", "void",
    };
    constexpr std::size_t kWords = sizeof(vocabulary) / sizeof(vocabulary[0]);
    std::uint32_t state = 12345;
    auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (int round = 0; round < 300; ++round) {
        std::string text;
        std::uint32_t length = next() % 200;
        for (std::uint32_t i = 0; i < length; ++i) {
            text += vocabulary[next() % kWords];
            text += ' ';
        }
        INFO(text);
        auto p = parse_text(text);
        REQUIRE(p->tu != nullptr);
        (void)p->dump();
    }
}

TEST_CASE("variables of an unnamed struct parse without a diagnostic, as DXC takes them", "[parser][error]") {
    CHECK(diags_of("struct { float a; } s;\nfloat after;").empty());
}

TEST_CASE("mesh-shader parameter qualifiers are reported, the same names elsewhere are not", "[parser][error]") {
    CHECK(diags_of("void ms(out vertices V verts[64]) {}") == V{"OSH0209 1:13"});
    CHECK(diags_of("void f(float3 vertices[3], uint indices) { float payload = indices; }").empty());
}
