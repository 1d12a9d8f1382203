// SubpassInput<T> and SubpassInputMS<T> with [[vk::input_attachment_index(i)]], compiled from HLSL:
// the SPIR-V read back (an OpTypeImage of Dim SubpassData, the InputAttachmentIndex decoration, the
// InputAttachment capability, SubpassLoad as OpImageRead at (0, 0) with Sample for the multisampled
// form, as DXC writes them), valid for Vulkan 1.2 optimized and not; reflection's input attachment
// kind and index in every format and the Vulkan layout; and the refusals (no index, the attribute on
// another resource, a vertex shader, MSL, WGSL).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/layouts.hpp"
#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

namespace {

CompileOptions options_for(oneshader::Target target, bool optimize, oneshader::Stage stage = oneshader::Stage::Pixel) {
    CompileOptions o;
    o.entry_points = {{"main", stage}};
    o.targets = {target};
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

const char* kSubpass = R"(
[[vk::input_attachment_index(1)]] SubpassInput<float4> Color : register(t0);
[[vk::input_attachment_index(2)]] SubpassInputMS<int4> Ids : register(t1);
[[vk::input_attachment_index(3)]] SubpassInput<uint> Mask : register(t2);
[[vk::input_attachment_index(4)]] SubpassInput Plain : register(t3);
float4 main(uint sample : SV_SampleIndex) : SV_Target {
    float4 c = Color.SubpassLoad();
    int4 id = Ids.SubpassLoad(sample);
    uint m = Mask.SubpassLoad();
    return c + float4(id) + m + Plain.SubpassLoad().x;
}
)";

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string errors_of(const char* source, oneshader::Target target,
                      oneshader::Stage stage = oneshader::Stage::Pixel) {
    oneshader::CompileResult r = oneshader::compile(source, "subpass.hlsl", options_for(target, false, stage));
    CHECK_FALSE(r.ok());
    return diagnostics_of(r);
}

}  // namespace

TEST_CASE("SubpassInput is a SubpassData image read at (0, 0) with its input attachment index",
          "[spirv][textures][subpass]") {
    for (bool optimize : {false, true}) {
        oneshader::CompileResult r = oneshader::compile(kSubpass, "subpass.hlsl", options_for(oneshader::Target::SpirV, optimize));
        INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        CHECK(spirv_tools::has_line(text, "OpCapability InputAttachment"));
        CHECK(text.find("OpTypeImage %float SubpassData 2 0 0 2 Unknown") != std::string::npos);
        CHECK(text.find("OpTypeImage %int SubpassData 2 0 1 2 Unknown") != std::string::npos);
        CHECK(text.find("OpTypeImage %uint SubpassData 2 0 0 2 Unknown") != std::string::npos);
        for (int i = 1; i <= 4; ++i)
            CHECK(count_of(text, "InputAttachmentIndex " + std::to_string(i) + "\n") == 1);
        CHECK(spirv_tools::has_line(text, "OpDecorate %Color Binding 0"));
        CHECK(spirv_tools::has_line(text, "OpDecorate %Ids Binding 1"));
        CHECK(count_of(text, "= OpImageRead ") == 4);
        CHECK(count_of(text, " Sample %") == 1);
        CHECK(text.find("OpConstantComposite %v2int %int_0 %int_0") != std::string::npos);
        CHECK(text.find("OpCapability StorageImageReadWithoutFormat") == std::string::npos);
    }
}

TEST_CASE("reflection lists input attachments with their index, and Vulkan's layout gives INPUT_ATTACHMENT",
          "[reflect][layouts][subpass]") {
    oneshader::CompileResult r = oneshader::compile(kSubpass, "subpass.hlsl", options_for(oneshader::Target::SpirV, false));
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    const oneshader::ShaderReflection& refl = *r.reflection;
    REQUIRE(refl.resources.size() == 4);
    CHECK(refl.resources[0].kind == oneshader::ResourceKind::InputAttachment);
    CHECK(refl.resources[0].resource_type == oneshader::ResourceTypeKind::SubpassInput);
    CHECK(refl.resources[0].input_attachment_index == 1u);
    CHECK(refl.resources[1].resource_type == oneshader::ResourceTypeKind::SubpassInputMS);
    CHECK(refl.resources[1].input_attachment_index == 2u);
    CHECK(refl.resources[1].hlsl_type == "SubpassInputMS<int4>");

    std::string json = oneshader::write_reflection_json(refl);
    CHECK(json.find("\"kind\": \"InputAttachment\"") != std::string::npos);
    CHECK(json.find("\"resourceType\": \"SubpassInputMS\"") != std::string::npos);
    CHECK(json.find("\"inputAttachmentIndex\": 3") != std::string::npos);

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
    REQUIRE(vk->set_layouts.size() == 1);
    REQUIRE(vk->set_layouts[0].bindings.size() == 4);
    for (const auto& b : vk->set_layouts[0].bindings) {
        CHECK(b.descriptor_type == oneshader::layouts::vulkan::DescriptorType::InputAttachment);
        CHECK(static_cast<std::uint32_t>(b.descriptor_type) == 10u);
    }
}

TEST_CASE("input attachments are refused without an index, off SubpassInput, outside pixel shaders and on MSL/WGSL",
          "[spirv][msl][wgsl][subpass]") {
    std::string missing = errors_of(R"(
SubpassInput<float4> Color;
float4 main() : SV_Target { return Color.SubpassLoad(); }
)",
                                    oneshader::Target::SpirV);
    INFO(missing);
    CHECK(missing.find("'Color' needs [[vk::input_attachment_index(i)]]") != std::string::npos);

    std::string misplaced = errors_of(R"(
[[vk::input_attachment_index(0)]] Texture2D<float4> Tex;
float4 main() : SV_Target { return Tex.Load(int3(0, 0, 0)); }
)",
                                      oneshader::Target::SpirV);
    INFO(misplaced);
    CHECK(misplaced.find("vk::input_attachment_index is for SubpassInput and SubpassInputMS") != std::string::npos);

    std::string vertex = errors_of(R"(
[[vk::input_attachment_index(0)]] SubpassInput<float4> Color;
float4 main() : SV_Position { return Color.SubpassLoad(); }
)",
                                   oneshader::Target::SpirV, oneshader::Stage::Vertex);
    INFO(vertex);
    CHECK(vertex.find("error OSH5003: SPIR-V: SubpassLoad reads an input attachment, which only pixel shaders "
                      "have") != std::string::npos);

    std::string msl = errors_of(kSubpass, oneshader::Target::Msl);
    INFO(msl);
    CHECK(msl.find("error OSH5101: MSL does not support the input attachment 'Color' (SubpassInput)") !=
          std::string::npos);
    std::string wgsl = errors_of(kSubpass, oneshader::Target::Wgsl);
    INFO(wgsl);
    CHECK(wgsl.find("error OSH5202") != std::string::npos);
    CHECK(wgsl.find("'Color' is an input attachment (SubpassInput)") != std::string::npos);
}
