// Vertex layout overrides (spec: "OneShader" package page, "Pipeline layouts"): the engine's 48-byte
// vertex with the colour as unorm8x4 at offset 44, in the Vulkan, Metal and WebGPU forms, and each
// validation rule: the format class, a different component count, inside the stride, the offset's
// alignment, only locations the shader reads.
#include "layout_shaders.hpp"

using namespace oneshader;
using namespace oneshader::layouts;
using namespace layout_tests;

namespace {

const char* quad = R"(struct VSIn
{
    float3 Position : POSITION;
    float3 Normal : NORMAL;
    float2 Uv : TEXCOORD0;
    float2 Uv2 : TEXCOORD1;
    float4 Color : COLOR0;
    uint Id : BLENDINDICES0;
};
[shader("vertex")]
float4 VSMain(VSIn i) : SV_Position { return float4(i.Position + i.Normal, 1) * i.Color + float4(i.Uv, i.Uv2) * i.Id; }
)";

}  // namespace

TEST_CASE("the spec's vertex override: unorm8x4 colour at 44 in a 48-byte vertex", "[layouts]") {
    const CompileResult r = compile_all(quad, "Quad.hlsl");
    const EntryLayout vs = entry(r, "VSMain");
    REQUIRE(vs.vertex.has_value());
    CHECK(vs.vertex->stride == 60);
    REQUIRE(vs.vertex->find(4) != nullptr);
    CHECK(vs.vertex->find(4)->format == VertexFormat::Float32x4);
    CHECK(vs.vertex->find(4)->offset == 40);

    VertexLayoutOverrides overrides;
    overrides.stride = 48;
    overrides.attributes[4] = {VertexFormat::Unorm8x4, 44};
    overrides.attributes[5] = {VertexFormat::Uint16x2, 40};
    auto changed = vs.with_vertex_overrides(overrides);
    INFO((changed ? std::string() : changed.error().message));
    REQUIRE(changed.ok());
    const VertexLayout& v = *changed->vertex;

    const metal::VertexDescriptor m = v.to_metal();
    REQUIRE(m.attributes.count(4) == 1);
    CHECK(m.attributes.at(4).format == metal::VertexFormat::UChar4Normalized);
    CHECK(static_cast<std::uint32_t>(m.attributes.at(4).format) == 9);
    CHECK(m.attributes.at(4).offset == 44);
    CHECK(m.attributes.at(4).buffer_index == 30);
    CHECK(m.stride == 48);
    CHECK(m.step_function == metal::VertexStepFunction::PerVertex);
    CHECK(v.to_metal(29, VertexStepMode::Instance).attributes.at(4).buffer_index == 29);

    const vulkan::VertexInputInfo vk = v.to_vulkan(VertexStepMode::Instance);
    CHECK(vk.bindings[0].stride == 48);
    CHECK(vk.bindings[0].input_rate == vulkan::VertexInputRate::Instance);
    CHECK(vk.attributes[4].format == vulkan::Format::R8G8B8A8Unorm);
    CHECK(vk.attributes[4].offset == 44);
    CHECK(vk.attributes[5].format == vulkan::Format::R16G16Uint);

    const webgpu::VertexBufferLayout web = v.to_webgpu();
    CHECK(web.to_json() ==
          "{\"arrayStride\":48,\"stepMode\":\"vertex\",\"attributes\":["
          "{\"format\":\"float32x3\",\"offset\":0,\"shaderLocation\":0},"
          "{\"format\":\"float32x3\",\"offset\":12,\"shaderLocation\":1},"
          "{\"format\":\"float32x2\",\"offset\":24,\"shaderLocation\":2},"
          "{\"format\":\"float32x2\",\"offset\":32,\"shaderLocation\":3},"
          "{\"format\":\"unorm8x4\",\"offset\":44,\"shaderLocation\":4},"
          "{\"format\":\"uint16x2\",\"offset\":40,\"shaderLocation\":5}]}");

    // The overridden layout goes into a pipeline like any other.
    const std::vector<EntryLayout> one = {changed.value()};
    CHECK(PipelineLayout::create(one).ok());
}

TEST_CASE("vertex overrides that break a rule are InvalidVertexInput errors", "[layouts]") {
    const CompileResult r = compile_all(quad, "Quad.hlsl");
    const EntryLayout vs = entry(r, "VSMain");
    auto error_of = [&](VertexLayoutOverrides o) {
        auto result = vs.with_vertex_overrides(o);
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().kind == LayoutErrorKind::InvalidVertexInput);
        return result.error().message;
    };
    VertexLayoutOverrides wrong_class;
    wrong_class.attributes[4] = {VertexFormat::Uint8x4, 40};
    CHECK(error_of(wrong_class) == "Entry point 'VSMain': location 4 ('i.Color') is a float input, which cannot read "
                                   "Uint8x4; use a float, unorm, snorm or half format.");
    VertexLayoutOverrides uint_input;
    uint_input.attributes[5] = {VertexFormat::Unorm8x4, 56};
    CHECK(error_of(uint_input) == "Entry point 'VSMain': location 5 ('i.Id') is a uint input, which cannot read "
                                  "Unorm8x4; use a Uint format.");
    VertexLayoutOverrides misaligned;
    misaligned.attributes[4] = {VertexFormat::Unorm8x4, 46};
    CHECK(error_of(misaligned) ==
          "Entry point 'VSMain': location 4 (Unorm8x4) is at offset 46, which is not a multiple of 4.");
    VertexLayoutOverrides outside;
    outside.stride = 44;
    outside.attributes[4] = {VertexFormat::Unorm8x4, 44};
    CHECK(error_of(outside) == "Entry point 'VSMain': location 4 (Unorm8x4 at offset 44, 4 bytes) does not fit in the "
                               "stride of 44 bytes.");
    VertexLayoutOverrides too_small;
    too_small.stride = 40;  // the colour and the id still sit at 40 and 56
    CHECK(error_of(too_small).find("does not fit in the stride of 40 bytes") != std::string::npos);
    VertexLayoutOverrides unknown;
    unknown.attributes[9] = {VertexFormat::Float32, 0};
    CHECK(error_of(unknown) == "Entry point 'VSMain': the shader reads no vertex input at location 9; override only "
                               "the locations it reads.");

    // Another component count of the same class is fine, at an offset aligned to its size.
    VertexLayoutOverrides fewer;
    fewer.attributes[4] = {VertexFormat::Unorm8x2, 42};
    CHECK(vs.with_vertex_overrides(fewer).ok());
    VertexLayoutOverrides half;
    half.attributes[4] = {VertexFormat::Float16x4, 40};
    CHECK(vs.with_vertex_overrides(half).ok());

    const CompileResult blur = compile_all(corpus_text("spec/Blur.hlsl"), "Blur.hlsl");
    auto compute = entry(blur, "CSMain").with_vertex_overrides(fewer);
    REQUIRE_FALSE(compute.ok());
    CHECK(compute.error().message ==
          "Entry point 'CSMain': it is a compute shader; vertex overrides apply to vertex shaders.");
}
