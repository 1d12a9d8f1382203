// compare_interface: every rule of the spec's "Compatible means..." paragraph, on shaders compiled
// for real (an edit of the getting-started Sprite.hlsl per rule) and, where HLSL cannot make the
// change alone (a stride, a size), on a reflection changed by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "oneshader/compatibility.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

// The spec page "Getting started with OneShader" prints this Sprite.hlsl.
const std::string sprite = R"(cbuffer Frame : register(b0) { float4x4 ViewProjection; float4 Tint; };
[[vk::binding(1)]] Texture2D<float4> Atlas;
[[vk::binding(2)]] SamplerState AtlasSampler;

struct VSIn
{
    float2 Position : POSITION;
    float2 Uv : TEXCOORD0;
    [[oneshader::format("unorm8x4")]] float4 Color : COLOR0;
};
struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; float4 Color : COLOR0; };

[shader("vertex")]
VSOut VSMain(VSIn i)
{
    VSOut o;
    o.Position = mul(ViewProjection, float4(i.Position, 0, 1));
    o.Uv = i.Uv;
    o.Color = i.Color * Tint;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target { return Atlas.Sample(AtlasSampler, i.Uv) * i.Color; }
)";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    return text;
}

ShaderReflection reflect(const std::string& source) {
    CompileOptions o;
    o.syntax_only = true;  // reflection comes from the front end
    CompileResult r = compile(source, "Sprite.hlsl", o);
    INFO(source);
    for (const Diagnostic& d : r.diagnostics) INFO(d.to_string());
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    return *r.reflection;
}

std::vector<std::string> messages(const std::vector<InterfaceDifference>& ds) {
    std::vector<std::string> out;
    for (const InterfaceDifference& d : ds) out.push_back(d.message);
    return out;
}

CompatibilityReport against_sprite(const std::string& edited) { return compare_interface(reflect(sprite), reflect(edited)); }

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("compatibility: the same shader is compatible and has nothing to say", "[compatibility]") {
    CompatibilityReport r = against_sprite(sprite);
    CHECK(r.is_compatible());
    CHECK(r.differences.empty());
    CHECK(r.compatible_changes.empty());
    CHECK(r.to_string() == "compatible with the compiled-in C++ bindings");
}

TEST_CASE("compatibility: an edit to a function body stays compatible", "[compatibility]") {
    CompatibilityReport r = against_sprite(replaced(sprite, "* i.Color;", "* i.Color * 0.5;"));
    CHECK(r.is_compatible());
    CHECK(r.compatible_changes.empty());
}

TEST_CASE("compatibility: the spec's hot-reload report for a member added before Tint", "[compatibility]") {
    CompatibilityReport r =
        against_sprite(replaced(sprite, "float4x4 ViewProjection;", "float4x4 ViewProjection; float4 Fog;"));
    CHECK_FALSE(r.is_compatible());
    CHECK(r.to_string() ==
          "incompatible with the compiled-in C++ bindings:\n"
          "  Frame.Tint moved from offset 64 to 80\n"
          "  Frame.Fog was added at offset 64\n"
          "Rebuild the project to update the generated C++ bindings.");
    REQUIRE(r.differences.size() == 2);
    CHECK(r.differences[0].kind == InterfaceDifferenceKind::BufferLayout);
    CHECK(r.differences[0].subject == "Frame.Tint");
    CHECK(r.differences[1].subject == "Frame.Fog");
}

TEST_CASE("compatibility: constant-buffer member types, removals and matrix packing", "[compatibility]") {
    CHECK(messages(against_sprite(replaced(sprite, "float4 Tint;", "uint4 Tint;")).differences) ==
          Strings{"Frame.Tint changed type from float4 to uint4"});
    const std::string untinted = replaced(sprite, "i.Color * Tint;", "i.Color;");
    CHECK(messages(against_sprite(replaced(untinted, " float4 Tint; ", " ")).differences) ==
          Strings{"Frame.Tint was removed (it was at offset 64)"});
    CHECK(messages(against_sprite(replaced(sprite, "float4x4 ViewProjection;", "row_major float4x4 ViewProjection;"))
                       .differences) == Strings{"Frame.ViewProjection changed from column_major to row_major"});
    // A member renamed is one removed and one added.
    CHECK(messages(against_sprite(replaced(untinted, "float4 Tint;", "float4 Color;")).differences) ==
          Strings{"Frame.Tint was removed (it was at offset 64)", "Frame.Color was added at offset 64"});
}

