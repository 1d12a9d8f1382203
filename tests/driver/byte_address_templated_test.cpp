// Byte-address Load<T>/Store<T> of any T, compiled from HLSL: the words DXC reads and writes for 16-,
// 32- and 64-bit scalars, vectors, structs, arrays and matrices (valid for Vulkan 1.2, optimized and
// not), and the MSL refusal. The values are checked on execution by
// corpus/cases/byte_address_templated.case.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

namespace {

CompileOptions options(bool optimize, oneshader::Target target = oneshader::Target::SpirV) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    o.targets = {target};
    o.optimize = optimize;
    o.verify_ir = true;
    o.enable_16bit_types = true;
    return o;
}

// The unoptimized disassembly of `main`, after checking that both levels validate.
std::string spirv_of(const std::string& source) {
    std::string unoptimized;
    for (bool optimize : {true, false}) {
        oneshader::CompileResult r = oneshader::compile(source, "raw.hlsl", options(optimize));
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

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("Load<T>/Store<T> of 16-bit values use halves of 32-bit words", "[spirv][buffers]") {
    std::string text = spirv_of(R"(
ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    half3 h = Src.Load<half3>(id.x * 2);
    int16_t i = Src.Load<int16_t>(2);
    Dst.Store<half3>(id.x * 2, h + (half)i);
    Dst.Store<uint16_t>(6, (uint16_t)i);
}
)");
    INFO(text);
    // The buffer stays a runtime array of words: no 16-bit storage capability.
    CHECK(has(text, "OpTypeRuntimeArray %uint"));
    CHECK_FALSE(has(text, "StorageBuffer16BitAccess"));
    CHECK(has(text, "OpCapability Float16"));
    CHECK(has(text, "OpCapability Int16"));
    CHECK(has(text, "OpUConvert %ushort"));
    CHECK(has(text, "OpBitcast %half"));
    CHECK(has(text, "OpBitcast %short"));
    // A constant address picks the high half at byte 2: shift by 16.
    CHECK(has(text, "OpShiftRightLogical %uint %") );
    CHECK(has(text, "%uint_16"));
    // A store keeps the other half of its word.
    CHECK(has(text, "OpNot %uint"));
    CHECK(has(text, "OpBitwiseOr %uint"));
}

TEST_CASE("Load<T>/Store<T> of 64-bit values join and split two words, low word first", "[spirv][buffers]") {
    std::string text = spirv_of(R"(
ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    double2 d = Src.Load<double2>(id.x * 16);
    int64_t i = Src.Load<int64_t>(32);
    Dst.Store<double2>(id.x * 16, d * 2.0);
    Dst.Store(40, (uint64_t)i);
}
)");
    INFO(text);
    CHECK(has(text, "OpCapability Float64"));
    CHECK(has(text, "OpCapability Int64"));
    CHECK(has(text, "OpUConvert %ulong"));
    CHECK(has(text, "OpShiftLeftLogical %ulong"));
    CHECK(has(text, "OpBitwiseOr %ulong"));
    CHECK(has(text, "OpBitcast %double"));
    CHECK(has(text, "OpBitcast %long"));
    CHECK(has(text, "OpShiftRightLogical %ulong"));
    CHECK(has(text, "OpUConvert %uint"));
}

TEST_CASE("Load<T> of a struct puts members at multiples of their alignment, as DXC", "[spirv][buffers]") {
    std::string text = spirv_of(R"(
struct S { float a; float3 b; half c; };
typedef float2 Pair[2];
ByteAddressBuffer Src : register(t0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    S s = Src.Load<S>(0);
    Pair p = Src.Load<Pair>(64);
    float2x2 m = Src.Load<float2x2>(96);
    Out[0] = s.a + s.b.z + s.c + p[1].y + m._12;
}
)");
    INFO(text);
    // a in word 0, b (a float3, aligned to 16) in words 4 to 6, c in the low half of word 7.
    auto word = [&](unsigned k) { return has(text, "%Src %uint_0 %uint_" + std::to_string(k) + "\n"); };
    CHECK(word(0));
    CHECK(word(4));
    CHECK(word(6));
    CHECK(word(7));
    CHECK_FALSE(word(1));
    // The array is packed: p[1].y is word 16 + 3; the matrix is stored by columns: _12 is word 24 + 2.
    CHECK(word(19));
    CHECK(word(26));
}

TEST_CASE("MSL refuses Load<T> of anything but 32-bit scalars and vectors", "[msl][buffers]") {
    oneshader::CompileResult r = oneshader::compile(R"(
struct S { float a; float3 b; };
ByteAddressBuffer Src : register(t0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = Src.Load<S>(0).b.x; }
)", "raw.hlsl", options(false, oneshader::Target::Msl));
    CHECK_FALSE(r.ok());
    CHECK(has(diagnostics_of(r), "OSH5101"));
}

TEST_CASE("signed InterlockedMin/Max on a byte-address buffer are OpAtomicSMin/SMax on the uint word", "[spirv][atomics]") {
    std::string text = spirv_of(R"(
RWByteAddressBuffer Raw : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int v = (int)id.x - 2;
    int old;
    Raw.InterlockedMin(0, v);
    Raw.InterlockedMax(4, v, old);
    Raw.Store(8, old);
    Raw.InterlockedMax(12, 3u);
}
)");
    INFO(text);
    CHECK(has(text, "OpAtomicSMin %uint"));
    CHECK(has(text, "OpAtomicSMax %uint"));
    CHECK(has(text, "OpAtomicUMax %uint"));
    CHECK(has(text, "OpBitcast %int"));
}

TEST_CASE("64-bit integer textures are R64ui/R64i with SPV_EXT_shader_image_int64, and take atomics",
          "[spirv][atomics]") {
    std::string text = spirv_of(R"(
RWTexture2D<uint64_t> Counts : register(u0);
RWTexture2D<int64_t> Peaks : register(u1);
Texture2D<uint64_t> Seed : register(t2);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint64_t old;
    InterlockedAdd(Counts[id.xy], Seed.Load(int3(id.xy, 0)), old);
    InterlockedMax(Peaks[id.xy], (int64_t)old);
    Counts[id.xy + 1] = old;
}
)");
    INFO(text);
    CHECK(has(text, "OpCapability Int64ImageEXT"));
    CHECK(has(text, "OpCapability Int64Atomics"));
    CHECK(has(text, "OpExtension \"SPV_EXT_shader_image_int64\""));
    CHECK(has(text, "OpTypeImage %ulong 2D 2 0 0 2 R64ui"));
    CHECK(has(text, "OpTypeImage %long 2D 2 0 0 2 R64i"));
    CHECK(has(text, "OpTypeImage %ulong 2D 2 0 0 1 Unknown"));
    CHECK(has(text, "OpAtomicIAdd %ulong"));
    CHECK(has(text, "OpAtomicSMax %long"));
}
