// The spec's "Build pipeline layouts" example on the getting-started Sprite.hlsl: the Vulkan sets
// and bindings with their VkDescriptorType numbers, the vertex input with VkFormat numbers, the Metal
// argument indices per stage and the WebGPU bind group entries, printed as the spec prints them.
#include "layout_shaders.hpp"

using namespace oneshader;
using namespace oneshader::layouts;
using namespace layout_tests;

TEST_CASE("the Sprite pipeline prints the spec's sets, bindings, vertex input, Metal and WebGPU lines", "[layouts]") {
    const CompileResult r = compile_all(corpus_text("spec/Sprite.hlsl"), "Shaders/Sprite.hlsl");
    const EntryLayout vs = entry(r, "VSMain");
    const EntryLayout ps = entry(r, "PSMain");
    const std::vector<EntryLayout> both = {vs, ps};
    auto pipeline = PipelineLayout::create(both);
    REQUIRE(pipeline.ok());

    std::string out;
    auto vulkan = pipeline->to_vulkan();
    REQUIRE(vulkan.ok());
    for (const vulkan::DescriptorSetLayoutInfo& set : vulkan->set_layouts)
        for (const vulkan::DescriptorSetLayoutBindingInfo& b : set.bindings)
            out += "set " + std::to_string(set.set) + " binding " + std::to_string(b.binding) + ": " +
                   std::string(vulkan::to_string(b.descriptor_type)) + " (" +
                   std::to_string(static_cast<std::uint32_t>(b.descriptor_type)) + ") x" +
                   std::to_string(b.descriptor_count) + ", stages " + vulkan::stage_flags_to_string(b.stage_flags) + "\n";
    REQUIRE(vs.vertex.has_value());
    const vulkan::VertexInputInfo input = vs.vertex->to_vulkan();
    for (const vulkan::VertexInputAttributeInfo& a : input.attributes)
        out += "location " + std::to_string(a.location) + ": " + std::string(vulkan::to_string(a.format)) + " (" +
               std::to_string(static_cast<std::uint32_t>(a.format)) + ") at " + std::to_string(a.offset) + ", stride " +
               std::to_string(input.bindings[0].stride) + "\n";
    auto metal = pipeline->to_metal();
    REQUIRE(metal.ok());
    for (const metal::StageLayout& stage : metal->stages)
        for (const metal::Argument& arg : stage.arguments)
            out += "Metal " + std::string(to_string(stage.stage)) + ": " + arg.name + " -> " +
                   std::string(metal::to_string(arg.kind)) + "(" + std::to_string(arg.index) + ")\n";
    auto webgpu = pipeline->to_webgpu();
    REQUIRE(webgpu.ok());
    for (const webgpu::BindGroupLayoutInfo& group : webgpu->groups)
        for (const webgpu::BindGroupLayoutEntryInfo& e : group.entries)
            out += "WebGPU group " + std::to_string(group.group) + " binding " + std::to_string(e.binding) + ": " +
                   e.name + ", " + std::string(webgpu::to_string(e.kind)) + ", visibility " +
                   webgpu::visibility_to_string(e.visibility) + "\n";

    CHECK(out == "set 0 binding 0: UniformBuffer (6) x1, stages Vertex\n"
                 "set 0 binding 1: SampledImage (2) x1, stages Fragment\n"
                 "set 0 binding 2: Sampler (0) x1, stages Fragment\n"
                 "location 0: R32G32Sfloat (103) at 0, stride 20\n"
                 "location 1: R32G32Sfloat (103) at 8, stride 20\n"
                 "location 2: R8G8B8A8Unorm (37) at 16, stride 20\n"
                 "Metal Vertex: Frame -> Buffer(0)\n"
                 "Metal Pixel: Atlas -> Texture(0)\n"
                 "Metal Pixel: AtlasSampler -> Sampler(0)\n"
                 "WebGPU group 0 binding 0: Frame, Buffer, visibility Vertex\n"
                 "WebGPU group 0 binding 1: Atlas, Texture, visibility Fragment\n"
                 "WebGPU group 0 binding 2: AtlasSampler, Sampler, visibility Fragment\n");
}