TEST_CASE("compatibility: a bit field that moves within its unit is a difference", "[compatibility]") {
    const std::string bits = R"(struct Flags { uint Kind : 4; uint Count : 12; uint Whole; };
cbuffer Params : register(b0) { Flags F; };
[shader("pixel")] float4 PSMain() : SV_Target { return F.Kind + F.Count + F.Whole; }
)";
    ShaderReflection built = reflect(bits);
    CHECK(compare_interface(built, reflect(bits)).is_compatible());
    CHECK(messages(compare_interface(built, reflect(replaced(bits, "uint Kind : 4;", "uint Kind : 5;"))).differences) ==
          Strings{"Params.F.Kind changed from bits 0 to 4 to bits 0 to 5",
                  "Params.F.Count changed from bits 4 to 16 to bits 5 to 17"});
    // A whole member that becomes a bit field.
    CHECK(messages(compare_interface(built, reflect(replaced(bits, "uint Whole;", "uint Whole : 32;"))).differences) ==
          Strings{"Params.F.Whole changed from the whole member to bits 0 to 32"});
}

TEST_CASE("compatibility: arrays and nested structs are followed member by member", "[compatibility]") {
    const std::string lights = R"(struct Light { float3 Direction; float Range; float4 Color; };
cbuffer Lights : register(b0) { Light Items[4]; float Weights[4]; };
[shader("pixel")] float4 PSMain() : SV_Target { return Items[1].Color * Weights[2]; }
)";
    ShaderReflection built = reflect(lights);
    CHECK(compare_interface(built, reflect(lights)).is_compatible());
    CHECK(messages(compare_interface(built, reflect(replaced(lights, "Items[4]", "Items[8]"))).differences) ==
          Strings{"Lights.Items array length changed from 4 to 8", "Lights.Weights moved from offset 128 to 256"});
    CHECK(messages(compare_interface(built, reflect(replaced(lights, "float Range;", "float Range; float4 Extra;")))
                       .differences) ==
          Strings{"Lights.Items array stride changed from 32 to 48", "Lights.Items[].Color moved from offset 16 to 32",
                  "Lights.Items[].Extra was added at offset 16", "Lights.Weights moved from offset 128 to 192"});
    CHECK(messages(compare_interface(built, reflect(replaced(lights, "float Weights[4]", "int Weights[4]")))
                       .differences) == Strings{"Lights.Weights changed type from float[4] to int[4]"});
}

TEST_CASE("compatibility: strides and sizes the generated structs rely on", "[compatibility]") {
    ShaderReflection built = reflect(sprite);
    ShaderReflection fresh = built;
    ReflectedType& frame = *fresh.resources[0].layout;
    frame.members[0].type.matrix_stride = 32;
    CHECK(messages(compare_interface(built, fresh).differences) ==
          Strings{"Frame.ViewProjection matrix stride changed from 16 to 32"});
    fresh = built;
    fresh.resources[0].layout->size = 96;  // trailing padding no member explains
    CHECK(messages(compare_interface(built, fresh).differences) == Strings{"Frame size changed from 80 to 96 bytes"});
}

TEST_CASE("compatibility: structured-buffer element layouts", "[compatibility]") {
    const std::string particles = R"(struct Particle { float3 Position; float3 Velocity; };
StructuredBuffer<Particle> Particles : register(t0);
RWStructuredBuffer<float4> Colors : register(u1);
[shader("compute")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { Colors[id.x] = float4(Particles[id.x].Velocity, 1); }
)";
    ShaderReflection built = reflect(particles);
    CHECK(messages(compare_interface(built, reflect(replaced(particles, "float3 Position;", "float4 Position;")))
                       .differences) == Strings{"Particles.Position changed type from float3 to float4"});
    CHECK(messages(compare_interface(built, reflect(replaced(particles, "float3 Position; float3 Velocity;",
                                                             "float3 Velocity; float3 Position;")))
                       .differences) == Strings{"Particles.Position moved from offset 0 to 16",
                                                "Particles.Velocity moved from offset 16 to 0"});
    CHECK(messages(compare_interface(built, reflect(replaced(particles, "RWStructuredBuffer<float4>",
                                                             "RWStructuredBuffer<float2>")))
                       .differences) == Strings{"Colors changed its element type from float4 to float2"});
}

