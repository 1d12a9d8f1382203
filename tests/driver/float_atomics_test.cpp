// Shader Model 6.6's float atomics and mul's truncation, compiled from HLSL: the SPIR-V DXC writes for
// them (valid for Vulkan 1.2, optimized and not), the refusals with their messages, and OSH0311 naming
// the truncated matrix. Their values are checked on execution by corpus/cases/float_atomics.case and
// corpus/cases/mul_truncation.case.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

namespace {

CompileOptions compute_options(bool optimize) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    o.targets = {oneshader::Target::SpirV};
    o.optimize = optimize;
    o.verify_ir = true;
    return o;
}

// The unoptimized disassembly of `main`, after checking that both levels validate.
std::string spirv_of(const std::string& source) {
    std::string unoptimized;
    for (bool optimize : {true, false}) {
        oneshader::CompileResult r = oneshader::compile(source, "atomics.hlsl", compute_options(optimize));
        INFO(diagnostics_of(r) << (optimize ? "(optimized)" : "(unoptimized)"));
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words) == "");
        if (!optimize) unoptimized = text;
    }
    return unoptimized;
}

std::string errors_of(const std::string& source) {
    oneshader::CompileResult r = oneshader::compile(source, "atomics.hlsl", compute_options(false));
    CHECK_FALSE(r.ok());
    return diagnostics_of(r);
}

}  // namespace

TEST_CASE("float InterlockedExchange is OpAtomicExchange on the float, as DXC", "[spirv][intrinsics][atomics]") {
    std::string text = spirv_of(R"(
RWStructuredBuffer<float> Values : register(u0);
RWTexture2D<float> Image : register(u1);
groupshared float Shared[4];
[numthreads(4, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
    float a, b, c;
    InterlockedExchange(Values[id.x], 1.5, a);
    InterlockedExchange(Shared[id.x], a, b);
    InterlockedExchange(Image[id.xy], b, c);
    Values[4] = c;
}
)");
    std::size_t n = 0;
    for (std::size_t at = text.find("= OpAtomicExchange %float "); at != std::string::npos;
         at = text.find("= OpAtomicExchange %float ", at + 1))
        ++n;
    CHECK(n == 3);
    CHECK(text.find("OpImageTexelPointer %_ptr_Image_float") != std::string::npos);
}

TEST_CASE("the byte-address float atomics work on the uint word through bitcasts", "[spirv][intrinsics][atomics]") {
    std::string text = spirv_of(R"(
RWByteAddressBuffer Raw : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float a, b;
    Raw.InterlockedExchangeFloat(0, 2.0, a);
    Raw.InterlockedCompareExchangeFloatBitwise(4, a, 3.0, b);
    Raw.InterlockedCompareStoreFloatBitwise(8, b, -0.0);
}
)");
    CHECK(text.find("= OpAtomicExchange %uint ") != std::string::npos);
    CHECK(text.find("= OpAtomicCompareExchange %uint ") != std::string::npos);
    CHECK(text.find("= OpBitcast %float ") != std::string::npos);
    CHECK(text.find("OpAtomicExchange %float") == std::string::npos);
}

TEST_CASE("the float compare-exchanges on a float variable and other float atomics are refused", "[sema][atomics]") {
    std::string text = errors_of(R"(
RWStructuredBuffer<float> Values : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float o;
    InterlockedCompareExchangeFloatBitwise(Values[0], 1.0, 2.0, o);
    InterlockedAdd(Values[1], 1.0);
}
)");
    INFO(text);
    CHECK(text.find("atomics.hlsl(6,5): error OSH0314: 'InterlockedCompareExchangeFloatBitwise' is not supported on a "
                    "float in memory") != std::string::npos);
    CHECK(text.find("use the RWByteAddressBuffer method of the same name") != std::string::npos);
    // The spec's message for the other float atomics.
    CHECK(text.find("atomics.hlsl(7,5): error OSH0314: 'InterlockedAdd' works on int, uint, int64_t and uint64_t, but "
                    "the first argument is 'float'. Float atomics are not supported; reinterpret the data as uint "
                    "with asuint()/asfloat().") != std::string::npos);
}

TEST_CASE("mul truncates the larger operand to the shared size with OSH0311 naming the matrix", "[sema][mul]") {
    const char* source = R"(
StructuredBuffer<float4x4> M : register(t0);
RWStructuredBuffer<float4> Output : register(u1);
[numthreads(1, 1, 1)]
void main() {
    float2x4 a = (float2x4)M[0];
    float3x3 b = (float3x3)M[1];
    float2x3 c = mul(a, b);
    Output[0] = float4(c[0], 0) + mul(M[2], float3(1, 2, 3)) + mul(float3(1, 2, 3), M[3]);
}
)";
    oneshader::CompileResult r = oneshader::compile(source, "mul.hlsl", compute_options(false));
    std::string text = diagnostics_of(r);
    INFO(text);
    REQUIRE(r.ok());
    CHECK(text.find("mul.hlsl(8,22): warning OSH0311: 'float2x4' is implicitly truncated to 'float2x3'; the rest are "
                    "dropped. Cast it with (float2x3) to make it explicit.") != std::string::npos);
    CHECK(text.find("'float4x4' is implicitly truncated to 'float4x3'") != std::string::npos);
    CHECK(text.find("'float4x4' is implicitly truncated to 'float3x4'") != std::string::npos);
    std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find("main", oneshader::Target::SpirV));
    CHECK(spirv_tools::validate(words) == "");
}
