// -fvk-stage-io-order=alpha: stage variables without [[vk::location]] take locations in the
// alphabetical order of their semantics, as DXC assigns them; declaration order otherwise. The
// SPIR-V, the MSL and WGSL, and the reflection agree.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::test::diagnostics_of;

namespace {

const char* kSource = R"(
struct VSOut {
    float4 pos : SV_Position;
    float2 uv : TEXCOORD0;
    float4 color : COLOR0;
    float3 normal : NORMAL;
};
VSOut main(float3 p : POSITION, float4 c : COLOR0, float2 t : TEXCOORD0) {
    VSOut o;
    o.pos = float4(p, 1);
    o.uv = t;
    o.color = c;
    o.normal = p;
    return o;
}
)";

oneshader::CompileResult compile(bool alpha) {
    oneshader::CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Vertex}};
    o.targets = {oneshader::Target::SpirV, oneshader::Target::Msl, oneshader::Target::Wgsl};
    o.bindings.alpha_stage_io_order = alpha;
    return oneshader::compile(kSource, "order.hlsl", o);
}

// Semantic (with its index) to location, from the reflection.
std::map<std::string, std::uint32_t> locations(const std::vector<oneshader::StageVariable>& vars) {
    std::map<std::string, std::uint32_t> out;
    for (const oneshader::StageVariable& v : vars)
        if (v.location) out[v.semantic + std::to_string(v.semantic_index)] = *v.location;
    return out;
}

}  // namespace

TEST_CASE("fvk-stage-io-order=alpha assigns locations by semantic, every target and the reflection agreeing",
          "[stage-io][order]") {
    oneshader::CompileResult r = compile(true);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    const oneshader::EntryPointInfo& e = r.reflection->entry_points.at(0);
    CHECK(locations(e.inputs) == std::map<std::string, std::uint32_t>{{"COLOR0", 0}, {"POSITION0", 1}, {"TEXCOORD0", 2}});
    CHECK(locations(e.outputs) == std::map<std::string, std::uint32_t>{{"COLOR0", 0}, {"NORMAL0", 1}, {"TEXCOORD0", 2}});
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words);
    INFO(text);
    CHECK(spirv_tools::validate(words) == "");
    CHECK(spirv_tools::has_line(text, "OpDecorate %in_var_COLOR0 Location 0"));
    CHECK(spirv_tools::has_line(text, "OpDecorate %in_var_POSITION Location 1"));
    CHECK(spirv_tools::has_line(text, "OpDecorate %out_var_NORMAL Location 1"));
    CHECK(spirv_tools::has_line(text, "OpDecorate %out_var_TEXCOORD0 Location 2"));
    std::string wgsl(r.find("main", oneshader::Target::Wgsl)->as_text());
    CHECK(wgsl.find("@location(2)") != std::string::npos);
}

TEST_CASE("the default order is the declaration's", "[stage-io][order]") {
    oneshader::CompileResult r = compile(false);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    const oneshader::EntryPointInfo& e = r.reflection->entry_points.at(0);
    CHECK(locations(e.inputs) == std::map<std::string, std::uint32_t>{{"POSITION0", 0}, {"COLOR0", 1}, {"TEXCOORD0", 2}});
    CHECK(locations(e.outputs) == std::map<std::string, std::uint32_t>{{"TEXCOORD0", 0}, {"COLOR0", 1}, {"NORMAL0", 2}});
}
