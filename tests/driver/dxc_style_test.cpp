// "Real HLSL written for DXC": small shaders in the style of public engines and samples
// (tests/driver/dxc_style/) compile, optimized and not, to SPIR-V the validator accepts, with the
// descriptor bindings, block member offsets and locations DXC gives them. The expected numbers
// come from DXC's documented default rules (no -fvk-*-shift options), cited next to each check:
//
//  [B1] register(xN, spaceM): Binding N, DescriptorSet M; the register letter is not part of the
//       binding, so t2 and s2 both become binding 2 (DXC's SPIR-V doc, "Descriptors", register
//       assignment without -fvk-*-shift).
//  [B2] A resource without register() gets set 0 and the lowest binding not taken by an explicit
//       one, in declaration order; a resource array takes one binding (descriptor count = length).
//  [B3] An append/consume buffer's counter is a separate buffer `counter.var.<name>` in the same
//       set, at [[vk::counter_binding(n)]] or else the lowest free binding after the explicit ones.
//  [L1] cbuffers use relaxed std140 ("vkLayout"): scalars/vectors align to their component size
//       as long as a vector of up to 16 bytes does not straddle a 16-byte boundary; structs,
//       arrays and matrices align to 16; array strides and matrix strides are multiples of 16.
//  [L2] Structured buffers and push constants use relaxed std430: as [L1] but structs/arrays align
//       to their largest member, so a float3 after a uint packs at offset 4 past it.
//  [M1] HLSL matrices are transposed in SPIR-V: column_major (the default) is decorated RowMajor,
//       row_major is decorated ColMajor; floatRxC is R vectors of C components (stride 16).
//  [V1] [[vk::location(n)]] gives Location n; without it locations follow declaration order.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <spirv-tools/libspirv.hpp>
#include <spirv/unified1/spirv.hpp11>

#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace fs = std::filesystem;

namespace {

std::string path_of(const char* name) {
    return (fs::path(ONESHADER_SOURCE_DIR) / "tests/driver/dxc_style" / name).generic_string();
}

using spirv_tools::validate;
using spirv_tools::words_of;

// The decorations of a module, read from its words by debug name.
struct Decorations {
    std::map<std::uint32_t, std::string> names;                                  // id -> OpName
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> member_names; // (struct, member) -> name
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> decorations;  // (id, decoration) -> operand
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::uint32_t> member_decorations;

    std::optional<std::uint32_t> id_named(const std::string& n) const {
        for (const auto& [id, name] : names)
            if (name == n) return id;
        return std::nullopt;
    }
    // The operand of `d` on the variable (or type) named `n`; -1 when absent.
    std::int64_t of(const std::string& n, spv::Decoration d) const {
        auto id = id_named(n);
        if (!id) return -1;
        auto it = decorations.find({*id, static_cast<std::uint32_t>(d)});
        return it == decorations.end() ? std::int64_t{-1} : std::int64_t{it->second};
    }
    bool has(const std::string& n, spv::Decoration d) const { return of(n, d) != -1; }
    // The operand of member decoration `d` on the member named `member` of any struct named `type`.
    std::int64_t member(const std::string& type, const std::string& member, spv::Decoration d) const {
        for (const auto& [key, name] : member_names) {
            if (name != member) continue;
            auto t = names.find(key.first);
            if (t == names.end() || t->second != type) continue;
            auto it = member_decorations.find({key.first, key.second, static_cast<std::uint32_t>(d)});
            if (it != member_decorations.end()) return std::int64_t{it->second};
        }
        return -1;
    }
};

std::string literal_string(const std::vector<std::uint32_t>& w, std::size_t at, std::size_t end) {
    std::string s;
    for (std::size_t i = at; i < end; ++i)
        for (int k = 0; k < 4; ++k) {
            char c = static_cast<char>((w[i] >> (8 * k)) & 0xFF);
            if (c == 0) return s;
            s += c;
        }
    return s;
}

Decorations read_decorations(const std::vector<std::uint32_t>& w) {
    Decorations d;
    for (std::size_t i = 5; i < w.size();) {
        std::uint32_t count = w[i] >> 16;
        auto op = static_cast<spv::Op>(w[i] & 0xFFFF);
        if (count == 0 || i + count > w.size()) break;
        std::size_t end = i + count;
        if (op == spv::Op::OpName && count >= 3) d.names[w[i + 1]] = literal_string(w, i + 2, end);
        if (op == spv::Op::OpMemberName && count >= 4)
            d.member_names[{w[i + 1], w[i + 2]}] = literal_string(w, i + 3, end);
        if (op == spv::Op::OpDecorate && count >= 3)
            d.decorations[{w[i + 1], w[i + 2]}] = count >= 4 ? w[i + 3] : 0;
        if (op == spv::Op::OpMemberDecorate && count >= 4)
            d.member_decorations[{w[i + 1], w[i + 2], w[i + 3]}] = count >= 5 ? w[i + 4] : 0;
        i = end;
    }
    return d;
}

struct Compiled {
    std::vector<std::uint32_t> words;
    Decorations decorations;
};

// Compiles one entry point (optimized and not), requires valid SPIR-V both times and the same
// decorations both times; returns the optimized one.
Compiled compile_entry(const char* file, const char* entry, oneshader::Stage stage) {
    Compiled out;
    for (bool optimize : {false, true}) {
        oneshader::CompileOptions o;
        o.entry_points = {{entry, stage}};
        o.optimize = optimize;
        o.verify_ir = true;
        oneshader::CompileResult r = oneshader::compile_file(path_of(file), o);
        std::string diags;
        for (const oneshader::Diagnostic& d : r.diagnostics) diags += d.to_string() + "\n";
        INFO(file << " " << entry << (optimize ? " (optimized)" : " (unoptimized)") << "\n" << diags);
        REQUIRE(r.ok());
        CHECK(diags == "");
        const oneshader::ShaderBlob* blob = r.find(entry, oneshader::Target::SpirV);
        REQUIRE(blob != nullptr);
        std::vector<std::uint32_t> words = words_of(*blob);
        CHECK(validate(words) == "");
        Decorations d = read_decorations(words);
        if (optimize) {
            out.words = std::move(words);
            out.decorations = std::move(d);
        }
    }
    return out;
}

using D = spv::Decoration;

}  // namespace

