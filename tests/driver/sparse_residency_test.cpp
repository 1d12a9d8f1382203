// The status and level-of-detail clamp arguments of sampling, gathers and loads, and
// CheckAccessFullyMapped, compiled from HLSL: SPIR-V's sparse instructions (OpImageSparse* giving
// {code, texel}, OpImageSparseTexelsResident) and the MinLod image operand, as DXC writes them,
// valid for Vulkan 1.2 optimized and not; what MSL and WGSL refuse; and the refusals on every target
// (a status on a buffer, a comparison gather of another channel).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

namespace {

CompileOptions pixel_options(oneshader::Target target, bool optimize) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.targets = {target};
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

const char* kSparse = R"(
Texture2D<float4> Tex : register(t0);
Texture2D<float> Depth : register(t1);
[[vk::image_format("rgba8")]] RWTexture2D<float4> Image : register(u2);
SamplerState Samp : register(s3);
SamplerComparisonState Cmp : register(s4);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    uint s0, s1, s2, s3, s4, s5, s6, s7, s8;
    float4 b = Tex.Sample(Samp, uv, int2(1, 0), 2.0, s0);
    float4 c = Tex.SampleLevel(Samp, uv, 0, int2(0, 0), s1);
    float4 d = Tex.SampleBias(Samp, uv, 0.5, int2(0, 1), 1.5, s2);
    float2 e = Tex.SampleGrad(Samp, uv, ddx(uv), ddy(uv), int2(0, 0), 3.0, s3).xy;
    float f = Depth.SampleCmp(Cmp, uv, 0.5, int2(0, 0), 1.0, s4);
    float g = Depth.SampleCmpLevelZero(Cmp, uv, 0.5, int2(0, 0), s5);
    float4 h = Tex.GatherGreen(Samp, uv, int2(0, 0), s6);
    float4 k = Tex.Load(int3(1, 2, 0), int2(0, 0), s7);
    float4 l = Image.Load(int2(1, 2), s8);
    bool resident = CheckAccessFullyMapped(s0) && CheckAccessFullyMapped(s1) && CheckAccessFullyMapped(s2) &&
                    CheckAccessFullyMapped(s3) && CheckAccessFullyMapped(s4) && CheckAccessFullyMapped(s5) &&
                    CheckAccessFullyMapped(s6) && CheckAccessFullyMapped(s7) && CheckAccessFullyMapped(s8);
    return resident ? b + c + d + float4(e, f, g) + h + k + l : 0;
}
)";

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string errors_of(const char* source, oneshader::Target target) {
    oneshader::CompileResult r = oneshader::compile(source, "sparse.hlsl", pixel_options(target, false));
    CHECK_FALSE(r.ok());
    return diagnostics_of(r);
}

}  // namespace

TEST_CASE("status arguments are SPIR-V's sparse instructions and CheckAccessFullyMapped reads their code",
          "[spirv][textures][sparse]") {
    for (bool optimize : {false, true}) {
        oneshader::CompileResult r = oneshader::compile(kSparse, "sparse.hlsl", pixel_options(oneshader::Target::SpirV, optimize));
        INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        CHECK(spirv_tools::has_line(text, "OpCapability SparseResidency"));
        CHECK(spirv_tools::has_line(text, "OpCapability MinLod"));
        CHECK(count_of(text, "= OpImageSparseSampleImplicitLod ") == 2);
        CHECK(count_of(text, "= OpImageSparseSampleExplicitLod ") == 2);
        CHECK(count_of(text, "= OpImageSparseSampleDrefImplicitLod ") == 1);
        CHECK(count_of(text, "= OpImageSparseSampleDrefExplicitLod ") == 1);
        CHECK(count_of(text, "= OpImageSparseGather ") == 1);
        CHECK(count_of(text, "= OpImageSparseFetch ") == 1);
        CHECK(count_of(text, "= OpImageSparseRead ") == 1);
        CHECK(count_of(text, "= OpImageSparseTexelsResident %bool ") == 9);
        CHECK(count_of(text, "|MinLod ") == 4);
        CHECK(text.find("Bias|ConstOffset|MinLod %float_0_5 ") != std::string::npos);
    }
}

