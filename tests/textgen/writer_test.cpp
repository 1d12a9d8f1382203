// The indenting text writer.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

#include "textgen/writer.hpp"

namespace oneshader::textgen::test {
namespace {

TEST_CASE("writer: lines indent by level, blank lines stay empty, and closing never underflows", "[textgen][writer]") {
    TextWriter w;
    w.open("fn f() {");
    w.line("let a = 1;");
    w.line("");
    w.open("loop {");
    w.begin_line();
    w.append("break");
    w.append(";");
    w.end_line();
    w.close("}");
    w.close("}");
    w.close("}");
    w.line("done");
    CHECK(w.level() == 0);
    CHECK(w.take() == "fn f() {\n    let a = 1;\n\n    loop {\n        break;\n    }\n}\n}\ndone\n");
    TextWriter two(2);
    two.indent();
    two.line("x");
    CHECK(two.text() == "  x\n");
}

TEST_CASE("writer: format_line writes a formatted line in place, and an empty result is an empty line",
          "[textgen][writer]") {
    TextWriter w;
    w.open("struct S {");
    w.format_line(FMT_COMPILE("{} {}[{}];"), "float", "a", 4);
    w.format_line(FMT_COMPILE("{}"), "");
    w.format_line(FMT_COMPILE("uchar _pad{}[{}];"), 0, 12);
    w.close("};");
    CHECK(w.take() == "struct S {\n    float a[4];\n\n    uchar _pad0[12];\n};\n");
}

TEST_CASE("writer: a long text grows past the first reservation intact", "[textgen][writer]") {
    TextWriter w;
    std::string expected;
    for (int i = 0; i < 500; ++i) {
        w.format_line(FMT_COMPILE("let v{} = {};"), i, i * 3);
        expected += "let v" + std::to_string(i) + " = " + std::to_string(i * 3) + ";\n";
    }
    CHECK(w.text() == expected);
}

TEST_CASE("writer: line_of joins pieces of every kind into one indented line", "[textgen][writer]") {
    TextWriter w;
    const std::string name = "value_with_a_long_name";
    const std::string_view expr = "(a + b)";
    const char* tail = ";";
    w.open("fn f() {");
    w.line_of("let ", name, " = ", expr, tail);
    w.line_of(name, ' ', '=', ' ', std::string("1u"), ';');
    w.line_of("", std::string(), std::string_view());  // all empty: an empty line, no indentation
    w.line_of("x");
    w.close("}");
    CHECK(w.take() == "fn f() {\n    let value_with_a_long_name = (a + b);\n    value_with_a_long_name = 1u;\n\n    x\n}\n");
}

TEST_CASE("writer: line_of past the first reservation keeps every line intact", "[textgen][writer]") {
    TextWriter w;
    std::string expected;
    const std::string wide(300, 'w');
    for (int i = 0; i < 40; ++i) {
        const std::string n = std::to_string(i);
        w.line_of("let v", n, " = ", wide, ';');
        expected += "let v" + n + " = " + wide + ";\n";
    }
    CHECK(w.text() == expected);
}

TEST_CASE("cat and append_all: pieces in order, one growth, existing text kept", "[textgen][writer]") {
    CHECK(cat("(", std::string("a"), ' ', std::string_view("+"), ' ', "b", ')') == "(a + b)");
    CHECK(cat(std::string()) == "");
    CHECK(cat('x') == "x");
    std::string s = "vec3<f32>(";
    for (int k = 0; k < 3; ++k) append_all(s, k ? ", " : "", std::to_string(k) + ".0");
    append_all(s, ')');
    CHECK(s == "vec3<f32>(0.0, 1.0, 2.0)");
    // The target itself as a piece, with and without growing.
    std::string self = "ab";
    append_all(self, self, self, std::string_view(self).substr(1));
    CHECK(self == "abababb");
    std::string heap(20, 'x');
    heap.shrink_to_fit();
    append_all(heap, heap, std::string_view(heap).substr(0, 3), '!');
    std::string expected_heap(43, 'x');
    expected_heap += '!';  // not `std::string(43, 'x') + "!"`: GCC 12 warns on it (-Warray-bounds, a false positive)
    CHECK(heap == expected_heap);
    std::string roomy = "cd";
    roomy.reserve(64);
    append_all(roomy, roomy, std::string_view(roomy).substr(0, 1));
    CHECK(roomy == "cdcdc");
    std::string big(1000, 'z');
    std::string grown = "<";
    append_all(grown, big, big, '>');
    CHECK(grown.size() == 2002);
    CHECK(grown.front() == '<');
    CHECK(grown.back() == '>');
}

TEST_CASE("writer: lines writes each line of a built list at the current level", "[textgen][writer]") {
    TextWriter w;
    w.open("struct S {");
    w.lines("float a;\n\nint b;\n");
    w.lines("");
    w.lines("uint c;");  // the last line without its newline is written too
    w.close("};");
    CHECK(w.take() == "struct S {\n    float a;\n\n    int b;\n    uint c;\n};\n");
}

TEST_CASE("Decimal: an integer piece prints as fmt's {} does", "[textgen][writer]") {
    CHECK(cat("v", Decimal(0), '_', Decimal(-12), '_', Decimal(7u)) == "v0_-12_7");
    CHECK(cat(Decimal(std::numeric_limits<std::uint64_t>::max())) == "18446744073709551615");
    CHECK(cat(Decimal(std::numeric_limits<std::int64_t>::min())) == "-9223372036854775808");
    CHECK(cat(Decimal(static_cast<signed char>(-128)), ' ', Decimal(static_cast<unsigned char>(255))) == "-128 255");
    for (long long v : {1LL, 9LL, 10LL, 99LL, 100LL, -1LL, 4096LL, 123456789012LL})
        CHECK(cat(Decimal(v)) == fmt::format("{}", v));
    TextWriter w;
    w.line_of("uchar _pad", Decimal(3), '[', Decimal(12), "];");
    CHECK(w.take() == "uchar _pad3[12];\n");
}

}  // namespace
}  // namespace oneshader::textgen::test
