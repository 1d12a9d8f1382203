// Regression tests for the classes of invalid SPIR-V the sweep (tests/sweep/) found, one case per
// class: each input once gave a module the validator rejects (or crashed the emitter).
#include "spirv_fixture.hpp"

namespace oneshader::spirv::test {
namespace {

std::string compute(const std::string& globals, const std::string& body) {
    return globals + "\nfunc @main() -> void {\nbb0:\n" + body + "  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
}

TEST_CASE("all() and any() of a matrix with more than four components reduce column by column", "[spirv][sweep]") {
    for (const char* f : {"all", "any"}) {
        // float2x3 has six components: there is no bool6 to convert it to (this crashed the emitter).
        Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; out\n"
                                         "%g1 = global private float2x3 ; m",
                                         "  %0 = load %g1 : float2x3\n"
                                         "  %1 = intrinsic " + std::string(f) + "(%0) : bool\n"
                                         "  %2 = select %1, 1:uint, 0:uint : uint\n"
                                         "  %3 = access %g0, 0:uint : ptr<storage, uint>\n"
                                         "  store %3, %2\n"));
        CHECK(count_of(r.text, std::string(f) == "all" ? "OpAll %bool" : "OpAny %bool") == 2);
        CHECK(count_of(r.text, std::string(f) == "all" ? "OpLogicalAnd %bool" : "OpLogicalOr %bool") == 1);
    }
}

// A pixel shader storing `body`'s %r (of `type`) into a storage buffer of `type`, reading %in (a
// `type` from another one).
std::string pixel(const std::string& type, const std::string& body) {
    return "%g0 = global storage RWStructuredBuffer<" + type + "> set(0) binding(0) ; out\n"
           "%g1 = global storage StructuredBuffer<" + type + "> set(0) binding(1) ; in\n"
           "%g2 = global output float4 location(0) ; out.var.SV_Target\n\n"
           "func @main() -> void {\nbb0:\n"
           "  %a = access %g1, 0:uint : ptr<storage, " + type + ">\n"
           "  %in = load %a : " + type + "\n" + body +
           "  %o = access %g0, 0:uint : ptr<storage, " + type + ">\n"
           "  store %o, %r\n"
           "  store %g2, float4{0.0, 0.0, 0.0, 0.0}\n"
           "  ret\n}\n\nentry pixel @main outputs(%g2)\n";
}

TEST_CASE("fine and coarse derivatives declare DerivativeControl", "[spirv][sweep]") {
    for (const char* f : {"ddx_fine", "ddx_coarse", "ddy_fine", "ddy_coarse"}) {
        Result r = compile_valid(pixel("float2", "  %r = intrinsic " + std::string(f) + "(%in) : float2\n"));
        CHECK(contains(r.text, "OpCapability DerivativeControl"));
    }
    Result plain = compile_valid(pixel("float2", "  %r = intrinsic ddx(%in) : float2\n"));
    CHECK_FALSE(contains(plain.text, "DerivativeControl"));
}

// HLSL with -enable-16bit-types (the IR fixture's types have no 16-bit floats) through the whole
// compiler: the disassembly of the one entry point's valid module.
std::string compile_16bit(const std::string& source) {
    oneshader::CompileOptions o;
    o.enable_16bit_types = true;
    oneshader::CompileResult r = oneshader::compile(source, "t.hlsl", o);
    std::string diags;
    for (const oneshader::Diagnostic& d : r.diagnostics) diags += d.to_string() + "\n";
    INFO(diags);
    REQUIRE(r.blobs.size() == 1);
    std::vector<std::uint32_t> words = spirv_tools::words_of(r.blobs[0]);
    std::string text = disassemble(words);
    INFO(text);
    CHECK(validate(words) == "");
    return text;
}

TEST_CASE("derivatives of halves are taken in 32 bits", "[spirv][sweep]") {
    // Vulkan's derivative instructions answer in 32-bit floats only.
    std::string text = compile_16bit("StructuredBuffer<half2> I; RWStructuredBuffer<half2> O;\n"
                                     "[shader(\"pixel\")] float4 main() : SV_Target { O[0] = ddy(I[0]); return 0; }\n");
    CHECK(contains(text, "OpDPdy %v2float"));
    CHECK(contains(text, "OpFConvert %v2float"));
    CHECK(contains(text, "OpFConvert %v2half"));
}

