// -fspv-reflect: the semantics, HLSL resource types and counter buffers DXC writes for reflection
// tools, as decorations of the module's variables, valid for every Vulkan target, and nothing of
// it without the option.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;
using spirv_tools::has_line;

namespace {

std::string spirv_of(const std::string& source, oneshader::Stage stage, bool reflect, bool optimize = true,
                     oneshader::SpirvTargetEnv env = oneshader::SpirvTargetEnv::Vulkan1_2) {
    CompileOptions o;
    o.entry_points = {{"main", stage}};
    o.spirv.reflect = reflect;
    o.spirv.target_env = env;
    o.optimize = optimize;
    o.verify_ir = true;
    oneshader::CompileResult r = oneshader::compile(source, "reflect.hlsl", o);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words);
    INFO(text);
    const spv_target_env target = env == oneshader::SpirvTargetEnv::Vulkan1_0 ? SPV_ENV_VULKAN_1_0 : SPV_ENV_VULKAN_1_2;
    CHECK(spirv_tools::validate(words, target) == "");
    return text;
}

const char* kPixel = R"(
struct PSInput {
    float4 Position : SV_POSITION;
    float2 Uv : TEXCOORD0;
    float3 Normal : NORMAL;
};
struct Material { float4 tint; float roughness; };
cbuffer Frame { float4 Tint; };
ConstantBuffer<Material> Mat;
Texture2D<float4> Albedo;
Texture2DMS<float4, 4> Resolved;
StructuredBuffer<float3> Lights;
ByteAddressBuffer Raw;
SamplerState Linear;
struct Output { float4 color : SV_Target0; float4 extra : SV_Target1; };
Output main(PSInput i, uint id : SV_PrimitiveID) {
    Output o;
    o.color = Albedo.Sample(Linear, i.Uv) * Tint * Mat.tint + Resolved.Load(int2(i.Uv), 1);
    o.extra = float4(Lights[0] + i.Normal, asfloat(Raw.Load(0)) + float(id));
    return o;
}
)";

}  // namespace

TEST_CASE("fspv-reflect: decorates stage variables with their semantics as written", "[spirv][reflect]") {
    std::string text = spirv_of(kPixel, oneshader::Stage::Pixel, true);
    CHECK(has_line(text, "OpExtension \"SPV_GOOGLE_hlsl_functionality1\""));
    CHECK(has_line(text, "OpExtension \"SPV_GOOGLE_user_type\""));
    CHECK(text.find("UserSemantic \"TEXCOORD0\"") != std::string::npos);
    CHECK(text.find("UserSemantic \"NORMAL\"") != std::string::npos);
    CHECK(text.find("UserSemantic \"SV_Target0\"") != std::string::npos);
    CHECK(text.find("UserSemantic \"SV_Target1\"") != std::string::npos);
    CHECK(text.find("UserSemantic \"SV_POSITION\"") != std::string::npos);
    CHECK(text.find("UserSemantic \"SV_PrimitiveID\"") != std::string::npos);
}

TEST_CASE("fspv-reflect: gives each resource its HLSL type in SPV_GOOGLE_user_type's spelling", "[spirv][reflect]") {
    std::string text = spirv_of(kPixel, oneshader::Stage::Pixel, true);
    CHECK(text.find("UserTypeGOOGLE \"cbuffer\"") != std::string::npos);
    CHECK(text.find("UserTypeGOOGLE \"constantbuffer:<Material>\"") != std::string::npos);
    CHECK(text.find("UserTypeGOOGLE \"texture2d:<float4>\"") != std::string::npos);
    CHECK(text.find("UserTypeGOOGLE \"texture2dms:<float4,4>\"") != std::string::npos);
    CHECK(text.find("UserTypeGOOGLE \"structuredbuffer:<float3>\"") != std::string::npos);
    CHECK(text.find("UserTypeGOOGLE \"byteaddressbuffer\"") != std::string::npos);
    // Samplers have none, as in DXC.
    CHECK(text.find("%Linear UserTypeGOOGLE") == std::string::npos);
}

TEST_CASE("fspv-reflect: links append and consume buffers to their counters", "[spirv][reflect]") {
    const char* source = R"(
AppendStructuredBuffer<float4> Out;
ConsumeStructuredBuffer<float4> In;
[numthreads(1, 1, 1)]
void main() { Out.Append(In.Consume() * 2); }
)";
    for (bool optimize : {true, false}) {
        std::string text = spirv_of(source, oneshader::Stage::Compute, true, optimize);
        CHECK(text.find("OpDecorateId %Out CounterBuffer %counter_var_Out") != std::string::npos);
        CHECK(text.find("OpDecorateId %In CounterBuffer %counter_var_In") != std::string::npos);
        CHECK(text.find("UserTypeGOOGLE \"appendstructuredbuffer:<float4>\"") != std::string::npos);
        CHECK(text.find("UserTypeGOOGLE \"consumestructuredbuffer:<float4>\"") != std::string::npos);
    }
}

TEST_CASE("fspv-reflect: validates for Vulkan 1.0 and unoptimized too", "[spirv][reflect]") {
    std::string text = spirv_of(kPixel, oneshader::Stage::Pixel, true, false, oneshader::SpirvTargetEnv::Vulkan1_0);
    CHECK(text.find("UserSemantic \"TEXCOORD0\"") != std::string::npos);
}

TEST_CASE("without -fspv-reflect the module has none of it", "[spirv][reflect]") {
    std::string text = spirv_of(kPixel, oneshader::Stage::Pixel, false);
    CHECK(text.find("SPV_GOOGLE") == std::string::npos);
    CHECK(text.find("UserSemantic") == std::string::npos);
    CHECK(text.find("UserTypeGOOGLE") == std::string::npos);
}

TEST_CASE("fspv-reflect: with -fspv-extension that leaves out its extensions is an error naming them", "[spirv][reflect]") {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.spirv.reflect = true;
    o.spirv.extensions = {"KHR"};
    oneshader::CompileResult r = oneshader::compile(kPixel, "reflect.hlsl", o);
    std::string text = diagnostics_of(r);
    INFO(text);
    CHECK_FALSE(r.ok());
    CHECK(text.find("SPV_GOOGLE_") != std::string::npos);
}
