// Unbounded resource arrays (Textures[]) from reflection to the API layouts: reflection reports
// count 0 and `unbounded` (JSON and the line format, which reads back the same); the Vulkan layout
// gives the binding a configurable descriptor count and VkDescriptorBindingFlags (partially bound,
// and a variable count where Vulkan allows one: the highest binding of its set, not dynamic); Metal
// and WebGPU layouts refuse it, as their backends do.
#include "layout_shaders.hpp"

using namespace oneshader;
using namespace oneshader::layouts;

namespace {

const char* kBindless = R"(struct Light { float3 position; float radius; };
Texture2D<float4> Textures[] : register(t0);
SamplerState Samplers[] : register(s1);
StructuredBuffer<Light> Lights[] : register(t1, space1);
cbuffer Frame : register(b0, space1) { uint LightIndex; };
Texture2D<float4> Bounded[4] : register(t5);

[shader("pixel")]
float4 PSMain(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target {
    float4 c = Textures[NonUniformResourceIndex(index)].Sample(Samplers[index & 3], uv);
    return c * Lights[LightIndex][index].radius + Bounded[index & 3].Sample(Samplers[0], uv);
}
)";

oneshader::CompileResult compile_spirv() {
    return layout_tests::compile_all(kBindless, "bindless.hlsl", {Target::SpirV});
}

const ResourceInfo& resource(const ShaderReflection& r, const std::string& name) {
    for (const ResourceInfo& res : r.resources)
        if (res.name == name) return res;
    FAIL("no resource " << name);
    return r.resources.front();
}

const vulkan::DescriptorSetLayoutBindingInfo& binding_named(const vulkan::PipelineLayoutInfo& info,
                                                            const std::string& name) {
    for (const vulkan::DescriptorSetLayoutInfo& set : info.set_layouts)
        for (const vulkan::DescriptorSetLayoutBindingInfo& b : set.bindings)
            if (b.name == name) return b;
    FAIL("no binding " << name);
    return info.set_layouts.front().bindings.front();
}

}  // namespace

TEST_CASE("reflection reports an unbounded array as count 0 and unbounded, in both formats", "[layouts][bindless]") {
    oneshader::CompileResult r = compile_spirv();
    const ShaderReflection& refl = *r.reflection;
    for (const char* name : {"Textures", "Samplers", "Lights"}) {
        INFO(name);
        CHECK(resource(refl, name).count == 0);
        CHECK(resource(refl, name).unbounded);
    }
    CHECK(resource(refl, "Bounded").count == 4);
    CHECK_FALSE(resource(refl, "Bounded").unbounded);
    CHECK_FALSE(resource(refl, "Frame").unbounded);

    std::string json = write_reflection_json(refl);
    CHECK(json.find("\"count\": 0,\n      \"unbounded\": true,") != std::string::npos);
    // Bounded resources keep the JSON they had: no key at all.
    CHECK(json.find("\"unbounded\": false") == std::string::npos);

    std::string file = write_reflection_file(refl);
    CHECK(file.find("count=0 unbounded=yes") != std::string::npos);
    ReflectionReadResult back = read_reflection_file(file);
    INFO(back.error);
    REQUIRE(back.reflection.has_value());
    CHECK(*back.reflection == refl);
}

