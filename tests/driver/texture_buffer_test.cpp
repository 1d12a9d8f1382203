// tbuffer blocks and TextureBuffer<T>, compiled from HLSL and read back from the SPIR-V: a
// read-only storage buffer (StorageBuffer and Block; Uniform and BufferBlock for Vulkan 1.0) of the
// block's members, every member NonWritable, laid out by the storage-buffer rules (vector-relaxed
// std430, as DXC), at its t register; reflection's read-only storage buffer with the TextureBuffer
// type; MSL's `const device` buffer and WGSL's `var<storage, read>`; the misuses.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/layouts.hpp"
#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;
using spirv_tools::has_line;

namespace {

CompileOptions options_for(oneshader::Target target, bool optimize) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.targets = {target};
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

std::string spirv_of(const std::string& source, CompileOptions o,
                     spv_target_env env = SPV_ENV_VULKAN_1_2) {
    oneshader::CompileResult r = oneshader::compile(source, "tbuffer.hlsl", o);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words, env);
    INFO(text);
    CHECK(spirv_tools::validate(words, env) == "");
    return text;
}

std::string errors_of(const std::string& source, CompileOptions o) {
    oneshader::CompileResult r = oneshader::compile(source, "tbuffer.hlsl", o);
    CHECK_FALSE(r.ok());
    return diagnostics_of(r);
}

// A float2 array after a float: std430 puts it at 8 with a stride of 8, where a cbuffer would put
// it at 16 with a stride of 16.
const char* kBlocks = R"(
struct Light { float3 Position; float Radius; float2 Range[2]; };
tbuffer Params : register(t3, space1) { float Scale; float2 Offsets[3]; float Bias; row_major float2x3 Basis; };
cbuffer Same : register(b0) { float CScale; float2 COffsets[3]; float CBias; };
TextureBuffer<Light> Lamp : register(t5);
float4 main(float4 pos : SV_Position) : SV_Target {
    uint i = uint(pos.x) % 3;
    float2 o = Offsets[i] * Scale + Bias + mul(Basis, float3(1, 0, 0)) + COffsets[i] * CScale + CBias;
    return float4(Lamp.Position + Lamp.Range[i % 2].x, o.x + o.y + Lamp.Radius);
}
)";

}  // namespace

TEST_CASE("a tbuffer is a read-only std430 storage block at its t register", "[spirv][tbuffer]") {
    for (bool optimize : {false, true}) {
        std::string text = spirv_of(kBlocks, options_for(oneshader::Target::SpirV, optimize));
        CHECK(has_line(text, "OpName %type_TextureBuffer_Params \"type.TextureBuffer.Params\""));
        CHECK(has_line(text, "OpMemberName %type_TextureBuffer_Params 1 \"Offsets\""));
        CHECK(has_line(text, "OpDecorate %type_TextureBuffer_Params Block"));
        for (int m = 0; m < 4; ++m)
            CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Params " + std::to_string(m) + " NonWritable"));
        CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Params 0 Offset 0"));
        CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Params 1 Offset 8"));
        CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Params 2 Offset 32"));
        CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Params 3 Offset 48"));
        CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Params 3 MatrixStride 16"));
        CHECK(has_line(text, "OpDecorate %Params DescriptorSet 1"));
        CHECK(has_line(text, "OpDecorate %Params Binding 3"));
        CHECK(text.find("%Params = OpVariable %_ptr_StorageBuffer_type_TextureBuffer_Params StorageBuffer") !=
              std::string::npos);
        // The cbuffer of the same members keeps the constant-buffer rules.
        CHECK(has_line(text, "OpMemberDecorate %type_ConstantBuffer_Same 1 Offset 16"));
        CHECK(has_line(text, "OpMemberDecorate %type_ConstantBuffer_Same 2 Offset 64"));
        CHECK(text.find("OpMemberDecorate %type_ConstantBuffer_Same 0 NonWritable") == std::string::npos);
        // TextureBuffer<T>: the same block, named by its struct.
        CHECK(has_line(text, "OpName %type_TextureBuffer_Light \"type.TextureBuffer.Light\""));
        CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Light 2 Offset 16"));
        CHECK(has_line(text, "OpMemberDecorate %type_TextureBuffer_Light 2 NonWritable"));
        CHECK(has_line(text, "OpDecorate %Lamp DescriptorSet 0"));
        CHECK(has_line(text, "OpDecorate %Lamp Binding 5"));
    }
}

