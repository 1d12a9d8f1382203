// -fspv-preserve-bindings: every resource the file declares is in the module at its set and
// binding, used by the entry point or not; without it only the used ones are. Stage variables are
// always all kept (DXC's -fspv-preserve-interface is oneshader's only behaviour).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::test::diagnostics_of;

namespace {

const char* kSource = R"(
[[vk::binding(0)]] Texture2D<float4> Used;
[[vk::binding(1)]] Texture2D<float4> Unused;
[[vk::binding(2)]] RWStructuredBuffer<uint> UnusedBuffer;
[[vk::binding(3)]] AppendStructuredBuffer<float> UnusedAppend;
[[vk::binding(4)]] cbuffer UnusedBlock { float4 tint; };
struct PushData { float scale; };
[[vk::push_constant]] PushData Push;
[[vk::binding(5)]] SamplerState Linear;
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0, float2 unused_uv : TEXCOORD1) : SV_Target {
    return Used.Sample(Linear, uv);
}
)";

std::string spirv_text(bool preserve, oneshader::SpirvTargetEnv env, bool optimize) {
    oneshader::CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.spirv.preserve_bindings = preserve;
    o.spirv.target_env = env;
    o.optimize = optimize;
    oneshader::CompileResult r = oneshader::compile(kSource, "preserve.hlsl", o);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words);
    INFO(text);
    CHECK(spirv_tools::validate(words, env == oneshader::SpirvTargetEnv::Vulkan1_0 ? SPV_ENV_VULKAN_1_0 : SPV_ENV_VULKAN_1_2) ==
          "");
    return text;
}

}  // namespace

TEST_CASE("fspv-preserve-bindings: unused resources keep their set and binding", "[spirv][bindings]") {
    for (auto env : {oneshader::SpirvTargetEnv::Vulkan1_2, oneshader::SpirvTargetEnv::Vulkan1_0})
        for (bool optimize : {true, false}) {
            std::string text = spirv_text(true, env, optimize);
            CHECK(spirv_tools::has_line(text, "OpDecorate %Unused Binding 1"));
            CHECK(spirv_tools::has_line(text, "OpDecorate %UnusedBuffer Binding 2"));
            CHECK(spirv_tools::has_line(text, "OpDecorate %UnusedAppend Binding 3"));
            CHECK(spirv_tools::has_line(text, "OpDecorate %UnusedBlock Binding 4"));
            CHECK(spirv_tools::has_line(text, "OpDecorate %Used Binding 0"));
            // The push-constant block is no binding: an unused one stays out.
            CHECK(text.find("PushConstant") == std::string::npos);
        }
}

TEST_CASE("without fspv-preserve-bindings only the used resources are declared, stage variables all stay",
          "[spirv][bindings]") {
    std::string text = spirv_text(false, oneshader::SpirvTargetEnv::Vulkan1_2, true);
    CHECK(text.find("%Unused ") == std::string::npos);
    CHECK(text.find("%UnusedBuffer") == std::string::npos);
    CHECK(spirv_tools::has_line(text, "OpDecorate %Used Binding 0"));
    CHECK(spirv_tools::has_line(text, "OpDecorate %in_var_TEXCOORD1 Location 1"));
}
