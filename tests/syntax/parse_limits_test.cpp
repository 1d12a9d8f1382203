// Deep and long input: nesting beyond the bound is one diagnostic (OSH0205), never a stack
// overflow; input within the bound parses. Plus a speed check on a realistic shader.
#include <catch2/catch.hpp>


#include "parse_helpers.hpp"

using oneshader::test::parse_text;

namespace {

std::string repeat(std::string_view s, int n) {
    std::string out;
    out.reserve(s.size() * static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out += s;
    return out;
}

std::size_t count_code(const oneshader::test::Parsed& p, oneshader::support::DiagCode code) {
    std::size_t n = 0;
    for (const auto& d : p.ctx.diags.diagnostics())
        if (d.code == code) ++n;
    return n;
}

constexpr auto kTooDeep = oneshader::support::DiagCode::parse_nesting_too_deep;

}  // namespace

TEST_CASE("100000 open parentheses give one nesting diagnostic", "[parser][limits]") {
    auto p = parse_text("void f() { x = " + repeat("(", 100000) + "1; }\nfloat after;");
    CHECK(count_code(*p, kTooDeep) == 1);
    CHECK(p->dump().find("(var 2:7 after float)") != std::string::npos);
}

TEST_CASE("balanced deep parentheses beyond the bound", "[parser][limits]") {
    auto p = parse_text("float x = " + repeat("(", 5000) + "1" + repeat(")", 5000) + ";");
    CHECK(count_code(*p, kTooDeep) == 1);
    auto ok = parse_text("float x = " + repeat("(", 200) + "1" + repeat(")", 200) + ";");
    CHECK_FALSE(ok->ctx.diags.has_errors());
}

TEST_CASE("deeply nested blocks, ifs and unary operators", "[parser][limits]") {
    auto blocks = parse_text("void f() " + repeat("{", 100000) + repeat("}", 100000));
    CHECK(count_code(*blocks, kTooDeep) == 1);
    auto ifs = parse_text("void f() { " + repeat("if (x) ", 100000) + "y = 1; }");
    CHECK(count_code(*ifs, kTooDeep) == 1);
    auto elses = parse_text("void f() { if (a) x = 0; " + repeat("else if (a) x = 1; ", 50000) + "}");
    CHECK(count_code(*elses, kTooDeep) == 1);
    auto unary = parse_text("float x = " + repeat("-", 100000) + "1;");
    CHECK(count_code(*unary, kTooDeep) == 1);
    auto assign = parse_text("void f() { " + repeat("a = ", 100000) + "1; }");
    CHECK(count_code(*assign, kTooDeep) == 1);
    auto ternary = parse_text("float x = " + repeat("a ? b : ", 100000) + "c;");
    CHECK(count_code(*ternary, kTooDeep) == 1);
    auto ok = parse_text("void f() " + repeat("{", 100) + repeat("}", 100));
    CHECK_FALSE(ok->ctx.diags.has_errors());
}

TEST_CASE("a statement nested too deeply ends its block: one diagnostic, no follow-on errors", "[parser][limits]") {
    // Each `else if` nests one level: past the bound, the `else`s of the levels above used to be
    // an error each ("'else' without a matching 'if'"), 100 of them. The rest of the block is
    // skipped and parsing goes on after it.
    for (const char* then : {"x = 1; ", "{ x = 1; } ", "return; "}) {
        auto p = parse_text("void f() { if (a) x = 0; " + repeat(std::string("else if (a) ") + then, 2000) +
                            "else x = 2; }\nfloat after;");
        INFO(then);
        CHECK(p->ctx.diags.diagnostics().size() == 1);
        CHECK(count_code(*p, kTooDeep) == 1);
        CHECK(p->dump().find("after float") != std::string::npos);
        // The message names the chain and what to write instead.
        CHECK(p->ctx.diags.diagnostics()[0].message.find("else-if chain") != std::string::npos);
        CHECK(p->ctx.diags.diagnostics()[0].message.find("switch") != std::string::npos);
    }
    // Deep blocks followed by more statements in the outer block, then another function.
    auto blocks = parse_text("void f() { " + repeat("{ x = 1; ", 300) + repeat("} y = 2; ", 300) +
                             "}\nvoid g() { z = 3; }");
    CHECK(blocks->ctx.diags.diagnostics().size() == 1);
    CHECK(blocks->ctx.diags.diagnostics()[0].message.find("else-if") == std::string::npos);
    CHECK(blocks->dump().find("(function ") != std::string::npos);
    CHECK(blocks->dump().find(" g ") != std::string::npos);
}

TEST_CASE("long operator and postfix chains are bounded in tree height", "[parser][limits]") {
    auto sum = parse_text("float x = a" + repeat(" + a", 100000) + ";\nfloat after;");
    CHECK(count_code(*sum, kTooDeep) == 1);
    CHECK(sum->dump().find("(var 2:7 after float)") != std::string::npos);
    auto members = parse_text("float x = a" + repeat(".b", 100000) + ";");
    CHECK(count_code(*members, kTooDeep) == 1);
    auto calls = parse_text("float x = f" + repeat("(1)", 100000) + ";");
    CHECK(count_code(*calls, kTooDeep) == 1);
    auto comma = parse_text("void f() { a" + repeat(", a", 100000) + "; }");
    CHECK(count_code(*comma, kTooDeep) == 1);
    auto ok = parse_text("float x = a" + repeat(" + a", 1000) + ";");
    CHECK_FALSE(ok->ctx.diags.has_errors());
}

TEST_CASE("deep template arguments, initializer lists and structs", "[parser][limits]") {
    auto targs = parse_text(repeat("vector<", 100000) + "float" + repeat(">", 100000) + " v;");
    CHECK(count_code(*targs, kTooDeep) == 1);
    auto inits = parse_text("float a[1] = " + repeat("{", 100000) + "1" + repeat("}", 100000) + ";");
    CHECK(count_code(*inits, kTooDeep) == 1);
    auto structs = parse_text(repeat("struct S { ", 100000) + repeat("};", 100000));
    CHECK(count_code(*structs, kTooDeep) == 1);
    auto namespaces = parse_text(repeat("namespace N { ", 100000) + repeat("}", 100000));
    CHECK(count_code(*namespaces, kTooDeep) == 1);
    auto ok = parse_text(repeat("vector<", 20) + "float" + repeat(">", 20) + " v;");
    CHECK_FALSE(ok->ctx.diags.has_errors());
}

TEST_CASE("the nesting bound is an option", "[parser][limits]") {
    oneshader::syntax::ParseOptions options;
    options.max_depth = 10;
    auto deep = parse_text("float x = " + repeat("(", 12) + "1" + repeat(")", 12) + ";", options);
    CHECK(deep->diags() == std::vector<std::string>{"OSH0205 1:20"});
    auto shallow = parse_text("float x = " + repeat("(", 5) + "1" + repeat(")", 5) + ";", options);
    CHECK_FALSE(shallow->ctx.diags.has_errors());
    options.max_expr_height = 8;
    auto tall = parse_text("float y = a + a + a + a + a + a + a + a + a + a;", options);
    CHECK(tall->diags() == std::vector<std::string>{"OSH0205 1:11"});
}
