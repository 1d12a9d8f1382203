// HLSL's sign() of unsigned values in SPIR-V: never negative, so a comparison with zero (Vulkan's
// SSign reads the bits as signed and answers -1 from 0x80000000 up); floats and signed integers
// keep FSign and SSign.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "diagnostics_text.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

TEST_CASE("SPIR-V sign() of uint compares with zero, float and int keep FSign and SSign", "[spirv][intrinsics]") {
    const char* source = R"(
StructuredBuffer<uint4> U : register(t0);
RWStructuredBuffer<int> Out : register(u0, space1);
[numthreads(1, 1, 1)] void main() {
    uint4 u = U[0];
    int2 s = sign(u.yz);
    Out[0] = sign(u.x) + s.x + s.y + sign(asint(u.w)) + sign(asfloat(u.w));
}
)";
    for (bool optimize : {false, true}) {
        oneshader::CompileOptions o;
        o.entry_points = {{"main", oneshader::Stage::Compute}};
        o.targets = {oneshader::Target::SpirV};
        o.optimize = optimize;
        o.verify_ir = true;
        oneshader::CompileResult r = oneshader::compile(source, "sign.hlsl", o);
        INFO(oneshader::test::diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        CHECK(text.find("OpExtInst %uint ") == std::string::npos);
        CHECK(text.find("OpExtInst %v2uint ") == std::string::npos);
        CHECK(text.find("OpINotEqual %v2bool") != std::string::npos);
        CHECK(text.find("SSign") != std::string::npos);
        CHECK(text.find("FSign") != std::string::npos);
    }
}
