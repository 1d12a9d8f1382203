// Every stage's diagnostics say where the text came from: a note at the macro definition when
// the place is a macro's expansion, and one per #include that led to the file, innermost first.
// A note the stage gave already is not repeated.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"

using oneshader::test::diagnostics_of;

namespace {

oneshader::CompileResult compile_with_includes(const char* main) {
    oneshader::CompileOptions o;
    o.include_resolver = [](std::string_view requested, std::string_view, bool) -> std::optional<oneshader::ResolvedInclude> {
        if (requested == "outer.hlsli") return oneshader::ResolvedInclude{"outer.hlsli", "#include \"inner.hlsli\"\n"};
        if (requested == "inner.hlsli")
            return oneshader::ResolvedInclude{"inner.hlsli", "float helper(float x) { return x + undefined_name; }\n"};
        return std::nullopt;
    };
    return oneshader::compile(main, "main.hlsl", o);
}

}  // namespace

TEST_CASE("a front-end error in an included file has a note per #include, innermost first", "[driver][diagnostics]") {
    oneshader::CompileResult r = compile_with_includes(
        "#include \"outer.hlsli\"\n[shader(\"pixel\")] float4 main() : SV_Target { return helper(1); }\n");
    CHECK(diagnostics_of(r) ==
          "inner.hlsli(1,36): error OSH0300: 'undefined_name' is not declared. Declare it before this line, or check "
          "the spelling.\n"
          "outer.hlsli(1,10): note: in the file included from outer.hlsli(1)\n"
          "main.hlsl(1,10): note: in the file included from main.hlsl(1)\n");
}

TEST_CASE("a front-end error in a macro's expansion has a note at the definition", "[driver][diagnostics]") {
    oneshader::CompileResult r = oneshader::compile(
        "#define BAD(x) ((x) + missing_thing)\n[shader(\"pixel\")] float4 main() : SV_Target { return BAD(1.0); }\n",
        "main.hlsl");
    CHECK(diagnostics_of(r) ==
          "main.hlsl(2,54): error OSH0300: 'missing_thing' is not declared. Declare it before this line, or check the "
          "spelling.\n"
          "main.hlsl(1,9): note: expanded from macro 'BAD'\n");
}

TEST_CASE("a preprocessor error keeps one include note, not two", "[driver][diagnostics]") {
    oneshader::CompileOptions o;
    o.include_resolver = [](std::string_view requested, std::string_view, bool) -> std::optional<oneshader::ResolvedInclude> {
        if (requested == "bad.hlsli") return oneshader::ResolvedInclude{"bad.hlsli", "#error stop here\n"};
        return std::nullopt;
    };
    oneshader::CompileResult r = oneshader::compile("#include \"bad.hlsli\"\n", "main.hlsl", o);
    std::string text = diagnostics_of(r);
    INFO(text);
    std::size_t first = text.find("in the file included from main.hlsl(1)");
    REQUIRE(first != std::string::npos);
    CHECK(text.find("in the file included from main.hlsl(1)", first + 1) == std::string::npos);
}
