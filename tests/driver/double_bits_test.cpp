// asdouble and the three-argument asuint: a double is the bitcast of a uint2 holding its low word
// first, as DXC writes it, one component at a time (a double3 is six words, no SPIR-V vector).
// MSL and WGSL have no 64-bit floats and refuse both.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

namespace {

const char* kDoubleBits = R"(
RWStructuredBuffer<uint> Output : register(u0);
RWStructuredBuffer<double> Doubles : register(u1);
[numthreads(1, 1, 1)]
void main() {
    uint a = Output[0], b = Output[1];
    double d = asdouble(a, b);
    Doubles[0] = d;
    double2 d2 = asdouble(uint2(a, b), uint2(b, a));
    Doubles[1] = d2.x + d2.y;
    double3 d3 = asdouble(uint3(a, b, a), uint3(b, a, b));
    uint lo, hi;
    asuint(d, lo, hi);
    Output[2] = lo;
    Output[3] = hi;
    uint3 l3, h3;
    asuint(d3, l3, h3);
    Output[4] = l3.z + h3.y;
    int il, ih;
    asuint(Doubles[2], il, ih);
    Output[5] = asuint(il ^ ih);
}
)";

CompileOptions options_for(oneshader::Target target, bool optimize) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    o.targets = {target};
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("asdouble and asuint(double, out low, out high) are bitcasts through uint2, valid optimized and not",
          "[spirv][intrinsics][double]") {
    for (bool optimize : {false, true}) {
        oneshader::CompileResult r = oneshader::compile(kDoubleBits, "double_bits.hlsl", options_for(oneshader::Target::SpirV, optimize));
        INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        const oneshader::ShaderBlob* blob = r.find("main", oneshader::Target::SpirV);
        REQUIRE(blob != nullptr);
        std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        CHECK(spirv_tools::has_line(text, "OpCapability Float64"));
        if (!optimize) {
            // 1 + 2 + 3 components joined, 1 + 3 + 1 split.
            CHECK(count_of(text, "= OpBitcast %double ") == 6);
            CHECK(count_of(text, "= OpBitcast %v2uint ") == 5);
        }
    }
}

TEST_CASE("asdouble keeps the low word first", "[spirv][intrinsics][double]") {
    // 1.0 is 0x3FF00000_00000000: the high word is the second argument.
    const char* source = R"(
RWStructuredBuffer<double> Doubles : register(u0);
[numthreads(1, 1, 1)]
void main() { Doubles[0] = asdouble(0u, 0x3FF00000u); }
)";
    oneshader::CompileResult r = oneshader::compile(source, "double_bits.hlsl", options_for(oneshader::Target::SpirV, false));
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    std::string text = spirv_tools::disassemble(words);
    INFO(text);
    CHECK(spirv_tools::validate(words) == "");
    CHECK(text.find("OpCompositeConstruct %v2uint %uint_0 %uint_1072693248") != std::string::npos);
}

TEST_CASE("MSL and WGSL refuse asdouble and the double split by name", "[msl][wgsl][intrinsics][double]") {
    for (oneshader::Target target : {oneshader::Target::Msl, oneshader::Target::Wgsl}) {
        oneshader::CompileResult r = oneshader::compile(kDoubleBits, "double_bits.hlsl", options_for(target, false));
        std::string text = diagnostics_of(r);
        INFO(text);
        CHECK_FALSE(r.ok());
        CHECK(text.find(target == oneshader::Target::Msl ? "OSH51" : "OSH52") != std::string::npos);
        CHECK(text.find("double") != std::string::npos);
    }
}