TEST_CASE("a level-of-detail clamp without a status is the MinLod operand", "[spirv][textures][sparse]") {
    const char* source = R"(
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s1);
float4 main(float2 uv : TEXCOORD0) : SV_Target { return Tex.Sample(Samp, uv, int2(0, 0), 1.0); }
)";
    oneshader::CompileResult r = oneshader::compile(source, "clamp.hlsl", pixel_options(oneshader::Target::SpirV, false));
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words);
    INFO(text);
    CHECK(spirv_tools::validate(words) == "");
    CHECK(text.find("= OpImageSampleImplicitLod %v4float ") != std::string::npos);
    CHECK(text.find("ConstOffset|MinLod ") != std::string::npos);
    CHECK_FALSE(spirv_tools::has_line(text, "OpCapability SparseResidency"));
}

TEST_CASE("a multisampled load with an offset writes ConstOffset before Sample, with a status or without",
          "[spirv][textures][sparse]") {
    // SPIR-V takes image operands in mask-bit order: ConstOffset (0x8) before Sample (0x40).
    const char* source = R"(
Texture2DMS<float4> Tex : register(t0);
float4 main(float4 pos : SV_Position, uint sample : SV_SampleIndex) : SV_Target {
    uint status;
    float4 a = Tex.Load(int2(pos.xy), sample, int2(1, 0), status);
    float4 b = Tex.Load(int2(pos.xy), sample, int2(0, 1));
    return CheckAccessFullyMapped(status) ? a + b : 0;
}
)";
    for (bool optimize : {false, true}) {
        oneshader::CompileResult r = oneshader::compile(source, "ms.hlsl", pixel_options(oneshader::Target::SpirV, optimize));
        INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        CHECK(count_of(text, "= OpImageSparseFetch ") == 1);
        CHECK(count_of(text, "= OpImageFetch ") == 1);
        CHECK(count_of(text, " ConstOffset|Sample ") == 2);
    }
}

TEST_CASE("MSL and WGSL refuse status and clamp arguments by name", "[msl][wgsl][textures][sparse]") {
    std::string msl = errors_of(kSparse, oneshader::Target::Msl);
    INFO(msl);
    CHECK(msl.find("sparse.hlsl(9,20): error OSH5101: MSL does not support the status argument") != std::string::npos);
    std::string wgsl = errors_of(kSparse, oneshader::Target::Wgsl);
    INFO(wgsl);
    CHECK(wgsl.find("sparse.hlsl(9,20): error OSH5202: WebGPU has no sparse (partially resident) textures") !=
          std::string::npos);
    const char* clamp = R"(
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s1);
float4 main(float2 uv : TEXCOORD0) : SV_Target { return Tex.Sample(Samp, uv, int2(0, 0), 1.0); }
)";
    CHECK(errors_of(clamp, oneshader::Target::Msl).find("OSH5101: MSL does not support the level-of-detail clamp") !=
          std::string::npos);
    CHECK(errors_of(clamp, oneshader::Target::Wgsl).find("OSH5202: WGSL's sampling has no level-of-detail clamp") !=
          std::string::npos);
}

TEST_CASE("a status on a buffer load and a comparison gather of another channel are refused",
          "[lower][textures][sparse]") {
    const char* source = R"(
ByteAddressBuffer Raw : register(t0);
StructuredBuffer<float4> Elements : register(t1);
Texture2D<float> Depth : register(t2);
SamplerComparisonState Cmp : register(s3);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    uint s0, s1;
    uint w = Raw.Load(0, s0);
    float4 e = Elements.Load(1, s1);
    float4 g = Depth.GatherCmpGreen(Cmp, uv, 0.5);
    return e + g + w;
}
)";
    std::string text = errors_of(source, oneshader::Target::SpirV);
    INFO(text);
    CHECK(text.find("sparse.hlsl(8,18): error OSH0400: 'Load' with a status argument is not supported on a buffer: "
                    "residency status exists only for textures. Drop the status argument.") != std::string::npos);
    CHECK(text.find("sparse.hlsl(9,25): error OSH0400: 'Load' with a status argument") != std::string::npos);
    CHECK(text.find("sparse.hlsl(10,22): error OSH0400:") != std::string::npos);
    CHECK(text.find("'GatherCmpGreen' is not supported: a comparison gather compares the first channel only on every "
                    "target.") != std::string::npos);
}