TEST_CASE("compatibility: vertex input locations, formats, offsets and stride", "[compatibility]") {
    // Uv and Color swap places: both move location and offset, and the stride stays 20.
    CompatibilityReport swapped = against_sprite(replaced(
        sprite, "    float2 Uv : TEXCOORD0;\n    [[oneshader::format(\"unorm8x4\")]] float4 Color : COLOR0;\n",
        "    [[oneshader::format(\"unorm8x4\")]] float4 Color : COLOR0;\n    float2 Uv : TEXCOORD0;\n"));
    CHECK(messages(swapped.differences) ==
          Strings{"VSMain input i.Uv (TEXCOORD0) moved from location 1 to 2",
                  "VSMain input i.Uv (TEXCOORD0) moved from offset 8 to 12",
                  "VSMain input i.Color (COLOR0) moved from location 2 to 1",
                  "VSMain input i.Color (COLOR0) moved from offset 16 to 8"});
    CHECK(messages(against_sprite(replaced(sprite, "[[oneshader::format(\"unorm8x4\")]] ", "")).differences) ==
          Strings{"VSMain vertex stride changed from 20 to 32 bytes",
                  "VSMain input i.Color (COLOR0) changed format from Unorm8x4 to Float32x4"});
    CHECK(messages(against_sprite(replaced(sprite, "float4 Color : COLOR0;\n};",
                                           "float4 Color : COLOR0;\n    float Size : PSIZE0;\n};"))
                       .differences) == Strings{"VSMain vertex stride changed from 20 to 24 bytes",
                                                "VSMain input i.Size (PSIZE0) was added at location 3"});
    // Built-ins are not vertex attributes: adding SV_VertexID changes nothing the host feeds.
    CHECK(against_sprite(replaced(sprite, "VSOut VSMain(VSIn i)", "VSOut VSMain(VSIn i, uint id : SV_VertexID)"))
              .is_compatible());
}

TEST_CASE("compatibility: resource slots, kinds, counts and gained stages", "[compatibility]") {
    CHECK(messages(against_sprite(replaced(sprite, "[[vk::binding(1)]] Texture2D", "[[vk::binding(3)]] Texture2D"))
                       .differences) == Strings{"Atlas moved from set 0 binding 1 to set 0 binding 3"});
    CHECK(messages(against_sprite(replaced(sprite, "[[vk::binding(1)]] Texture2D", "[[vk::binding(1, 2)]] Texture2D"))
                       .differences) == Strings{"Atlas moved from set 0 binding 1 to set 2 binding 1"});
    CHECK(messages(against_sprite(replaced(replaced(sprite, "Texture2D<float4> Atlas;", "Texture2D<float4> Atlas[2];"),
                                           "Atlas.Sample", "Atlas[1].Sample"))
                       .differences) == Strings{"Atlas array size changed from 1 to 2"});
    CHECK(messages(against_sprite(replaced(replaced(sprite, "Texture2D<float4> Atlas;", "Texture2DArray<float4> Atlas;"),
                                           "AtlasSampler, i.Uv)", "AtlasSampler, float3(i.Uv, 0))"))
                       .differences) == Strings{"Atlas changed type from Texture2D to Texture2DArray"});
    // The vertex stage now reads the texture too: the generated visibility flags are wrong.
    CompatibilityReport gained = against_sprite(
        replaced(sprite, "o.Uv = i.Uv;", "o.Uv = i.Uv + Atlas.SampleLevel(AtlasSampler, i.Uv, 0).xy;"));
    CHECK(messages(gained.differences) ==
          Strings{"Atlas is now used by the Vertex stage too", "AtlasSampler is now used by the Vertex stage too"});
    REQUIRE_FALSE(gained.differences.empty());
    CHECK(gained.differences[0].kind == InterfaceDifferenceKind::Resource);
}

TEST_CASE("compatibility: resource kinds", "[compatibility]") {
    const std::string a = R"(Texture2D<float4> Image : register(t0);
[shader("pixel")] float4 PSMain(float4 p : SV_Position) : SV_Target { return Image.Load(int3(p.xy, 0)); }
)";
    const std::string b = R"(RWTexture2D<float4> Image : register(u0);
[shader("pixel")] float4 PSMain(float4 p : SV_Position) : SV_Target { return Image[int2(p.xy)]; }
)";
    CHECK(messages(compare_interface(reflect(a), reflect(b)).differences) ==
          Strings{"Image changed kind from SampledTexture to StorageTexture"});
}

