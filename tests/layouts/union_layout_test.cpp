// One layout for many pipelines (spec: "OneShader" package page, "Pipeline layouts", "One layout for
// many pipelines"): the union's conflict message names both entry points and the slot; widened
// stages and dynamic buffers by name or slot; push-constant blocks shared or merged.
#include "layout_shaders.hpp"

using namespace oneshader;
using namespace oneshader::layouts;
using namespace layout_tests;

namespace {

const char* ps_tex = R"(Texture2D<float4> Albedo : register(t3, space1);
SamplerState Linear : register(s0);
[shader("pixel")] float4 PsTex(float4 p : SV_Position) : SV_Target { return Albedo.Sample(Linear, p.xy); }
)";
const char* ps_tint = R"(cbuffer Params : register(b3, space1) { float4 Tint; };
[shader("pixel")] float4 PsTint() : SV_Target { return Tint; }
)";

}  // namespace

TEST_CASE("a union conflict names both entry points and the slot", "[layouts]") {
    const CompileResult tex = compile_all(ps_tex, "PsTex.hlsl");
    const CompileResult tint = compile_all(ps_tint, "PsTint.hlsl");
    const std::vector<EntryLayout> all = {entry(tex, "PsTex"), entry(tint, "PsTint")};
    auto shared = PipelineLayout::create_union(all);
    REQUIRE_FALSE(shared.ok());
    CHECK(shared.error().kind == LayoutErrorKind::ResourceConflict);
    CHECK(shared.error().message ==
          "Set 1 binding 3 is 'Albedo' (SampledTexture, Texture2D<float4>) in entry point 'PsTex' and 'Params' "
          "(ConstantBuffer, cbuffer) in entry point 'PsTint'. Give one of them another binding (register or "
          "[[vk::binding]]), or build separate layouts for these entry points.");
    // The spec's printed start of the message.
    CHECK(shared.error().message.starts_with("Set 1 binding 3 is 'Albedo' (SampledTexture, "));
}

TEST_CASE("a union also compares texel types and storage formats", "[layouts]") {
    const CompileResult a = compile_all("Texture2D<float4> T : register(t0);\n"
                                        "[shader(\"pixel\")] float4 PsA(float4 p : SV_Position) : SV_Target { return T.Load(int3(p.xy, 0)); }\n",
                                        "A.hlsl");
    const CompileResult b = compile_all("Texture2D<uint4> T : register(t0);\n"
                                        "[shader(\"pixel\")] float4 PsB(float4 p : SV_Position) : SV_Target { return T.Load(int3(p.xy, 0)); }\n",
                                        "B.hlsl");
    const std::vector<EntryLayout> both = {entry(a, "PsA"), entry(b, "PsB")};
    auto shared = PipelineLayout::create_union(both);
    REQUIRE_FALSE(shared.ok());
    CHECK(shared.error().message.starts_with(
        "Set 0 binding 0 is 'T' (SampledTexture, Texture2D<float4>) in entry point 'PsA' and 'T' (SampledTexture, "
        "Texture2D<uint4>) in entry point 'PsB'."));
}

TEST_CASE("widened sets and bindings, dynamic buffers by name and by slot", "[layouts]") {
    const CompileResult r = compile_all(corpus_text("spec/Sprite.hlsl"), "Shaders/Sprite.hlsl");
    const std::vector<EntryLayout> all = {entry(r, "VSMain"), entry(r, "PSMain")};
    auto shared = PipelineLayout::create_union(all);
    REQUIRE(shared.ok());

    vulkan::LayoutOptions options;
    options.widen_sets = {{0, ShaderStages(StageVertex | StagePixel)}};
    options.dynamic_bindings = {{0, 0}};
    auto vk = shared->to_vulkan(options);
    REQUIRE(vk.ok());
    REQUIRE(vk->set_layouts.size() == 1);
    for (const auto& b : vk->set_layouts[0].bindings)
        CHECK(b.stage_flags == (vulkan::StageVertexBit | vulkan::StageFragmentBit));
    CHECK(vk->set_layouts[0].bindings[0].descriptor_type == vulkan::DescriptorType::UniformBufferDynamic);
    CHECK(vk->set_layouts[0].bindings[0].is_dynamic);

    vulkan::LayoutOptions by_name;
    by_name.dynamic_buffers = {"Frame"};
    by_name.widen_bindings = {{0, 2, StageVertex}};
    auto named = shared->to_vulkan(by_name);
    REQUIRE(named.ok());
    CHECK(static_cast<std::uint32_t>(named->set_layouts[0].bindings[0].descriptor_type) == 8);
    CHECK(named->set_layouts[0].bindings[1].stage_flags == vulkan::StageFragmentBit);
    CHECK(named->set_layouts[0].bindings[2].stage_flags == (vulkan::StageVertexBit | vulkan::StageFragmentBit));

    vulkan::LayoutOptions wrong;
    wrong.dynamic_buffers = {"Atlas"};
    auto not_buffer = shared->to_vulkan(wrong);
    REQUIRE_FALSE(not_buffer.ok());
    CHECK(not_buffer.error().message == "'Atlas' is a SampledTexture; only constant and storage buffers take a dynamic offset.");
    wrong.dynamic_buffers = {"Fram"};
    CHECK(shared->to_vulkan(wrong).error().kind == LayoutErrorKind::UnknownName);
    wrong.dynamic_buffers = {};
    wrong.dynamic_bindings = {{3, 0}};
    CHECK(shared->to_vulkan(wrong).error().message == "The pipeline layout binds nothing at set 3 binding 0 to make dynamic.");

    webgpu::LayoutOptions web;
    web.widen_groups = {{0, ShaderStages(StageVertex | StagePixel)}};
    web.dynamic_buffers = {"Frame"};
    auto wl = shared->to_webgpu(web);
    REQUIRE(wl.ok());
    CHECK(wl->groups[0].entries[0].has_dynamic_offset);
    CHECK(wl->groups[0].entries[1].visibility == (webgpu::StageVertexBit | webgpu::StageFragmentBit));
}

