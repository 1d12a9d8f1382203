// Targets compiled together print from one raised module when their raise lists would leave it
// the same, and from a copy each when they would not: a call of saturate or fmod, which only
// SPIR-V's list rewrites; log10 or isfinite, which MSL prints itself; a sample mask or clip
// distance, which WGSL's list does not merge; struct bit fields, which the text targets rewrite
// and SPIR-V keeps; a rasterizer-ordered view, whose section only SPIR-V's list places. Either way
// each target's output is what a compile for that target alone gives, in every order of targets.
#include <catch2/catch.hpp>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "diagnostics_text.hpp"
#include "msl/raise.hpp"
#include "spirv/raise.hpp"
#include "oneshader/oneshader.hpp"
#include "wgsl/raise.hpp"

using oneshader::Target;

namespace {

struct Case {
    const char* name;
    const char* source;
    const char* msl_has;      // text only MSL's output has, or null
    const char* wgsl_lacks;   // text WGSL's output must not have, or null
};

const Case kCases[] = {
    {"plain", R"(
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    float4 c = Tex.Sample(Samp, uv);
    return float4(sqrt(abs(c.rgb)) * sign(c.a), rcp(c.a + 2.0));
}
)", nullptr, nullptr},
    {"log10", R"(
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    return float4(log10(uv.x + 1.0), log10(uv + 2.0), 1.0);
}
)", "log10(", "log10("},
    {"isfinite", R"(
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    return isfinite(uv.x / uv.y) ? float4(1, 0, 0, 1) : float4(0, 1, 0, 1);
}
)", "isfinite(", "isfinite("},
    {"sample mask", R"(
struct Out {
    float4 color : SV_Target;
    uint mask : SV_Coverage;
};
Out main(float4 pos : SV_Position, uint coverage : SV_Coverage) {
    Out o;
    o.color = pos;
    o.mask = coverage & 5u;
    return o;
}
)", "[[sample_mask]]", nullptr},
    {"saturate and fmod", R"(
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    return float4(saturate(uv), fmod(uv.x, 0.25), 1.0);
}
)", "saturate(", nullptr},
    {"bit fields", R"(
struct Bits { uint a : 4; uint b : 12; };
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    Bits s;
    s.a = uint(pos.x);
    s.b = uint(uv.y * 100.0);
    return float4(s.a, s.b, 0.0, 1.0);
}
)", nullptr, nullptr},
};

std::string text_of(const oneshader::CompileResult& r, Target t) {
    const oneshader::ShaderBlob* b = r.find("main", t);
    return b ? std::string(b->data.begin(), b->data.end()) : std::string();
}

oneshader::CompileOptions options_for(std::vector<Target> targets, bool optimize) {
    oneshader::CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.targets = std::move(targets);
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

}  // namespace

TEST_CASE("a transform only some backends' lists name can tell when it is idle", "[driver][raise]") {
    // What sharing one raised module rests on: a transform in one list and not in another must be
    // able to say it would change nothing, or modules raised with it would never be shared. A new
    // transform in one list without an idle test shows here first.
    const std::span<const std::string_view> lists[] = {oneshader::spirv::raise_list(), oneshader::msl::raise_list(),
                                                        oneshader::wgsl::raise_list()};
    auto in = [](std::span<const std::string_view> list, std::string_view n) {
        return std::find(list.begin(), list.end(), n) != list.end();
    };
    for (const auto& list : lists)
        for (std::string_view n : list) {
            if (in(lists[0], n) && in(lists[1], n) && in(lists[2], n)) continue;
            const oneshader::raise::TransformInfo* t = oneshader::raise::find_transform(n);
            INFO(n);
            REQUIRE(t);
            CHECK((!t->calls.empty() || t->idle));
        }
}

TEST_CASE("MSL and WGSL in one compile give each target's bytes alone, shared raise or not", "[driver][raise]") {
    const std::vector<std::vector<Target>> orders = {
        {Target::SpirV, Target::Msl, Target::Wgsl}, {Target::Msl, Target::Wgsl},
        {Target::Wgsl, Target::Msl},                {Target::Wgsl, Target::SpirV, Target::Msl},
        {Target::Msl, Target::SpirV, Target::Wgsl},
    };
    for (const Case& c : kCases) {
        for (bool optimize : {false, true}) {
            std::string alone[3];
            for (Target t : {Target::SpirV, Target::Msl, Target::Wgsl}) {
                oneshader::CompileResult r = oneshader::compile(c.source, "shared.hlsl", options_for({t}, optimize));
                INFO(c.name << ": " << oneshader::test::diagnostics_of(r));
                REQUIRE(r.ok());
                alone[static_cast<int>(t)] = text_of(r, t);
                REQUIRE(!alone[static_cast<int>(t)].empty());
            }
            if (c.msl_has) CHECK(alone[static_cast<int>(Target::Msl)].find(c.msl_has) != std::string::npos);
            if (c.wgsl_lacks) CHECK(alone[static_cast<int>(Target::Wgsl)].find(c.wgsl_lacks) == std::string::npos);
            for (const std::vector<Target>& order : orders) {
                oneshader::CompileResult r = oneshader::compile(c.source, "shared.hlsl", options_for(order, optimize));
                INFO(c.name << (optimize ? " (optimized), " : ", ") << order.size() << " targets, first "
                            << to_string(order.front()) << ": " << oneshader::test::diagnostics_of(r));
                REQUIRE(r.ok());
                REQUIRE(r.blobs.size() == order.size());
                for (std::size_t k = 0; k < order.size(); ++k) {
                    CHECK(r.blobs[k].target == order[k]);  // blobs in the order asked for
                    CHECK(text_of(r, order[k]) == alone[static_cast<int>(order[k])]);
                }
            }
        }
    }
}

TEST_CASE("SPIR-V and MSL of a rasterizer-ordered view give each target's bytes alone", "[driver][raise]") {
    // Only SPIR-V's list places the interlock section: the two never share a raised module here.
    const char* source = R"(
RasterizerOrderedTexture2D<float4> Accum : register(u1);
float4 main(float4 pos : SV_Position) : SV_Target {
    uint2 p = uint2(pos.xy);
    float4 v = Accum[p];
    Accum[p] = v + 1.0;
    return v;
}
)";
    std::string alone[2];
    const Target targets[] = {Target::SpirV, Target::Msl};
    for (int k = 0; k < 2; ++k) {
        oneshader::CompileResult r = oneshader::compile(source, "rov.hlsl", options_for({targets[k]}, true));
        INFO(oneshader::test::diagnostics_of(r));
        REQUIRE(r.ok());
        alone[k] = text_of(r, targets[k]);
    }
    CHECK(alone[1].find("raster_order_group(0)") != std::string::npos);
    for (const std::vector<Target>& order : {std::vector<Target>{Target::SpirV, Target::Msl},
                                             std::vector<Target>{Target::Msl, Target::SpirV}}) {
        oneshader::CompileResult r = oneshader::compile(source, "rov.hlsl", options_for(order, true));
        INFO(oneshader::test::diagnostics_of(r));
        REQUIRE(r.ok());
        CHECK(text_of(r, Target::SpirV) == alone[0]);
        CHECK(text_of(r, Target::Msl) == alone[1]);
    }
}

TEST_CASE("a per-vertex input is refused for MSL after SPIR-V compiled it in the same call", "[driver][raise]") {
    // SPIR-V's list has no refusal of per-vertex inputs, MSL's does: MSL raises its own module.
    const char* source = R"(
float4 main(nointerpolation float4 color : COLOR0) : SV_Target {
    return GetAttributeAtVertex(color, 1);
}
)";
    oneshader::CompileOptions o = options_for({Target::SpirV}, true);
    o.profile = oneshader::Profile{oneshader::Stage::Pixel, 6, 1};
    oneshader::CompileResult spirv = oneshader::compile(source, "pv.hlsl", o);
    INFO(oneshader::test::diagnostics_of(spirv));
    REQUIRE(spirv.ok());
    o.targets = {Target::SpirV, Target::Msl};
    oneshader::CompileResult both = oneshader::compile(source, "pv.hlsl", o);
    CHECK_FALSE(both.ok());
    CHECK(oneshader::test::diagnostics_of(both).find("GetAttributeAtVertex") != std::string::npos);
}