TEST_CASE("compatibility: fewer stages, new entry points and unused resources stay compatible", "[compatibility]") {
    CompatibilityReport no_texture =
        against_sprite(replaced(sprite, "return Atlas.Sample(AtlasSampler, i.Uv) * i.Color;", "return i.Color;"));
    CHECK(no_texture.is_compatible());
    CHECK(messages(no_texture.compatible_changes) ==
          Strings{"Atlas is no longer used by the Pixel stage", "AtlasSampler is no longer used by the Pixel stage"});

    CompatibilityReport more = against_sprite(
        sprite + "[shader(\"pixel\")] float4 PSFlat(VSOut i) : SV_Target { return i.Color; }\n"
                 "Texture2D<float4> Spare : register(t7);\n");
    CHECK(more.is_compatible());
    CHECK(messages(more.compatible_changes) ==
          Strings{"Spare was added at set 0 binding 7; no stage uses it", "entry point PSFlat (Pixel) was added"});
    CHECK(more.to_string() ==
          "compatible with the compiled-in C++ bindings\n"
          "  Spare was added at set 0 binding 7; no stage uses it\n"
          "  entry point PSFlat (Pixel) was added");
}

TEST_CASE("compatibility: used resources added or removed", "[compatibility]") {
    const std::string with_mask = replaced(
        replaced(sprite, "[[vk::binding(2)]] SamplerState AtlasSampler;",
                 "[[vk::binding(2)]] SamplerState AtlasSampler;\n[[vk::binding(3)]] Texture2D<float4> Mask;"),
        "* i.Color;", "* i.Color * Mask.Sample(AtlasSampler, i.Uv);");
    CHECK(messages(against_sprite(with_mask).differences) == Strings{"Mask was added at set 0 binding 3"});
    CHECK(messages(compare_interface(reflect(with_mask), reflect(sprite)).differences) == Strings{"Mask was removed"});
}

TEST_CASE("compatibility: entry points removed or moved to another stage", "[compatibility]") {
    const std::string two = sprite + "[shader(\"pixel\")] float4 PSFlat(VSOut i) : SV_Target { return i.Color; }\n";
    CHECK(messages(compare_interface(reflect(two), reflect(sprite)).differences) ==
          Strings{"entry point PSFlat was removed"});
    const std::string compute = R"(RWStructuredBuffer<uint> Counts : register(u0);
[shader("compute")] [numthreads(8, 8, 1)] void Main(uint3 id : SV_DispatchThreadID) { Counts[id.x] = id.y; }
)";
    ShaderReflection built = reflect(compute);
    CompatibilityReport resized = compare_interface(built, reflect(replaced(compute, "8, 8, 1", "16, 16, 1")));
    CHECK(messages(resized.differences) == Strings{"Main thread-group size changed from 8x8x1 to 16x16x1"});
    REQUIRE(resized.differences.size() == 1);
    CHECK(resized.differences[0].kind == InterfaceDifferenceKind::ThreadGroupSize);
    const std::string as_pixel = R"(RWStructuredBuffer<uint> Counts : register(u0);
[shader("pixel")] float4 Main(float4 p : SV_Position) : SV_Target { Counts[0] = 1; return p; }
)";
    CompatibilityReport moved = compare_interface(built, reflect(as_pixel));
    CHECK(messages(moved.differences) == Strings{"Counts is now used by the Pixel stage too",
                                                 "entry point Main changed stage from Compute to Pixel"});
}

