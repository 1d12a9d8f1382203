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

}  // namespace
}  // namespace oneshader::textgen::test