TEST_CASE("a tbuffer is a Uniform BufferBlock for Vulkan 1.0, and -fspv-reflect names it as DXC does",
          "[spirv][tbuffer]") {
    CompileOptions o = options_for(oneshader::Target::SpirV, true);
    o.spirv.target_env = oneshader::SpirvTargetEnv::Vulkan1_0;
    std::string text = spirv_of(kBlocks, o, SPV_ENV_VULKAN_1_0);
    CHECK(has_line(text, "OpDecorate %type_TextureBuffer_Params BufferBlock"));
    CHECK(text.find("%Params = OpVariable %_ptr_Uniform_type_TextureBuffer_Params Uniform") != std::string::npos);

    o = options_for(oneshader::Target::SpirV, true);
    o.spirv.reflect = true;
    text = spirv_of(kBlocks, o);
    CHECK(has_line(text, "OpDecorateString %Params UserTypeGOOGLE \"tbuffer\""));
    CHECK(has_line(text, "OpDecorateString %Lamp UserTypeGOOGLE \"texturebuffer:<Light>\""));
    CHECK(has_line(text, "OpDecorateString %Same UserTypeGOOGLE \"cbuffer\""));
}

TEST_CASE("arrays of TextureBuffer<T> index storage buffers", "[spirv][tbuffer]") {
    const char* source = R"(
struct Light { float3 Color; uint Flags; };
TextureBuffer<Light> Lights[3] : register(t0);
float4 main(nointerpolation uint i : INDEX) : SV_Target {
    Light copy = Lights[1];
    return float4(copy.Color + Lights[i].Color, 1);
}
)";
    for (bool optimize : {false, true}) {
        std::string text = spirv_of(source, options_for(oneshader::Target::SpirV, optimize));
        CHECK(has_line(text, "OpCapability StorageBufferArrayDynamicIndexing"));
        CHECK(text.find("%Lights = OpVariable %_ptr_StorageBuffer__arr_type_TextureBuffer_Light_uint_3 StorageBuffer") !=
              std::string::npos);
    }
}

TEST_CASE("reflection lists tbuffers as read-only storage buffers of the TextureBuffer type", "[reflect][tbuffer]") {
    oneshader::CompileResult r = oneshader::compile(kBlocks, "tbuffer.hlsl", options_for(oneshader::Target::SpirV, true));
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    const oneshader::ShaderReflection& refl = *r.reflection;
    const oneshader::ResourceInfo* params = nullptr;
    const oneshader::ResourceInfo* lamp = nullptr;
    for (const oneshader::ResourceInfo& res : refl.resources) {
        if (res.name == "Params") params = &res;
        if (res.name == "Lamp") lamp = &res;
    }
    REQUIRE(params);
    REQUIRE(lamp);
    CHECK(params->kind == oneshader::ResourceKind::ReadOnlyStorageBuffer);
    CHECK(params->resource_type == oneshader::ResourceTypeKind::TextureBuffer);
    CHECK(params->hlsl_type.empty());
    REQUIRE(params->layout);
    REQUIRE(params->layout->members.size() == 4);
    CHECK(params->layout->members[1].offset == 8);
    CHECK(params->layout->members[1].type.stride == 8);
    CHECK(params->layout->members[2].offset == 32);
    REQUIRE(params->slots.size() == 1);
    CHECK(params->slots[0].set == 1);
    CHECK(params->slots[0].binding == 3);
    CHECK(lamp->resource_type == oneshader::ResourceTypeKind::TextureBuffer);
    CHECK(lamp->hlsl_type == "TextureBuffer<Light>");
    CHECK(oneshader::write_reflection_json(refl).find("\"resourceType\": \"TextureBuffer\"") != std::string::npos);
    oneshader::ReflectionReadResult back = oneshader::read_reflection_file(oneshader::write_reflection_file(refl));
    INFO(back.error);
    REQUIRE(back.reflection);
    CHECK(*back.reflection == refl);

    auto entry = oneshader::layouts::EntryLayout::create(refl, "main");
    REQUIRE(entry.ok());
    const std::vector<oneshader::layouts::EntryLayout> entries = {*entry};
    auto pipeline = oneshader::layouts::PipelineLayout::create(entries);
    REQUIRE(pipeline.ok());
    auto vk = pipeline->to_vulkan();
    REQUIRE(vk.ok());
    bool found = false;
    for (const auto& set : vk->set_layouts)
        for (const auto& b : set.bindings)
            if (b.name == "Params") {
                found = true;
                CHECK(b.descriptor_type == oneshader::layouts::vulkan::DescriptorType::StorageBuffer);
            }
    CHECK(found);
}

