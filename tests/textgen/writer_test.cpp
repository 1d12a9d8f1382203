// The indenting text writer.
#include <catch2/catch.hpp>

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

}  // namespace
}  // namespace oneshader::textgen::test
