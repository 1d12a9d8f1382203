// The SM 6.4-6.6 intrinsics and the 16-bit reinterpretations, compiled from HLSL: the SPIR-V
// instructions, capabilities and extensions DXC uses for them (valid for Vulkan 1.2, optimized and
// not), MSL and WGSL where they can express them, and each target's refusal where not. Their
// values are checked on execution by corpus/cases/packed_math.case.
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

CompileOptions options_for(oneshader::Stage stage, oneshader::Target target, bool sixteen_bit) {
    CompileOptions o;
    o.entry_points = {{"main", stage}};
    o.targets = {target};
    o.enable_16bit_types = sixteen_bit;
    o.verify_ir = true;
    return o;
}

// `main` as a `stage` shader to SPIR-V, optimized and not; both must validate for Vulkan 1.2.
// Returns the unoptimized disassembly (the optimizer may fold what the checks look for).
std::string spirv_of(const std::string& source, oneshader::Stage stage = oneshader::Stage::Compute,
                     bool sixteen_bit = false) {
    std::string unoptimized;
    for (bool optimize : {true, false}) {
        CompileOptions o = options_for(stage, oneshader::Target::SpirV, sixteen_bit);
        o.optimize = optimize;
        oneshader::CompileResult r = oneshader::compile(source, "sm6.hlsl", o);
        INFO(source << "\n" << diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        const oneshader::ShaderBlob* blob = r.find("main", oneshader::Target::SpirV);
        REQUIRE(blob != nullptr);
        std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        if (!optimize) unoptimized = text;
    }
    return unoptimized;
}

// The diagnostics of compiling `main` for a text target; empty when it compiled.
std::string text_target_errors(const std::string& source, oneshader::Target target,
                               oneshader::Stage stage = oneshader::Stage::Compute, bool sixteen_bit = false) {
    oneshader::CompileResult r = oneshader::compile(source, "sm6.hlsl", options_for(stage, target, sixteen_bit));
    return r.ok() ? std::string() : diagnostics_of(r);
}

const char* kPacked = R"(
RWStructuredBuffer<uint> Output : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint a = Output[0], b = Output[1];
    Output[2] = dot4add_u8packed(a, b, id.x);
    Output[3] = asuint(dot4add_i8packed(a, b, int(id.y)));
    uint4 m = msad4(a, uint2(b, a), uint4(1, 2, 3, 4));
    Output[4] = m.x + m.y + m.z + m.w;
    int8_t4_packed p = pack_s8(int4(a, b, -1, 2));
    uint8_t4_packed q = pack_clamp_u8(int4(a, b, -1, 300));
    Output[5] = p + q + pack_u8(uint4(a, 1, 2, 3)) + pack_clamp_s8(int4(-300, 2, 3, b));
    int4 s = unpack_s8s32(p);
    uint4 u = unpack_u8u32(q);
    Output[6] = asuint(s.x + s.w) + u.y;
    int4 c = D3DCOLORtoUBYTE4(asfloat(uint4(a, b, a, b)));
    Output[7] = asuint(c.x + c.w);
    Output[8] = asuint(dot2add(half2(asfloat(a), 1.0), half2(2.0, asfloat(b)), 0.5));
    Output[9] = isnormal(asfloat(a)) ? 1 : 0;
}
)";

}  // namespace

TEST_CASE("dot4add is OpUDot/OpSDot on packed bytes plus the accumulator, as DXC", "[spirv][intrinsics][sm6]") {
    std::string text = spirv_of(kPacked);
    INFO(text);
    CHECK(has_line(text, "OpCapability DotProduct"));
    CHECK(has_line(text, "OpCapability DotProductInput4x8BitPacked"));
    CHECK(has_line(text, "OpExtension \"SPV_KHR_integer_dot_product\""));
    CHECK(text.find("OpUDot %uint") != std::string::npos);
    CHECK(text.find("OpSDot %int") != std::string::npos);
    CHECK(text.find("PackedVectorFormat4x8Bit") != std::string::npos);
    // The packing helpers are shifts and masks: no 8-bit types, so no Int8 capability to enable.
    CHECK(text.find("OpCapability Int8") == std::string::npos);
    CHECK(text.find("OpTypeInt 8") == std::string::npos);
    CHECK(text.find("OpShiftRightArithmetic %int") != std::string::npos);  // sign-extended bytes
    // D3DCOLORtoUBYTE4: zyxw scaled by DXC's 255.002, truncated to int.
    CHECK(text.find("%float_255_001999") != std::string::npos);
    CHECK(text.find("OpConvertFToS %v4int") != std::string::npos);
}

