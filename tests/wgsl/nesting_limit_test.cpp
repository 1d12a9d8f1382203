// WGSL's limit on statement nesting (127 levels, as Tint counts them: each if, loop or switch is a
// level and each block and case one more): the deepest nest of each construct that fits is printed
// and Tint and naga accept it; one level more is refused (OSH5202) with a message that says what to
// do, where the printer used to write WGSL that Tint (Chrome's compiler) rejects.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"
#include "wgsl_compile.hpp"
#include "wgsl_validate.hpp"

namespace {

using namespace oneshader;

// A compute shader whose body nests `n` of one construct around a store.
std::string nest(const std::string& construct, int n) {
    std::string s = "RWStructuredBuffer<float> Out : register(u0);\n[numthreads(1, 1, 1)]\n"
                    "void main(uint3 id : SV_DispatchThreadID) {\n    float v = Out[id.x];\n";
    for (int k = 0; k < n; ++k) {
        const std::string i = std::to_string(k);
        if (construct == "if") s += "if (id.x > " + i + ") { v += " + i + ".0;\n";
        if (construct == "loop") s += "for (uint i" + i + " = 0; i" + i + " < id.x; ++i" + i + ") { v += 1.0;\n";
        if (construct == "switch") s += "switch (id.x + " + i + ") { case 0: v += 1.0; break; default: {\n";
    }
    s += "Out[id.x + 1] = v;\n";
    for (int k = 0; k < n; ++k) s += construct == "switch" ? "} break; }\n" : "}\n";
    return s + "Out[id.x] = v;\n}\n";
}

CompileResult compile_wgsl(const std::string& source, bool optimize) {
    return wgsl::test::compile_wgsl(source, "nest.hlsl", "main", Stage::Compute, optimize);
}

}  // namespace

TEST_CASE("WGSL statements nest at most 127 levels: the deepest that fits validates, one more is refused",
          "[wgsl][limits]") {
    wgsl::test::Validator v;
    REQUIRE(v.startup_error().empty());
    // The deepest nest of each construct that Tint accepts (measured with the Tint of the npm
    // package pinned under tools/: 62 ifs, 31 loops, 41 switches).
    const struct {
        const char* construct;
        int deepest;
    } cases[] = {{"if", 62}, {"loop", 31}, {"switch", 41}};
    for (const auto& c : cases) {
        for (bool optimize : {true, false}) {
            INFO(c.construct << ", optimize " << optimize);
            CompileResult fits = compile_wgsl(nest(c.construct, c.deepest), optimize);
            REQUIRE(fits.ok());
            const ShaderBlob* blob = fits.find("main", Target::Wgsl);
            REQUIRE(blob);
            CHECK(v.problems(std::string(blob->as_text()),
                             std::string("nest-") + c.construct + (optimize ? "-o" : "-od")) == "");

            CompileResult deeper = compile_wgsl(nest(c.construct, c.deepest + 1), optimize);
            CHECK_FALSE(deeper.ok());
            std::string errors;
            for (const Diagnostic& d : deeper.diagnostics)
                if (d.severity == Severity::Error) errors += d.to_string() + "\n";
            CHECK(errors.starts_with("nest.hlsl("));
            CHECK(errors.find("error OSH5202: WGSL: statements here nest more than 127 levels deep") != std::string::npos);
            CHECK(errors.find("move the inner part of the nesting into a function") != std::string::npos);
        }
    }
}
