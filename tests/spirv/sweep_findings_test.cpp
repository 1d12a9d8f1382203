// Regression tests for the classes of invalid SPIR-V the sweep (tests/sweep/) found, one case per
// class: each input once gave a module the validator rejects (or crashed the emitter).
#include "spirv_fixture.hpp"

namespace oneshader::spirv::test {
namespace {

std::string compute(const std::string& globals, const std::string& body) {
    return globals + "\nfunc @main() -> void {\nbb0:\n" + body + "  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
}

// A compute shader reading %x, a private `in`, and storing `body`'s %r, an `out`, to a buffer.
std::string one_value(const std::string& in, const std::string& out, const std::string& body) {
    return compute("%g0 = global storage RWStructuredBuffer<" + out + "> set(0) binding(0) ; out\n%g1 = global private " + in + " ; x",
                   "  %x = load %g1 : " + in + "\n" + body + "  %o = access %g0, 0:uint : ptr<storage, " + out + ">\n  store %o, %r\n");
}

TEST_CASE("all() and any() of a matrix with more than four components reduce column by column", "[spirv][sweep]") {
    for (const char* f : {"all", "any"}) {
        // float2x3 has six components: there is no bool6 to convert it to (this crashed the emitter).
        Result r = compile_valid(one_value("float2x3", "uint",
                                           "  %b = intrinsic " + std::string(f) + "(%x) : bool\n"
                                           "  %r = select %b, 1:uint, 0:uint : uint\n"));
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
    Result count = compile_valid(one_value("int16_t", "uint",
                                           "  %1 = intrinsic countbits(%x) : uint\n"
                                           "  %2 = intrinsic firstbithigh(%x) : uint\n"
                                           "  %3 = intrinsic firstbitlow(%x) : uint\n"
                                           "  %4 = add %1, %2 : uint\n"
                                           "  %r = add %4, %3 : uint\n"));
    // Zero-extended for the bit count and the lowest bit, sign-extended for FindSMsb.
    CHECK(contains(count.text, "OpBitCount %uint"));
    CHECK(contains(count.text, "FindSMsb"));
    CHECK(contains(count.text, "OpSConvert %int"));
    CHECK(count_of(count.text, "OpUConvert %uint") == 2);
    Result reverse = compile_valid(one_value("uint16_t", "uint16_t", "  %r = intrinsic reversebits(%x) : uint16_t\n"));
    CHECK(contains(reverse.text, "OpBitReverse %uint"));
    CHECK(contains(reverse.text, "OpShiftRightLogical %uint"));
}

TEST_CASE("64-bit bit intrinsics are refused with OSH5001, as DXC refuses them", "[spirv][sweep]") {
    for (const char* f : {"countbits", "firstbithigh"}) {
        Result r = compile(one_value("uint64_t", "uint", "  %r = intrinsic " + std::string(f) + "(%x) : uint\n"));
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].rfind("OSH5001: SPIR-V: '" + std::string(f) + "' is limited to 32-bit integer components", 0) == 0);
    }
}

TEST_CASE("a signed result of a 16-bit unsigned widening is a bitcast of UConvert", "[spirv][sweep]") {
    Result r = compile_valid(one_value("uint16_t", "int", "  %r = convert %x : int\n"));
    CHECK(contains(r.text, "OpUConvert %uint"));
    CHECK(contains(r.text, "OpBitcast %int"));
}

TEST_CASE("1xN matrices are vectors for all(), transpose and shift counts", "[spirv][sweep]") {
    Result r = compile_valid(one_value("int1x3", "int1x3",
                                       "  %1 = shl %x, %x : int1x3\n"
                                       "  %2 = intrinsic transpose(%1) : int3x1\n"
                                       "  %r = intrinsic transpose(%2) : int1x3\n"));
    Result all = compile_valid(one_value("int1x3", "uint", "  %b = intrinsic all(%x) : bool\n  %r = select %b, 1:uint, 0:uint : uint\n"));
    CHECK_FALSE(contains(r.text, "OpTranspose"));
    CHECK(contains(all.text, "OpAll %bool"));
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