TEST_CASE("dxc style: a texture and a sampler on the same register number share the binding") {
    // No [shader] attributes: compiled the way `dxc -T ps_6_0 -E PSMain` compiles it.
    Compiled ps = compile_entry("texture_sampler_pairs.hlsl", "PSMain", oneshader::Stage::Pixel);
    const Decorations& d = ps.decorations;
    CHECK(d.of("AlbedoTexture", D::Binding) == 2);  // [B1] t2
    CHECK(d.of("AlbedoSampler", D::Binding) == 2);  // [B1] s2
    CHECK(d.of("NormalTexture", D::Binding) == 3);
    CHECK(d.of("NormalSampler", D::Binding) == 3);
    CHECK(d.of("AlbedoTexture", D::DescriptorSet) == 0);
    CHECK(d.of("PerObject", D::Binding) == 0);  // [B1] b0
    CHECK(d.member("type.ConstantBuffer.PerObject", "WorldViewProj", D::Offset) == 0);
    CHECK(d.member("type.ConstantBuffer.PerObject", "Tint", D::Offset) == 64);
    CHECK(d.member("type.ConstantBuffer.PerObject", "WorldViewProj", D::RowMajor) == 0);  // [M1]
    CHECK(d.member("type.ConstantBuffer.PerObject", "WorldViewProj", D::MatrixStride) == 16);

    Compiled vs = compile_entry("texture_sampler_pairs.hlsl", "VSMain", oneshader::Stage::Vertex);
    CHECK(vs.decorations.of("in.var.POSITION", D::Location) == 0);  // [V1] declaration order
    CHECK(vs.decorations.of("in.var.TEXCOORD0", D::Location) == 1);
    CHECK(vs.decorations.of("PerObject", D::Binding) == 0);
}

TEST_CASE("dxc style: structs inside a cbuffer are laid out with DXC's relaxed std140") {
    Compiled ps = compile_entry("cbuffer_struct.hlsl", "PSMain", oneshader::Stage::Pixel);
    const Decorations& d = ps.decorations;
    CHECK(d.of("SceneConstants", D::Binding) == 1);
    // [L1] Camera: float4x4 (64 bytes), float3 at 64, float at 76 (a scalar fills the vec3's row);
    // its size 80 is a multiple of 16.
    CHECK(d.member("Camera", "ViewProj", D::Offset) == 0);
    CHECK(d.member("Camera", "Position", D::Offset) == 64);
    CHECK(d.member("Camera", "NearPlane", D::Offset) == 76);
    CHECK(d.member("DirectionalLight", "Direction", D::Offset) == 0);
    CHECK(d.member("DirectionalLight", "Intensity", D::Offset) == 12);
    CHECK(d.member("DirectionalLight", "Color", D::Offset) == 16);
    CHECK(d.member("DirectionalLight", "Range", D::Offset) == 28);
    const char* block = "type.ConstantBuffer.SceneConstants";
    CHECK(d.member(block, "MainCamera", D::Offset) == 0);
    CHECK(d.member(block, "Sun", D::Offset) == 80);
    CHECK(d.member(block, "Fill", D::Offset) == 112);   // [L1] array of 32-byte structs, stride 32
    CHECK(d.member(block, "Time", D::Offset) == 176);
    CHECK(d.member(block, "Jitter", D::Offset) == 180);  // [L1] float2 at 180 stays within 176..192
}

