// HLSL's sign() in WGSL: WGSL's sign() takes floats and i32 only, so an unsigned value's sign is
// whether it is non-zero (polyfill_sign compares it with zero); every form validates with Tint and naga.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "oneshader/oneshader.hpp"
#include "wgsl_validate.hpp"

namespace {

using namespace oneshader;

const char* kKernel = R"(
StructuredBuffer<float4> F : register(t0);
StructuredBuffer<int4> I : register(t1);
RWStructuredBuffer<int> Out : register(u0, space1);
[numthreads(1, 1, 1)] void CSMain() {
    float4 f = F[0];
    int4 i = I[0];
    uint4 u = asuint(i);
    int3 fs = sign(f.xyz);
    int3 is = sign(i.xyz);
    int2 us = sign(u.yz);
    Out[0] = sign(f.w) + fs.x + is.y + us.x + us.y + sign(i.w) + sign(u.x);
}
)";

}  // namespace

TEST_CASE("WGSL sign() of floats, ints and uints validates, unsigned as a comparison with zero", "[wgsl]") {
    wgsl::test::Validator v;
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        CompileOptions o;
        o.targets = {Target::Wgsl};
        o.entry_points = {{"CSMain", Stage::Compute}};
        o.optimize = optimize;
        o.verify_ir = true;
        CompileResult r = compile(kKernel, "sign.hlsl", o);
        std::string diags;
        for (const Diagnostic& d : r.diagnostics) diags += d.to_string() + "\n";
        INFO(diags);
        REQUIRE(r.ok());
        const ShaderBlob* blob = r.find("CSMain", Target::Wgsl);
        REQUIRE(blob);
        std::string text(blob->as_text());
        INFO(text);
        CHECK(text.find("vec2<u32>(") != std::string::npos);
        CHECK(text.find(" != vec2<u32>())") != std::string::npos);
        CHECK(text.find(" != u32())") != std::string::npos);
        REQUIRE(v.startup_error().empty());
        auto path = std::filesystem::temp_directory_path() /
                    (std::string("oneshader-wgsl-sign-") + (optimize ? "o" : "od") + ".wgsl");
        wgsl::test::Verdict verdict = v.check_text(text, path.string());
        CHECK(verdict.error == "");
        CHECK(verdict.tint == "ok");
        CHECK(verdict.naga == "ok");
    }
}
