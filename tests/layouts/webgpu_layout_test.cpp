// to_webgpu: the bind group entries' API strings and JSON, the push block at its reserved slot, the
// options reflection cannot answer (depth textures, storage access), required features, and an
// Unsupported error that says what to change for what WebGPU cannot express.
#include "layout_shaders.hpp"

using namespace oneshader;
using namespace oneshader::layouts;
using namespace layout_tests;

namespace {

Result<webgpu::PipelineLayout> webgpu_of(const std::string& source, const std::string& entry_point,
                                         const webgpu::LayoutOptions& options = {}) {
    // Compiled for SPIR-V and MSL only plus a WGSL slot: what WGSL refuses to compile is still a
    // layout question, so the reflection is made with the WGSL target's slots.
    CompileOptions o;
    o.targets = {Target::SpirV, Target::Wgsl};
    o.syntax_only = true;
    CompileResult r = compile(source, "web.hlsl", o);
    INFO(diagnostics_text(r));
    REQUIRE(r.reflection.has_value());
    const std::vector<EntryLayout> one = {entry(r, entry_point)};
    auto pipeline = PipelineLayout::create(one);
    REQUIRE(pipeline.ok());
    return pipeline->to_webgpu(options);
}

}  // namespace

TEST_CASE("WebGPU entries for every kind of binding, as JSON", "[layouts]") {
    const std::string source = R"(cbuffer Frame : register(b0) { float4 Tint; };
StructuredBuffer<float4> In : register(t1);
RWStructuredBuffer<float4> Out : register(u2);
Texture2D<float4> Color : register(t3);
Texture2D<float> Depth : register(t4);
Texture2DArray<uint4> Ids : register(t5);
TextureCube<float4> Sky : register(t6);
[[vk::image_format("rgba8")]] RWTexture2D<float4> Target : register(u7);
[[vk::image_format("r32f")]] RWTexture2D<float> Scratch : register(u8);
SamplerState Linear : register(s9);
SamplerComparisonState Shadow : register(s10);
[shader("compute")] [numthreads(1, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    float4 v = In[id.x] * Tint + Color.SampleLevel(Linear, float2(0, 0), 0) + Sky.SampleLevel(Linear, float3(1, 0, 0), 0);
    v.x += Depth.SampleCmpLevelZero(Shadow, float2(0, 0), 0.5) + Ids.Load(int4(0, 0, 0, 0)).x;
    Scratch[id.xy] = Scratch[id.xy] + 1;
    Target[id.xy] = v;
    Out[id.x] = v;
}
)";
    webgpu::LayoutOptions options;
    options.depth_textures = {"Depth"};
    options.storage_access["Scratch"] = webgpu::StorageAccess::ReadWrite;
    auto layout = webgpu_of(source, "CSMain", options);
    INFO((layout ? std::string() : layout.error().message));
    REQUIRE(layout.ok());
    REQUIRE(layout->groups.size() == 1);
    std::string entries;
    for (const auto& e : layout->groups[0].entries) entries += e.name + " " + e.to_json() + "\n";
    CHECK(entries ==
          "Frame {\"binding\":0,\"visibility\":4,\"buffer\":{\"type\":\"uniform\",\"hasDynamicOffset\":false}}\n"
          "In {\"binding\":1,\"visibility\":4,\"buffer\":{\"type\":\"read-only-storage\",\"hasDynamicOffset\":false}}\n"
          "Out {\"binding\":2,\"visibility\":4,\"buffer\":{\"type\":\"storage\",\"hasDynamicOffset\":false}}\n"
          "Color {\"binding\":3,\"visibility\":4,\"texture\":{\"sampleType\":\"float\",\"viewDimension\":\"2d\",\"multisampled\":false}}\n"
          "Depth {\"binding\":4,\"visibility\":4,\"texture\":{\"sampleType\":\"depth\",\"viewDimension\":\"2d\",\"multisampled\":false}}\n"
          "Ids {\"binding\":5,\"visibility\":4,\"texture\":{\"sampleType\":\"uint\",\"viewDimension\":\"2d-array\",\"multisampled\":false}}\n"
          "Sky {\"binding\":6,\"visibility\":4,\"texture\":{\"sampleType\":\"float\",\"viewDimension\":\"cube\",\"multisampled\":false}}\n"
          "Target {\"binding\":7,\"visibility\":4,\"storageTexture\":{\"access\":\"write-only\",\"format\":\"rgba8unorm\",\"viewDimension\":\"2d\"}}\n"
          "Scratch {\"binding\":8,\"visibility\":4,\"storageTexture\":{\"access\":\"read-write\",\"format\":\"r32float\",\"viewDimension\":\"2d\"}}\n"
          "Linear {\"binding\":9,\"visibility\":4,\"sampler\":{\"type\":\"filtering\"}}\n"
          "Shadow {\"binding\":10,\"visibility\":4,\"sampler\":{\"type\":\"comparison\"}}\n");
    CHECK(layout->to_json().starts_with("[{\"entries\":[{\"binding\":0,"));
    CHECK(layout->required_features.empty());
}