TEST_CASE("an entry layout holds its own stage only and every target's slot", "[layouts]") {
    const CompileResult r = compile_all(corpus_text("spec/Sprite.hlsl"), "Shaders/Sprite.hlsl");
    const EntryLayout ps = entry(r, "PSMain");
    CHECK(ps.stage == Stage::Pixel);
    REQUIRE(ps.resources.size() == 2);
    CHECK(ps.resources[0].name == "Atlas");
    CHECK(ps.resources[0].stages == StagePixel);
    CHECK(ps.resources[0].slot(Target::SpirV)->binding == 1);
    CHECK(ps.resources[0].slot(Target::Msl) != nullptr);
    CHECK(ps.resources[0].slot(Target::Wgsl) != nullptr);
    CHECK_FALSE(ps.vertex.has_value());
    CHECK(ps.msl_function_name == "PSMain");

    auto missing = EntryLayout::create(*r.reflection, "PSMian");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().kind == LayoutErrorKind::EntryPointNotFound);
    CHECK(missing.error().message == "The shader 'Sprite.hlsl' has no entry point 'PSMian'; it has 'VSMain', 'PSMain'.");
}

namespace {

// A vertex shader and two pixel shaders of one file, on bindings that do not meet.
const char* two_pixel_source = R"(cbuffer Frame : register(b0) { float4x4 ViewProjection; float AlphaCutoff; };
[[vk::binding(1)]] Texture2D<float4> Atlas;
[[vk::binding(2)]] SamplerState AtlasSampler;
struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; };
[shader("vertex")] VSOut VSMain(float2 p : POSITION) { VSOut o; o.Position = mul(ViewProjection, float4(p, 0, 1)); o.Uv = p; return o; }
[shader("pixel")] float4 PSMain(VSOut i) : SV_Target { return Atlas.Sample(AtlasSampler, i.Uv); }
[shader("pixel")] float4 PSAlphaTest(VSOut i) : SV_Target { float4 c = Atlas.Sample(AtlasSampler, i.Uv); clip(c.a - AlphaCutoff); return c; }
)";

}  // namespace

TEST_CASE("create refuses two entry points of one stage and compute with graphics", "[layouts]") {
    const CompileResult sprite = compile_all(two_pixel_source, "sprite.hlsl");
    const std::vector<EntryLayout> two_pixel = {entry(sprite, "VSMain"), entry(sprite, "PSMain"), entry(sprite, "PSAlphaTest")};
    auto duplicate = PipelineLayout::create(two_pixel);
    REQUIRE_FALSE(duplicate.ok());
    CHECK(duplicate.error().kind == LayoutErrorKind::DuplicateStage);
    CHECK(duplicate.error().message ==
          "Entry points 'PSMain' and 'PSAlphaTest' are both pixel shaders; a pipeline has one entry point per stage. "
          "Use PipelineLayout::create_union for one layout shared by several pipelines.");
    auto shared = PipelineLayout::create_union(two_pixel);
    REQUIRE(shared.ok());
    const ResourceLayout* frame = shared->find("Frame");
    REQUIRE(frame != nullptr);
    CHECK(frame->stages == (StageVertex | StagePixel));  // the vertex shader and PSAlphaTest read it
    CHECK(frame->entry_points == std::vector<std::string>{"VSMain", "PSAlphaTest"});
    CHECK(shared->find("Atlas")->entry_points == std::vector<std::string>{"PSMain", "PSAlphaTest"});

    const CompileResult blur = compile_all(corpus_text("spec/Blur.hlsl"), "Blur.hlsl");
    const std::vector<EntryLayout> mixed = {entry(sprite, "VSMain"), entry(blur, "CSMain")};
    auto error = PipelineLayout::create(mixed);
    REQUIRE_FALSE(error.ok());
    CHECK(error.error().kind == LayoutErrorKind::IncompatibleStages);
    CHECK(error.error().message == "Entry point 'CSMain' is a compute shader and 'VSMain' a vertex shader; a compute "
                                   "pipeline has its compute entry point only. Use PipelineLayout::create_union for "
                                   "one layout shared by both.");
    CHECK(PipelineLayout::create(std::span<const EntryLayout>{}).error().kind == LayoutErrorKind::EntryPointNotFound);
}

TEST_CASE("DXC's default bindings put b0, t0 and s0 on one binding: a conflict, not a silent overlap", "[layouts]") {
    CompileOptions options;
    options.syntax_only = true;
    const CompileResult r = compile_file(std::string(ONESHADER_SOURCE_DIR) + "/corpus/2d/sprite.hlsl", options);
    INFO(diagnostics_text(r));
    REQUIRE(r.reflection.has_value());
    const std::vector<EntryLayout> vs = {entry(r, "VSMain")};
    auto layout = PipelineLayout::create(vs);
    REQUIRE_FALSE(layout.ok());
    CHECK(layout.error().kind == LayoutErrorKind::ResourceConflict);
    CHECK(layout.error().message.starts_with("Set 0 binding 0 is 'SpriteFrame' (ConstantBuffer, cbuffer) in entry "
                                             "point 'VSMain' and 'Sprites' (ReadOnlyStorageBuffer, "
                                             "StructuredBuffer<SpriteInstance>) in entry point 'VSMain'."));
}

