// The tool's diagnostic forms: MSVC (the default), clang, the caret line, colour and JSON.
#include <catch2/catch.hpp>

#include "diagnostic_printer.hpp"

using namespace oneshader;
using namespace oneshader::cli;

namespace {

std::vector<Diagnostic> one_error() {
    Diagnostic d;
    d.code = "OSH0300";
    d.severity = Severity::Error;
    d.position = {"shaders/a.hlsl", 2, 12};
    d.end = {"shaders/a.hlsl", 2, 17};
    d.message = "'color' is not declared";
    d.notes.push_back({{"shaders/a.hlsl", 1, 7}, "did you mean 'colour'?"});
    return {d};
}

SourceLines lines() {
    return [](const std::string&, std::uint32_t line) -> std::optional<std::string> {
        if (line == 1) return std::string("float colour;");
        if (line == 2) return std::string("    return color * 2;");
        return std::nullopt;
    };
}

}  // namespace

TEST_CASE("diagnostics: the MSVC form is the default and matches Diagnostic::to_string") {
    std::vector<Diagnostic> d = one_error();
    CHECK(format_diagnostics(d, {}, lines()) == d[0].to_string() + "\n");
    CHECK(format_diagnostics(d, {}, lines()) ==
          "shaders/a.hlsl(2,12): error OSH0300: 'color' is not declared\n"
          "shaders/a.hlsl(1,7): note: did you mean 'colour'?\n");
}

TEST_CASE("diagnostics: -fdiagnostics-format=clang") {
    DiagnosticStyle s;
    s.format = DiagnosticFormat::Clang;
    CHECK(format_diagnostics(one_error(), s, lines()) ==
          "shaders/a.hlsl:2:12: error: 'color' is not declared [OSH0300]\n"
          "shaders/a.hlsl:1:7: note: did you mean 'colour'?\n");
}

TEST_CASE("diagnostics: the source line with a caret under the range") {
    DiagnosticStyle s;
    s.caret = true;
    CHECK(format_diagnostics(one_error(), s, lines()) ==
          "shaders/a.hlsl(2,12): error OSH0300: 'color' is not declared\n"
          "    return color * 2;\n"
          "           ^~~~~\n"
          "shaders/a.hlsl(1,7): note: did you mean 'colour'?\n"
          "float colour;\n"
          "      ^\n");
}

TEST_CASE("diagnostics: colour marks the location, the severity and the caret") {
    DiagnosticStyle s;
    s.color = true;
    std::string text = format_diagnostics(one_error(), s, lines());
    CHECK(text.find("\033[1mshaders/a.hlsl(2,12): \033[0m\033[1;31merror OSH0300:\033[0m 'color'") != std::string::npos);
    CHECK(text.find("\033[1;36mnote:\033[0m") != std::string::npos);
}

TEST_CASE("diagnostics: --diagnostics-json writes one array") {
    DiagnosticStyle s;
    s.format = DiagnosticFormat::Json;
    CHECK(format_diagnostics(one_error(), s, lines()) ==
          "[\n  {\"code\": \"OSH0300\", \"severity\": \"error\", \"file\": \"shaders/a.hlsl\", \"line\": 2, \"column\": 12, "
          "\"end_line\": 2, \"end_column\": 17, \"message\": \"'color' is not declared\", \"notes\": [{\"file\": "
          "\"shaders/a.hlsl\", \"line\": 1, \"column\": 7, \"message\": \"did you mean 'colour'?\"}]}\n]\n");
    CHECK(format_diagnostics({}, s, lines()) == "[]\n");
}