TEST_CASE("compatibility: specialization constants", "[compatibility]") {
    const std::string spec = R"([[vk::constant_id(0)]] const int Radius = 4;
[[vk::constant_id(1)]] const float Scale = 1.5;
[shader("pixel")] float4 PSMain() : SV_Target { return Radius * Scale; }
)";
    ShaderReflection built = reflect(spec);
    CompatibilityReport defaults = compare_interface(
        built, reflect(replaced(spec, "Radius = 4;", "Radius = 6;") + "[[vk::constant_id(2)]] const bool Fast = true;\n"));
    CHECK(defaults.is_compatible());
    CHECK(messages(defaults.compatible_changes) ==
          Strings{"specialization constant Radius default changed from 4 to 6",
                  "specialization constant Fast was added with id 2"});
    CompatibilityReport changed = compare_interface(
        built, reflect(replaced(replaced(spec, "constant_id(1)", "constant_id(5)"), "const int Radius = 4", "const uint Radius = 4")));
    CHECK(messages(changed.differences) == Strings{"specialization constant Radius changed type from Int to UInt",
                                                   "specialization constant Scale changed id from 1 to 5"});
    REQUIRE_FALSE(changed.differences.empty());
    CHECK(changed.differences[0].kind == InterfaceDifferenceKind::SpecConstant);
    CompatibilityReport removed = compare_interface(
        built, reflect(replaced(replaced(spec, "[[vk::constant_id(1)]] const float Scale = 1.5;", ""), "Radius * Scale", "Radius")));
    CHECK(messages(removed.differences) == Strings{"specialization constant Scale was removed"});
}

TEST_CASE("compatibility: push-constant blocks", "[compatibility]") {
    const std::string push = R"(struct Params { float4 Color; float Scale; };
[[vk::push_constant]] Params Push;
[shader("pixel")] float4 PSMain() : SV_Target { return Push.Color * Push.Scale; }
)";
    ShaderReflection built = reflect(push);
    CHECK(compare_interface(built, reflect(push)).is_compatible());
    CompatibilityReport r = compare_interface(built, reflect(replaced(push, "float4 Color; float Scale;", "float Scale; float4 Color;")));
    CHECK(messages(r.differences) ==
          Strings{"Push.Color moved from offset 0 to 16", "Push.Scale moved from offset 16 to 0"});
}

TEST_CASE("compatibility: a compile whose front end failed is not compatible", "[compatibility]") {
    CompileResult failed = compile(replaced(sprite, "AtlasSampler, i.Uv", "AtlasSampler, i.UV"), "Sprite.hlsl");
    REQUIRE_FALSE(failed.ok());
    CompatibilityReport r = compare_interface(reflect(sprite), failed);
    CHECK_FALSE(r.is_compatible());
    REQUIRE(r.differences.size() == 1);
    CHECK(r.differences[0].kind == InterfaceDifferenceKind::NotCompiled);
    CHECK(r.differences[0].message.find("the shader did not compile: Sprite.hlsl(24,74): error OSH0308") == 0);
    CHECK(compare_interface(reflect(sprite), compile(sprite, "Sprite.hlsl")).is_compatible());
}

TEST_CASE("compatibility: slots are compared for every target both compiles built", "[compatibility]") {
    auto reflect_all = [](const std::string& source) {
        CompileOptions o;
        o.syntax_only = true;
        o.targets = {Target::SpirV, Target::Msl, Target::Wgsl};
        CompileResult r = compile(source, "Sprite.hlsl", o);
        REQUIRE(r.reflection);
        return *r.reflection;
    };
    // An unused texture declared before Atlas takes Metal texture index 0 (indices count in
    // declaration order over the file) and leaves every Vulkan and WebGPU binding as it was.
    const std::string reordered = replaced(sprite, "[[vk::binding(1)]] Texture2D<float4> Atlas;",
                                           "[[vk::binding(5)]] Texture2D<float4> Spare;\n"
                                           "[[vk::binding(1)]] Texture2D<float4> Atlas;");
    ShaderReflection built = reflect_all(sprite), fresh = reflect_all(reordered);
    CompatibilityReport spare = compare_interface(built, fresh);
    CHECK(messages(spare.differences) == Strings{"Atlas moved from Metal index 0 to 1"});
    CHECK(messages(spare.compatible_changes) == Strings{"Spare was added at set 0 binding 5; no stage uses it"});
    // A compile without MSL says nothing about Metal indices.
    CHECK(compare_interface(built, reflect(reordered)).is_compatible());
    // Vulkan and WebGPU slots move together with [[vk::binding]].
    ShaderReflection moved = reflect_all(replaced(sprite, "[[vk::binding(1)]] Texture2D", "[[vk::binding(3)]] Texture2D"));
    std::vector<std::string> got = messages(compare_interface(built, moved).differences);
    CHECK(std::count(got.begin(), got.end(), "Atlas moved from set 0 binding 1 to set 0 binding 3") == 1);
    CHECK(std::count_if(got.begin(), got.end(), [](const std::string& m) {
              return m.starts_with("Atlas moved from WGSL group 0 binding 1 to group 0 binding ");
          }) == 1);
}