TEST_CASE("16-bit countbits, reversebits, firstbithigh and firstbitlow work on 32-bit values", "[spirv][sweep]") {
    Result count = compile_valid(compute("%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; out\n"
                                         "%g1 = global private int16_t ; x",
                                         "  %0 = load %g1 : int16_t\n"
                                         "  %1 = intrinsic countbits(%0) : uint\n"
                                         "  %2 = intrinsic firstbithigh(%0) : uint\n"
                                         "  %3 = intrinsic firstbitlow(%0) : uint\n"
                                         "  %4 = add %1, %2 : uint\n"
                                         "  %5 = add %4, %3 : uint\n"
                                         "  %6 = access %g0, 0:uint : ptr<storage, uint>\n"
                                         "  store %6, %5\n"));
    // Zero-extended for the bit count and the lowest bit, sign-extended for FindSMsb.
    CHECK(contains(count.text, "OpBitCount %uint"));
    CHECK(contains(count.text, "FindSMsb"));
    CHECK(contains(count.text, "OpSConvert %int"));
    CHECK(count_of(count.text, "OpUConvert %uint") == 2);
    Result reverse = compile_valid(compute("%g0 = global storage RWStructuredBuffer<uint16_t> set(0) binding(0) ; out\n"
                                           "%g1 = global private uint16_t ; x",
                                           "  %0 = load %g1 : uint16_t\n"
                                           "  %1 = intrinsic reversebits(%0) : uint16_t\n"
                                           "  %2 = access %g0, 0:uint : ptr<storage, uint16_t>\n"
                                           "  store %2, %1\n"));
    CHECK(contains(reverse.text, "OpBitReverse %uint"));
    CHECK(contains(reverse.text, "OpShiftRightLogical %uint"));
}

TEST_CASE("64-bit bit intrinsics are refused with OSH5001, as DXC refuses them", "[spirv][sweep]") {
    for (const char* f : {"countbits", "firstbithigh"}) {
        Result r = compile(compute("%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; out\n"
                                   "%g1 = global private uint64_t ; x",
                                   "  %0 = load %g1 : uint64_t\n"
                                   "  %1 = intrinsic " + std::string(f) + "(%0) : uint\n"
                                   "  %2 = access %g0, 0:uint : ptr<storage, uint>\n"
                                   "  store %2, %1\n"));
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].rfind("OSH5001: SPIR-V: '" + std::string(f) + "' is limited to 32-bit integer components", 0) == 0);
    }
}

TEST_CASE("a signed result of a 16-bit unsigned widening is a bitcast of UConvert", "[spirv][sweep]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out\n"
                                     "%g1 = global private uint16_t ; x",
                                     "  %0 = load %g1 : uint16_t\n"
                                     "  %1 = convert %0 : int\n"
                                     "  %2 = access %g0, 0:uint : ptr<storage, int>\n"
                                     "  store %2, %1\n"));
    CHECK(contains(r.text, "OpUConvert %uint"));
    CHECK(contains(r.text, "OpBitcast %int"));
}

TEST_CASE("1xN matrices are vectors for all(), transpose and shift counts", "[spirv][sweep]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<int1x3> set(0) binding(0) ; out\n"
                                     "%g1 = global private int1x3 ; m\n"
                                     "%g2 = global storage RWStructuredBuffer<uint> set(0) binding(1) ; flag",
                                     "  %0 = load %g1 : int1x3\n"
                                     "  %1 = shl %0, %0 : int1x3\n"
                                     "  %2 = intrinsic transpose(%1) : int3x1\n"
                                     "  %3 = intrinsic transpose(%2) : int1x3\n"
                                     "  %4 = intrinsic all(%3) : bool\n"
                                     "  %5 = select %4, 1:uint, 0:uint : uint\n"
                                     "  %6 = access %g0, 0:uint : ptr<storage, int1x3>\n"
                                     "  store %6, %3\n"
                                     "  %7 = access %g2, 0:uint : ptr<storage, uint>\n"
                                     "  store %7, %5\n"));
    CHECK_FALSE(contains(r.text, "OpTranspose"));
    CHECK(contains(r.text, "OpAll %bool"));
}

TEST_CASE("f32tof16 of a half and f16tof32 of a uint16_t convert to 32 bits first", "[spirv][sweep]") {
    std::string text = compile_16bit("StructuredBuffer<half> H; StructuredBuffer<uint16_t> U; RWStructuredBuffer<float> O;\n"
                                     "[shader(\"compute\")] [numthreads(1, 1, 1)] void main() {\n"
                                     "    O[0] = f16tof32(U[0]) + f32tof16(H[0]);\n}\n");
    CHECK(contains(text, "PackHalf2x16"));
    CHECK(contains(text, "OpFConvert %float"));
    CHECK(contains(text, "OpUConvert %uint"));
}

TEST_CASE("component-wise intrinsics on matrices are emitted row by row", "[spirv][sweep]") {
    // split_matrix_calls (raise) runs first: GLSL.std.450, derivatives and group operations take no matrices.
    compile_valid(pixel("float2x3", "  %r = intrinsic sin(%in) : float2x3\n"));
    compile_valid(pixel("float2x3", "  %r = intrinsic ddx(%in) : float2x3\n"));
    compile_valid(pixel("float3x2", "  %r = intrinsic log10(%in) : float3x2\n"));
    Result w = compile_valid(pixel("float2x2", "  %r = intrinsic WaveActiveSum(%in) : float2x2\n"));
    CHECK(count_of(w.text, "OpGroupNonUniformFAdd %v2float") == 2);
}

}  // namespace
}  // namespace oneshader::spirv::test