TEST_CASE("WebGPU: the push-constant block is a uniform buffer at the slot the compiler reserved", "[layouts]") {
    const CompileResult r = compile_all(R"(struct Push { uint2 Size; float Scale; };
[[vk::push_constant]] Push Params;
cbuffer Camera : register(b0) { float4 Tint; };
[[vk::binding(1)]] [[vk::image_format("rgba8")]] RWTexture2D<float4> Target;
[shader("compute")] [numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) { if (all(id.xy < Params.Size)) Target[id.xy] = Tint * Params.Scale; }
)", "push.hlsl");
    const EntryLayout cs = entry(r, "CSMain");
    const std::vector<EntryLayout> one = {cs};
    auto layout = PipelineLayout::create(one)->to_webgpu();
    REQUIRE(layout.ok());
    const TargetSlot* reserved = nullptr;
    for (const TargetSlot& s : cs.push_constant->slots)
        if (s.target == Target::Wgsl) reserved = &s;
    REQUIRE(reserved != nullptr);
    REQUIRE(layout->groups.size() > reserved->set);
    const webgpu::BindGroupLayoutEntryInfo* found = nullptr;
    for (const auto& e : layout->groups[reserved->set].entries)
        if (e.binding == reserved->binding) found = &e;
    REQUIRE(found != nullptr);
    CHECK(found->is_push_constant);
    CHECK(found->name == cs.push_constant->name);
    CHECK(found->buffer_type == "uniform");
    CHECK(found->visibility == webgpu::StageComputeBit);
}

TEST_CASE("what WebGPU cannot express is an Unsupported error that says what to change", "[layouts]") {
    auto message = [](const std::string& source) {
        auto layout = webgpu_of(source, "CSMain");
        REQUIRE_FALSE(layout.ok());
        CHECK(layout.error().kind == LayoutErrorKind::Unsupported);
        return layout.error().message;
    };
    const std::string main = "[shader(\"compute\")] [numthreads(1, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { ";
    CHECK(message("Texture2D<float4> T[4] : register(t0);\nRWStructuredBuffer<float4> O : register(u1);\n" + main +
                  "O[0] = T[id.x].Load(int3(0, 0, 0)); }\n") ==
          "WebGPU cannot bind 'T': it is an array of 4 and WebGPU has no binding arrays. Declare separate resources, or "
          "use a Texture2DArray for textures.");
    CHECK(message("Buffer<float4> B : register(t0);\nRWStructuredBuffer<float4> O : register(u1);\n" + main + "O[0] = B[id.x]; }\n") ==
          "WebGPU cannot bind 'B': it is a typed buffer (Buffer<float4>) and WebGPU has none. Use a StructuredBuffer<T> "
          "(RWStructuredBuffer<T>) instead.");
    CHECK(message("Texture1DArray<float4> A : register(t0);\nRWStructuredBuffer<float4> O : register(u1);\n" + main +
                  "O[0] = A.Load(int3(0, 0, 0)); }\n") ==
          "WebGPU cannot bind 'A': WebGPU has no 1D array textures. Use a Texture2DArray with a height of 1.");
    CHECK(message("RWTexture2D<float4> S : register(u0);\n" + main + "S[id.xy] = 1; }\n") ==
          "WebGPU cannot bind 'S': a WebGPU storage texture needs a texel format. Add [[vk::image_format(\"rgba8\")]] "
          "(or the format it has) to its declaration.");
}

TEST_CASE("required features: shader-f16 for an entry point that needs Float16", "[layouts]") {
    const CompileResult r = compile_all(corpus_text("spec/Sprite.hlsl"), "Shaders/Sprite.hlsl");
    EntryLayout ps = entry(r, "PSMain");
    ps.required_features = FeatureFloat16 | FeatureStorageBuffer16;
    const std::vector<EntryLayout> one = {ps};
    auto pipeline = PipelineLayout::create(one);
    REQUIRE(pipeline.ok());
    CHECK(pipeline->required_features == (FeatureFloat16 | FeatureStorageBuffer16));
    CHECK(pipeline->to_webgpu()->required_features == std::vector<std::string>{"shader-f16"});
    CHECK(pipeline->to_vulkan()->required_features == (FeatureFloat16 | FeatureStorageBuffer16));
}