TEST_CASE("dxc style: [[vk::location]] on struct members") {
    Compiled vs = compile_entry("vk_location_members.hlsl", "VSMain", oneshader::Stage::Vertex);
    const Decorations& v = vs.decorations;
    CHECK(v.of("in.var.POSITION", D::Location) == 0);  // [V1]
    CHECK(v.of("in.var.TEXCOORD0", D::Location) == 2);
    CHECK(v.of("in.var.NORMAL", D::Location) == 1);
    CHECK(v.of("in.var.COLOR0", D::Location) == 5);
    CHECK(v.of("out.var.NORMAL", D::Location) == 3);
    CHECK(v.of("out.var.TEXCOORD0", D::Location) == 0);
    CHECK(v.of("out.var.COLOR0", D::Location) == 1);
    Compiled ps = compile_entry("vk_location_members.hlsl", "PSMain", oneshader::Stage::Pixel);
    const Decorations& p = ps.decorations;
    CHECK(p.of("in.var.NORMAL", D::Location) == 3);  // the pixel shader reads what the vertex shader wrote
    CHECK(p.of("in.var.TEXCOORD0", D::Location) == 0);
    CHECK(p.of("in.var.COLOR0", D::Location) == 1);
    CHECK(p.of("out.var.SV_Target0", D::Location) == 0);
}

TEST_CASE("dxc style: a [[vk::push_constant]] struct and a texture array in a register space") {
    Compiled ps = compile_entry("push_constants.hlsl", "PSMain", oneshader::Stage::Pixel);
    const Decorations& d = ps.decorations;
    const char* block = "type.PushConstant.DrawConstants";
    CHECK(d.member(block, "Model", D::Offset) == 0);  // [L2]
    CHECK(d.member(block, "Model", D::RowMajor) == 0);  // [M1]
    CHECK(d.member(block, "MaterialIndex", D::Offset) == 64);
    CHECK(d.member(block, "Tint", D::Offset) == 68);  // [L2] float3 after a uint: 68..80, no straddle
    CHECK(d.member(block, "UvScale", D::Offset) == 80);
    CHECK(d.member(block, "Flags", D::Offset) == 88);
    CHECK(!d.has("Draw", D::Binding));  // push constants have no descriptor
    CHECK(d.of("Materials", D::DescriptorSet) == 1);  // [B1] t0, space1
    CHECK(d.of("Materials", D::Binding) == 0);
    CHECK(d.of("LinearSampler", D::DescriptorSet) == 0);
    CHECK(d.of("LinearSampler", D::Binding) == 0);
    compile_entry("push_constants.hlsl", "VSMain", oneshader::Stage::Vertex);
}

TEST_CASE("dxc style: Texture2DArray, an array of textures, and a texture without a register") {
    Compiled ps = compile_entry("texture_arrays.hlsl", "PSMain", oneshader::Stage::Pixel);
    const Decorations& d = ps.decorations;
    CHECK(d.of("TerrainLayers", D::Binding) == 0);
    CHECK(d.of("DecalTextures", D::Binding) == 1);  // [B2] the array of 4 takes binding 1 only
    CHECK(d.of("WrapSampler", D::Binding) == 5);
    CHECK(d.of("BlendMask", D::Binding) == 2);      // [B2] lowest binding not taken by 0, 1, 5, 6
    CHECK(d.of("BlendMask", D::DescriptorSet) == 0);
    CHECK(d.of("TerrainParams", D::Binding) == 6);
    CHECK(d.member("type.ConstantBuffer.TerrainParams", "DecalCount", D::Offset) == 16);
    CHECK(d.of("in.var.TEXCOORD1", D::Location) == 1);
    CHECK(d.has("in.var.TEXCOORD1", D::Flat));
}