TEST_CASE("the Vulkan layout gives an unbounded array its count and binding flags", "[layouts][bindless]") {
    oneshader::CompileResult r = compile_spirv();
    EntryLayout e = layout_tests::entry(r, "PSMain");
    const EntryLayout entries[] = {e};
    Result<PipelineLayout> p = PipelineLayout::create(entries);
    REQUIRE(p.ok());
    const ResourceLayout* textures = p.value().find("Textures");
    REQUIRE(textures != nullptr);
    CHECK(textures->unbounded);
    CHECK(textures->count == 0);

    Result<vulkan::PipelineLayoutInfo> v = p.value().to_vulkan();
    REQUIRE(v.ok());
    using vulkan::DescriptorBindingPartiallyBound;
    using vulkan::DescriptorBindingVariableDescriptorCount;
    // Set 0: Textures (0), Samplers (1), Bounded (5): neither unbounded array is the highest
    // binding, so their counts cannot vary. Set 1: Frame (0), Lights (1), the highest.
    const auto& tex = binding_named(v.value(), "Textures");
    CHECK(tex.descriptor_count == 1024);
    CHECK(tex.binding_flags == DescriptorBindingPartiallyBound);
    CHECK(binding_named(v.value(), "Samplers").binding_flags == DescriptorBindingPartiallyBound);
    CHECK(binding_named(v.value(), "Bounded").descriptor_count == 4);
    CHECK(binding_named(v.value(), "Bounded").binding_flags == 0);
    CHECK(binding_named(v.value(), "Frame").binding_flags == 0);
    CHECK(binding_named(v.value(), "Lights").descriptor_count == 1024);
    CHECK(binding_named(v.value(), "Lights").binding_flags ==
          (DescriptorBindingPartiallyBound | DescriptorBindingVariableDescriptorCount));

    // A set whose last binding is the unbounded array: the variable count goes there.
    const char* last = R"(Texture2D<float4> Single : register(t0);
SamplerState Linear : register(s1);
Texture2D<float4> Textures[] : register(t2);
[shader("pixel")]
float4 PSMain(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target {
    return Single.Sample(Linear, uv) + Textures[NonUniformResourceIndex(index)].Sample(Linear, uv);
}
)";
    oneshader::CompileResult r2 = layout_tests::compile_all(last, "last.hlsl", {Target::SpirV});
    const EntryLayout entries2[] = {layout_tests::entry(r2, "PSMain")};
    Result<PipelineLayout> p2 = PipelineLayout::create(entries2);
    REQUIRE(p2.ok());
    vulkan::LayoutOptions options;
    options.unbounded_descriptor_count = 500000;
    Result<vulkan::PipelineLayoutInfo> v2 = p2.value().to_vulkan(options);
    REQUIRE(v2.ok());
    const auto& t2 = binding_named(v2.value(), "Textures");
    CHECK(t2.binding == 2);
    CHECK(t2.descriptor_count == 500000);
    CHECK(t2.binding_flags == (DescriptorBindingPartiallyBound | DescriptorBindingVariableDescriptorCount));
    CHECK(binding_named(v2.value(), "Single").binding_flags == 0);
    // By name, for one array.
    options.unbounded_counts = {{"Textures", 64}};
    CHECK(binding_named(p2.value().to_vulkan(options).value(), "Textures").descriptor_count == 64);
}

TEST_CASE("Metal and WebGPU layouts refuse an unbounded array", "[layouts][bindless]") {
    oneshader::CompileResult r = compile_spirv();
    // The backends refuse the shader; the layouts refuse the same resource when asked directly.
    ShaderReflection refl = *r.reflection;
    refl.targets = {Target::SpirV, Target::Msl, Target::Wgsl};
    for (ResourceInfo& res : refl.resources) {
        const TargetSlot spirv = res.slots.front();
        res.slots.push_back({Target::Msl, 0, spirv.binding});
        res.slots.push_back({Target::Wgsl, spirv.set, spirv.binding});
    }
    auto e = EntryLayout::create(refl, "PSMain");
    REQUIRE(e.ok());
    const EntryLayout entries[] = {e.value()};
    Result<PipelineLayout> p = PipelineLayout::create(entries);
    REQUIRE(p.ok());
    auto metal = p.value().to_metal();
    REQUIRE_FALSE(metal.ok());
    CHECK(metal.error().kind == LayoutErrorKind::Unsupported);
    CHECK(metal.error().message.find("unbounded") != std::string::npos);
    auto webgpu = p.value().to_webgpu();
    REQUIRE_FALSE(webgpu.ok());
    CHECK(webgpu.error().kind == LayoutErrorKind::Unsupported);
    CHECK(webgpu.error().message.find("unbounded array") != std::string::npos);
}
