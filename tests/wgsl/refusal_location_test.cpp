// WGSL refusals (OSH5202) report at the line of use (ir::Instruction::loc), or for a declaration
// at the declaration (ir::Global::loc): the spec's Clip.hlsl sample gives its message word for word
// at the SV_ClipDistance member. (A raise transform's refusal: tests/raise/report_test.cpp.)
#include <catch2/catch.hpp>

#include <string>

#include "corpus_files.hpp"
#include "oneshader/oneshader.hpp"

namespace {

std::string first_error(const std::string& source, const std::string& path, const std::string& entry,
                        oneshader::Stage stage, bool optimize) {
    oneshader::CompileOptions o;
    o.targets = {oneshader::Target::Wgsl};
    o.entry_points = {{entry, stage}};
    o.optimize = optimize;
    oneshader::CompileResult r = oneshader::compile(source, path, o);
    for (const oneshader::Diagnostic& d : r.diagnostics)
        if (d.severity == oneshader::Severity::Error) return d.to_string();
    return "";
}

}  // namespace

TEST_CASE("Clip.hlsl: OSH5202 at the SV_ClipDistance member, word for word", "[wgsl][locations]") {
    std::string source = corpus::read_text(corpus::root() / "spec" / "Clip.hlsl");
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        // The spec's file is this one without the corpus's two comment lines: its (2,53) is our (4,53).
        CHECK(first_error(source, "Clip.hlsl", "VSMain", oneshader::Stage::Vertex, optimize) ==
              "Clip.hlsl(4,53): error OSH5202: SV_ClipDistance and SV_CullDistance need WebGPU's optional "
              "clip-distances feature, which this backend does not use; clip in the pixel shader with clip() or "
              "discard instead.");
    }
}

TEST_CASE("WGSL refusals of a use name its line and column, inlined or not", "[wgsl][locations]") {
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        std::string lod = first_error("Texture2D t : register(t0);\n"
                                      "SamplerState s : register(s0);\n"
                                      "float level(float2 uv) {\n"
                                      "    return t.CalculateLevelOfDetail(s, uv);\n"
                                      "}\n"
                                      "float4 PSMain(float2 uv : TEXCOORD0) : SV_Target { return level(uv); }\n",
                                      "lod.hlsl", "PSMain", oneshader::Stage::Pixel, optimize);
        CHECK(lod.starts_with("lod.hlsl(4,"));
        CHECK(lod.find("error OSH5202: CalculateLevelOfDetail is not available in WGSL") != std::string::npos);
    }
}