TEST_CASE("dxc style: append and consume buffers bring counters at DXC's bindings") {
    Compiled cs = compile_entry("append_counters.hlsl", "CSSimulate", oneshader::Stage::Compute);
    const Decorations& d = cs.decorations;
    CHECK(d.of("CurrentParticles", D::Binding) == 0);
    CHECK(d.of("NextParticles", D::Binding) == 1);
    CHECK(d.of("DeadCounts", D::Binding) == 2);
    CHECK(d.of("DeadList", D::Binding) == 3);
    CHECK(d.of("SimParams", D::Binding) == 4);
    // [B3] explicit bindings 0-4 and 9 are taken: the counters without vk::counter_binding get 5, 6.
    CHECK(d.of("counter.var.CurrentParticles", D::Binding) == 5);
    CHECK(d.of("counter.var.NextParticles", D::Binding) == 6);
    CHECK(d.of("counter.var.DeadList", D::Binding) == 9);
    CHECK(d.of("counter.var.DeadList", D::DescriptorSet) == 0);
    // [L2] the element struct in a structured buffer.
    CHECK(d.member("Particle", "Position", D::Offset) == 0);
    CHECK(d.member("Particle", "Age", D::Offset) == 12);
    CHECK(d.member("Particle", "Velocity", D::Offset) == 16);
    CHECK(d.member("Particle", "Size", D::Offset) == 28);
    CHECK(d.member("type.ConstantBuffer.SimParams", "DeltaTime", D::Offset) == 12);
    CHECK(d.member("type.ConstantBuffer.SimParams", "MaxAge", D::Offset) == 16);
}

TEST_CASE("dxc style: RWStructuredBuffer.IncrementCounter gets DXC's counter.var buffer at the next free binding") {
    const char* source =
        "RWStructuredBuffer<uint> Items : register(u0);\n"
        "[numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID)\n"
        "{ uint slot = Items.IncrementCounter(); Items[slot] = id.x; }\n";
    oneshader::CompileOptions o;
    o.entry_points = {{"CSMain", oneshader::Stage::Compute}};
    oneshader::CompileResult r = oneshader::compile(source, "counter.hlsl", o);
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    REQUIRE(r.reflection->resources.size() == 1);
    REQUIRE(r.reflection->resources[0].counter_slots.size() == 1);
    CHECK(r.reflection->resources[0].counter_slots[0].binding == 1);
}

TEST_CASE("dxc style: SamplerComparisonState shadows and a cbuffer bound implicitly") {
    Compiled ps = compile_entry("shadow_compare.hlsl", "PSMain", oneshader::Stage::Pixel);
    const Decorations& d = ps.decorations;
    CHECK(d.of("ShadowMap", D::Binding) == 4);      // [B1] t4 and s4 share binding 4
    CHECK(d.of("ShadowSampler", D::Binding) == 4);
    CHECK(d.of("CascadeMaps", D::Binding) == 5);
    CHECK(d.of("ShadowParams", D::Binding) == 0);   // [B2] lowest binding not taken by 4, 5
    CHECK(d.of("ShadowParams", D::DescriptorSet) == 0);
    const char* block = "type.ConstantBuffer.ShadowParams";
    CHECK(d.member(block, "LightViewProj", D::Offset) == 0);
    CHECK(d.member(block, "DepthBias", D::Offset) == 64);
    CHECK(d.member(block, "TexelSize", D::Offset) == 68);  // [L1] float2 within 64..80
}

TEST_CASE("dxc style: row_major and column_major matrices in one cbuffer") {
    Compiled vs = compile_entry("row_major_cbuffer.hlsl", "VSMain", oneshader::Stage::Vertex);
    const Decorations& d = vs.decorations;
    CHECK(d.of("Transforms", D::DescriptorSet) == 1);  // [B1] b0, space1
    CHECK(d.of("Transforms", D::Binding) == 0);
    const char* block = "type.ConstantBuffer.Transforms";
    CHECK(d.member(block, "World", D::Offset) == 0);
    CHECK(d.member(block, "World", D::ColMajor) == 0);  // [M1] row_major -> ColMajor
    CHECK(d.member(block, "ViewProj", D::Offset) == 64);
    CHECK(d.member(block, "ViewProj", D::RowMajor) == 0);  // [M1] column_major -> RowMajor
    CHECK(d.member(block, "Bones", D::Offset) == 128);
    CHECK(d.member(block, "Bones", D::ColMajor) == 0);
    CHECK(d.member(block, "Bones", D::MatrixStride) == 16);
    // [L1]/[M1] a row_major float3x4 is three 16-byte rows: array stride 48, so Bones ends at 224.
    CHECK(d.member(block, "NormalMatrix", D::Offset) == 224);
    CHECK(d.member(block, "NormalMatrix", D::RowMajor) == 0);
    CHECK(d.member(block, "Params", D::Offset) == 272);  // [L1] three 16-byte columns, then 16-aligned
}