TEST_CASE("the packed-byte helpers, D3DCOLORtoUBYTE4, dot2add and isnormal on MSL and WGSL", "[msl][wgsl][intrinsics][sm6]") {
    CHECK(text_target_errors(kPacked, oneshader::Target::Msl) == "");
    CHECK(text_target_errors(kPacked, oneshader::Target::Wgsl) == "");
}

TEST_CASE("dot2add is a half dot product converted to float and added, as DXC", "[spirv][intrinsics][sm6]") {
    std::string text = spirv_of(R"(
RWStructuredBuffer<float> Output : register(u0);
[numthreads(1, 1, 1)]
void main() { Output[0] = dot2add(half2(Output[1], Output[2]), half2(Output[3], Output[4]), Output[5]); }
)", oneshader::Stage::Compute, true);
    INFO(text);
    CHECK(text.find("OpDot %half") != std::string::npos);
    CHECK(text.find("OpFConvert %float") != std::string::npos);
    CHECK(has_line(text, "OpCapability Float16"));
}

TEST_CASE("asfloat16, asint16 and asuint16 are OpBitcast between 16-bit types", "[spirv][intrinsics][sm6]") {
    const char* source = R"(
RWStructuredBuffer<uint> Output : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint16_t2 bits = uint16_t2(Output[0], Output[1]);
    half2 h = asfloat16(bits);
    int16_t2 i = asint16(h);
    uint16_t2 u = asuint16(i);
    Output[2] = uint(u.x) + uint(asuint16(asfloat16(int16_t(Output[3]))));
    Output[3] = asuint(float(h.y));
}
)";
    std::string text = spirv_of(source, oneshader::Stage::Compute, true);
    INFO(text);
    CHECK(text.find("OpBitcast %v2half") != std::string::npos);
    CHECK(text.find("OpBitcast %v2short") != std::string::npos);
    CHECK(text.find("OpBitcast %v2ushort") != std::string::npos);
    CHECK(text_target_errors(source, oneshader::Target::Msl, oneshader::Stage::Compute, true) == "");
    // WGSL has f16 but no 16-bit integers.
    std::string wgsl = text_target_errors(source, oneshader::Target::Wgsl, oneshader::Stage::Compute, true);
    CHECK(wgsl.find("OSH5202") != std::string::npos);
    CHECK(wgsl.find("asfloat16") != std::string::npos);
}

TEST_CASE("IsHelperLane is OpIsHelperInvocationEXT in pixel shaders and false elsewhere", "[spirv][intrinsics][sm6]") {
    const char* pixel = R"(
float4 main(float4 p : SV_Position) : SV_Target { return IsHelperLane() ? 1.0 : p; }
)";
    std::string text = spirv_of(pixel, oneshader::Stage::Pixel);
    INFO(text);
    CHECK(has_line(text, "OpCapability DemoteToHelperInvocation"));
    CHECK(has_line(text, "OpExtension \"SPV_EXT_demote_to_helper_invocation\""));
    CHECK(text.find("OpIsHelperInvocationEXT %bool") != std::string::npos);

    const char* compute = R"(
RWStructuredBuffer<uint> Output : register(u0);
[numthreads(1, 1, 1)]
void main() { Output[0] = IsHelperLane() ? 1 : 2; }
)";
    std::string cs = spirv_of(compute);
    INFO(cs);
    CHECK(cs.find("OpIsHelperInvocationEXT") == std::string::npos);
    CHECK(cs.find("DemoteToHelperInvocation") == std::string::npos);

    CHECK(text_target_errors(pixel, oneshader::Target::Msl, oneshader::Stage::Pixel) == "");
    CHECK(text_target_errors(compute, oneshader::Target::Msl) == "");
    std::string wgsl = text_target_errors(pixel, oneshader::Target::Wgsl, oneshader::Stage::Pixel);
    CHECK(wgsl.find("OSH5202") != std::string::npos);
    CHECK(wgsl.find("IsHelperLane") != std::string::npos);
}

TEST_CASE("GetRenderTargetSamplePosition stays refused, as DXC refuses it for Vulkan", "[spirv][intrinsics][sm6]") {
    CompileOptions o = options_for(oneshader::Stage::Pixel, oneshader::Target::SpirV, false);
    oneshader::CompileResult r = oneshader::compile(
        "float4 main() : SV_Target { return GetRenderTargetSamplePosition(1).xyxy; }", "sm6.hlsl", o);
    std::string d = diagnostics_of(r);
    INFO(d);
    CHECK(!r.ok());
    CHECK(d.find("OSH5004") != std::string::npos);
    CHECK(d.find("GetRenderTargetSamplePosition") != std::string::npos);
}

