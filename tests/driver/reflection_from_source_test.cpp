// Reflection built by compile() from real sources: the facts the spec prints for its samples.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

std::string corpus(const char* rel) { return std::string(ONESHADER_SOURCE_DIR) + "/corpus/" + rel; }

const ResourceInfo& resource(const ShaderReflection& r, std::string_view name) {
    const ResourceInfo* res = r.find_resource(name);
    INFO("resource " << name);
    REQUIRE(res);
    return *res;
}

}  // namespace

TEST_CASE("Sprite.hlsl: bindings, cbuffer layout, vertex inputs and stride as the spec prints", "[driver][reflect]") {
    CompileResult result = compile_file(corpus("spec/Sprite.hlsl"));
    REQUIRE(result.reflection);
    const ShaderReflection& r = *result.reflection;
    CHECK(r.source == "Sprite.hlsl");
    REQUIRE(r.resources.size() == 3);

    const ResourceInfo& frame = resource(r, "Frame");
    CHECK(frame.kind == ResourceKind::ConstantBuffer);
    CHECK(frame.slots == std::vector<TargetSlot>{{Target::SpirV, 0, 0}});
    CHECK(frame.stages == StageVertex);
    REQUIRE(frame.layout);
    CHECK(frame.layout->size == 80);
    REQUIRE(frame.layout->members.size() == 2);
    CHECK(frame.layout->members[0].name == "ViewProjection");
    CHECK(frame.layout->members[0].type.size == 64);
    CHECK(frame.layout->members[1].name == "Tint");
    CHECK(frame.layout->members[1].offset == 64);
    CHECK(frame.layout->members[1].type.size == 16);

    const ResourceInfo& atlas = resource(r, "Atlas");
    CHECK(atlas.kind == ResourceKind::SampledTexture);
    CHECK(atlas.hlsl_type == "Texture2D<float4>");
    CHECK(atlas.slots == std::vector<TargetSlot>{{Target::SpirV, 0, 1}});
    CHECK(atlas.stages == StagePixel);
    const ResourceInfo& sampler = resource(r, "AtlasSampler");
    CHECK(sampler.kind == ResourceKind::Sampler);
    CHECK(sampler.slots == std::vector<TargetSlot>{{Target::SpirV, 0, 2}});

    const EntryPointInfo* vs = r.find_entry_point("VSMain");
    REQUIRE(vs);
    CHECK(vs->stage == Stage::Vertex);
    CHECK(vs->vertex_stride == 20);
    CHECK(vs->used_resources == std::vector<std::string>{"Frame"});
    REQUIRE(vs->inputs.size() == 3);
    CHECK(vs->inputs[0].name == "i.Position");
    CHECK(vs->inputs[0].semantic == "POSITION");
    CHECK(vs->inputs[0].location == 0u);
    CHECK(vs->inputs[0].format == VertexFormat::Float32x2);
    CHECK(vs->inputs[1].semantic == "TEXCOORD");
    CHECK(vs->inputs[1].location == 1u);
    CHECK(vs->inputs[1].offset == 8);
    CHECK(vs->inputs[2].semantic == "COLOR");
    CHECK(vs->inputs[2].location == 2u);
    CHECK(vs->inputs[2].format == VertexFormat::Unorm8x4);
    CHECK(vs->inputs[2].offset == 16);
    REQUIRE(!vs->outputs.empty());
    CHECK(vs->outputs[0].built_in == BuiltIn::Position);
    CHECK_FALSE(vs->outputs[0].location);

    const EntryPointInfo* ps = r.find_entry_point("PSMain");
    REQUIRE(ps);
    CHECK(ps->used_resources == std::vector<std::string>{"Atlas", "AtlasSampler"});
    REQUIRE(ps->outputs.size() == 1);
    CHECK(ps->outputs[0].semantic == "SV_Target");
    CHECK(ps->outputs[0].location == 0u);
}

TEST_CASE("reflection JSON of a real compile is deterministic and path-free", "[driver][reflect]") {
    CompileResult a = compile_file(corpus("spec/Sprite.hlsl"));
    CompileResult b = compile_file(corpus("spec/Sprite.hlsl"));
    REQUIRE(a.reflection);
    REQUIRE(b.reflection);
    std::string ja = write_reflection_json(*a.reflection);
    CHECK(ja == write_reflection_json(*b.reflection));
    CHECK(ja.find(ONESHADER_SOURCE_DIR) == std::string::npos);
    CHECK(ja.find("\"vertexStride\": 20") != std::string::npos);
    // The line format reads back to the same model.
    ReflectionReadResult back = read_reflection_file(write_reflection_file(*a.reflection));
    INFO(back.error);
    REQUIRE(back.reflection);
    CHECK(*back.reflection == *a.reflection);
}

TEST_CASE("compute reflection has the workgroup size and storage buffers", "[driver][reflect]") {
    const char* src = R"(
RWStructuredBuffer<uint> Bins : register(u0);
StructuredBuffer<float2> Points : register(t1);
[shader("compute")] [numthreads(64, 2, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) { InterlockedAdd(Bins[0], (uint)Points[id.x].x); }
)";
    CompileResult result = compile(src, "bins.hlsl");
    REQUIRE(result.reflection);
    const ShaderReflection& r = *result.reflection;
    const ResourceInfo& bins = resource(r, "Bins");
    CHECK(bins.kind == ResourceKind::StorageBuffer);
    CHECK(bins.slots[0].binding == 0);
    REQUIRE(bins.layout);
    CHECK(bins.layout->kind == ReflectedTypeKind::Scalar);
    const ResourceInfo& points = resource(r, "Points");
    CHECK(points.kind == ResourceKind::ReadOnlyStorageBuffer);
    CHECK(points.slots[0].binding == 1);
    REQUIRE(points.layout);
    CHECK(points.layout->size == 8);
    const EntryPointInfo* cs = r.find_entry_point("CSMain");
    REQUIRE(cs);
    CHECK(cs->workgroup_size[0] == 64);
    CHECK(cs->workgroup_size[1] == 2);
    CHECK(cs->workgroup_size[2] == 1);
    REQUIRE(cs->inputs.size() == 1);
    CHECK(cs->inputs[0].built_in == BuiltIn::GlobalInvocationId);
    CHECK(cs->used_resources == std::vector<std::string>{"Bins", "Points"});
}

TEST_CASE("a front-end error gives no reflection", "[driver][reflect]") {
    CompileResult result = compile("float4 main() : SV_Target { return Atlass; }", "bad.hlsl");
    CHECK_FALSE(result.ok());
    CHECK_FALSE(result.reflection);
    REQUIRE_FALSE(result.diagnostics.empty());
    CHECK(result.diagnostics[0].code == "OSH0300");
}