TEST_CASE("to_metal and to_webgpu report the target that was not compiled", "[layouts]") {
    const CompileResult r = compile_all(corpus_text("spec/Sprite.hlsl"), "Shaders/Sprite.hlsl", {Target::SpirV});
    const std::vector<EntryLayout> both = {entry(r, "VSMain"), entry(r, "PSMain")};
    auto pipeline = PipelineLayout::create(both);
    REQUIRE(pipeline.ok());
    auto metal = pipeline->to_metal();
    REQUIRE_FALSE(metal.ok());
    CHECK(metal.error().kind == LayoutErrorKind::MissingTarget);
    CHECK(metal.error().message ==
          "The layout has no Metal indices because MSL was not compiled: add Target::Msl to CompileOptions::targets "
          "(--target msl).");
    auto webgpu = pipeline->to_webgpu();
    REQUIRE_FALSE(webgpu.ok());
    CHECK(webgpu.error().kind == LayoutErrorKind::MissingTarget);
    CHECK(pipeline->to_vulkan().ok());
}

namespace {

const char* push_source = R"(struct Push { uint2 Size; float Scale; };
[[vk::push_constant]] Push Params;
cbuffer Camera : register(b0) { float4 Tint; };
[[vk::binding(1)]] Texture2D<float4> Source;
[[vk::binding(2)]] SamplerState Linear;
[[vk::binding(3)]] [[vk::image_format("rgba8")]] RWTexture2D<float4> Target;
[shader("compute")] [numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    if (any(id.xy >= Params.Size)) return;
    Target[id.xy] = Source.SampleLevel(Linear, float2(id.xy) / 16.0, 0) * Tint * Params.Scale;
}
)";

}  // namespace

TEST_CASE("Metal: find goes from a Vulkan-style slot to the argument, the bytes slot is the push block's", "[layouts]") {
    const CompileResult r = compile_all(push_source, "push.hlsl");
    const EntryLayout cs = entry(r, "CSMain");
    const std::vector<EntryLayout> one = {cs};
    auto pipeline = PipelineLayout::create(one);
    REQUIRE(pipeline.ok());
    auto metal = pipeline->to_metal();
    REQUIRE(metal.ok());
    const metal::StageLayout* stage = metal->find(Stage::Compute);
    REQUIRE(stage != nullptr);
    for (const ResourceLayout& res : cs.resources) {
        const TargetSlot* vk = res.slot(Target::SpirV);
        const TargetSlot* msl = res.slot(Target::Msl);
        REQUIRE(vk != nullptr);
        REQUIRE(msl != nullptr);
        const metal::Argument* arg = stage->find(vk->set, vk->binding);
        REQUIRE(arg != nullptr);
        CHECK(arg->name == res.name);
        CHECK(arg->index == msl->binding);
    }
    CHECK(stage->find(7, 7) == nullptr);
    REQUIRE(stage->arguments.size() == 4);
    CHECK(stage->arguments[0].name == "Camera");  // buffers, then textures, then samplers
    CHECK(stage->arguments[0].kind == metal::ArgumentKind::Buffer);
    CHECK(stage->arguments[3].kind == metal::ArgumentKind::Sampler);
    REQUIRE(cs.push_constant.has_value());
    REQUIRE(stage->bytes_index.has_value());
    for (const TargetSlot& s : cs.push_constant->slots)
        if (s.target == Target::Msl) CHECK(*stage->bytes_index == s.binding);
    CHECK_FALSE(stage->vertex_buffer_index.has_value());
    // The push block is one Vulkan range of its size, visible to its stage.
    auto vulkan = pipeline->to_vulkan();
    REQUIRE(vulkan.ok());
    REQUIRE(vulkan->push_constant_ranges.size() == 1);
    CHECK(vulkan->push_constant_ranges[0].stage_flags == vulkan::StageComputeBit);
    CHECK(vulkan->push_constant_ranges[0].offset == 0);
    CHECK(vulkan->push_constant_ranges[0].size == cs.push_constant->size);
}