TEST_CASE("MSL reads a tbuffer as a const device buffer and WGSL as read-only storage", "[msl][wgsl][tbuffer]") {
    const char* source = R"(
struct Light { float3 Position; float Radius; };
tbuffer Params : register(t0) { float Scale; float2 Offsets[3]; };
TextureBuffer<Light> Lamp : register(t1);
float4 main(float4 pos : SV_Position) : SV_Target {
    return float4(Lamp.Position * Scale, Offsets[uint(pos.x) % 3].y + Lamp.Radius);
}
)";
    oneshader::CompileResult msl = oneshader::compile(source, "tbuffer.hlsl", options_for(oneshader::Target::Msl, true));
    INFO(diagnostics_of(msl));
    REQUIRE(msl.ok());
    std::string text(msl.find("main", oneshader::Target::Msl)->as_text());
    INFO(text);
    CHECK(text.find("const device Params_mem& Params [[buffer(0)]]") != std::string::npos);
    CHECK(text.find("const device Light_mem& Lamp [[buffer(1)]]") != std::string::npos);

    oneshader::CompileResult wgsl = oneshader::compile(source, "tbuffer.hlsl", options_for(oneshader::Target::Wgsl, true));
    INFO(diagnostics_of(wgsl));
    REQUIRE(wgsl.ok());
    text = std::string(wgsl.find("main", oneshader::Target::Wgsl)->as_text());
    INFO(text);
    CHECK(text.find("@group(0) @binding(0) var<storage, read> Params: array<u32>;") != std::string::npos);
    CHECK(text.find("@group(0) @binding(1) var<storage, read> Lamp: array<u32>;") != std::string::npos);
}

TEST_CASE("tbuffer misuses: writes, non-struct TextureBuffer<T>, DX layout", "[sema][tbuffer]") {
    CompileOptions o = options_for(oneshader::Target::SpirV, true);
    std::string write = errors_of(R"(
tbuffer Params { float Scale; };
float4 main() : SV_Target { Scale = 2; return Scale; }
)",
                                  o);
    INFO(write);
    CHECK(write.find("error OSH0307") != std::string::npos);

    std::string scalar = errors_of(R"(
TextureBuffer<float4> T;
float4 main() : SV_Target { return 0; }
)",
                                   o);
    INFO(scalar);
    CHECK(scalar.find("error OSH0325: TextureBuffer<T> needs a struct type, not 'float4'") != std::string::npos);

    o.buffer_layout = oneshader::BufferLayoutRules::DX;
    std::string dx = errors_of(R"(
struct S { float a; };
TextureBuffer<S> T;
float4 main() : SV_Target { return T.a; }
)",
                               o);
    INFO(dx);
    CHECK(dx.find("error OSH0357: TextureBuffer 'T' with -fvk-use-dx-layout is not supported") != std::string::npos);
}
