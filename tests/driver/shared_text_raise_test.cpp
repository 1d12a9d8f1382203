// MSL and WGSL from one compile print from one raised module when their raise lists would leave
// it the same, and from a copy each when they would not (a call of log10 or isfinite, which only
// WGSL's list rewrites; a sample mask or clip distance, which only MSL's list merges). Either way
// each target's text is what a compile for that target alone gives, in every order of targets.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "diagnostics_text.hpp"
#include "msl/raise.hpp"
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

TEST_CASE("MSL's and WGSL's raise lists differ only in transforms most modules leave idle", "[driver][raise]") {
    // What sharing one raised module rests on: the same shared order, and the transforms only
    // one list has. A change to either list shows here first.
    constexpr auto d = oneshader::raise::list_difference(oneshader::msl::kRaiseList, oneshader::wgsl::kRaiseList);
    static_assert(d.same_order);
    CHECK(std::vector<std::string_view>(d.names().begin(), d.names().end()) ==
          std::vector<std::string_view>{"merge_builtin_arrays", "polyfill_log10", "polyfill_isfinite"});
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