TEST_CASE("sets from 0 with empty unused sets", "[layouts]") {
    const CompileResult r = compile_all(ps_tex, "PsTex.hlsl");
    const std::vector<EntryLayout> one = {entry(r, "PsTex")};
    auto layout = PipelineLayout::create(one);
    REQUIRE(layout.ok());
    auto vk = layout->to_vulkan();
    REQUIRE(vk.ok());
    REQUIRE(vk->set_layouts.size() == 2);
    CHECK(vk->set_layouts[0].set == 0);
    REQUIRE(vk->set_layouts[0].bindings.size() == 1);  // the sampler, space 0
    CHECK(vk->set_layouts[1].set == 1);
    REQUIRE(vk->set_layouts[1].bindings.size() == 1);
    CHECK(vk->set_layouts[1].bindings[0].binding == 3);

    const CompileResult tint = compile_all(ps_tint, "PsTint.hlsl");
    const std::vector<EntryLayout> only_tint = {entry(tint, "PsTint")};
    auto vt = PipelineLayout::create(only_tint)->to_vulkan();
    REQUIRE(vt.ok());
    REQUIRE(vt->set_layouts.size() == 2);
    CHECK(vt->set_layouts[0].bindings.empty());  // unused, but Vulkan needs it
}

TEST_CASE("push-constant blocks: shared by name, merged in a union when overlapping members agree", "[layouts]") {
    const CompileResult a = compile_all("struct PA { float4 Color; uint Mode; };\n[[vk::push_constant]] PA pa;\n"
                                        "[shader(\"pixel\")] float4 PsA() : SV_Target { return pa.Color * pa.Mode; }\n",
                                        "A.hlsl");
    const CompileResult b = compile_all("struct PB { float4 Color; };\n[[vk::push_constant]] PB pb;\n"
                                        "[shader(\"vertex\")] float4 VsB() : SV_Position { return pb.Color; }\n",
                                        "B.hlsl");
    const CompileResult c = compile_all("struct PC { uint Mode; float3 Dir; };\n[[vk::push_constant]] PC pc;\n"
                                        "[shader(\"pixel\")] float4 PsC() : SV_Target { return float4(pc.Dir, pc.Mode); }\n",
                                        "C.hlsl");
    const EntryLayout ea = entry(a, "PsA"), eb = entry(b, "VsB"), ec = entry(c, "PsC");
    const std::vector<EntryLayout> ab = {ea, eb};
    auto merged = PipelineLayout::create_union(ab);
    REQUIRE(merged.ok());
    auto vk = merged->to_vulkan();
    REQUIRE(vk.ok());
    REQUIRE(vk->push_constant_ranges.size() == 1);
    CHECK(vk->push_constant_ranges[0].stage_flags == (vulkan::StageVertexBit | vulkan::StageFragmentBit));
    CHECK(vk->push_constant_ranges[0].size == std::max(ea.push_constant->size, eb.push_constant->size));

    // Without the union rule, two blocks of different names are two ranges.
    auto separate = PipelineLayout::create(ab);
    REQUIRE(separate.ok());
    CHECK(separate->to_vulkan()->push_constant_ranges.size() == 2);

    const std::vector<EntryLayout> ac = {ea, ec};
    auto conflict = PipelineLayout::create_union(ac);
    REQUIRE_FALSE(conflict.ok());
    CHECK(conflict.error().kind == LayoutErrorKind::PushConstantConflict);
    const std::string a_name = ea.push_constant->name, c_name = ec.push_constant->name;
    CHECK(conflict.error().message ==
          "The push-constant blocks '" + a_name + "' (entry point 'PsA') and '" + c_name + "' (entry point 'PsC') "
          "cannot share one range: '" + a_name + ".Color' (float4 at offset 0) overlaps '" + c_name + ".Mode' (uint "
          "at offset 0). Declare the same members where the blocks overlap, or build separate layouts.");
}
