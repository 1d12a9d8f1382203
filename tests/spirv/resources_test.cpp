// Resources: constant, structured and byte-address buffers, push constants, textures and samplers,
// storage images and their formats, typed buffers, resource arrays and NonUniform.
#include "spirv_fixture.hpp"
#include "raised_ir.hpp"

namespace oneshader::spirv::test {
namespace {

TEST_CASE("a read-only structured buffer is NonWritable and a struct load converts from the layout type",
          "[spirv][buffers]") {
    Result r = compile_valid(R"(struct Light { position: float3, intensity: float }

%g0 = global storage StructuredBuffer<Light> set(0) binding(0) ; lights
%g1 = global storage RWStructuredBuffer<float> set(0) binding(1) ; out

func @main() -> void {
bb0:
  %0 = access %g0, 3:uint : ptr<storage, Light>
  %1 = load %0 : Light
  %2 = extract %1 [1] : float
  %3 = access %g1, 0:uint : ptr<storage, float>
  store %3, %2
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "NonWritable"));
    CHECK(contains(r.text, "OpCopyLogical"));
    CHECK(contains(r.text, "OpMemberDecorate %Light 1 Offset 12"));
    CHECK(contains(r.text, "ArrayStride 16"));
}

TEST_CASE("bool members of buffers are 32-bit uints converted on load and store", "[spirv][buffers]") {
    Result r = compile_valid(test_ir::kBoolsInBuffer);
    // The raise list's bools_in_buffers makes the member a uint: the struct crosses with
    // OpCopyLogical, and the bool is compared and selected in registers.
    CHECK(contains(r.text, "OpCopyLogical"));
    CHECK(contains(r.text, "OpINotEqual"));
    CHECK(contains(r.text, "OpSelect %uint"));
    CHECK_FALSE(contains(r.text, "OpTypePointer StorageBuffer %bool"));
}

TEST_CASE("byte-address loads, stores and lengths go through 32-bit words", "[spirv][buffers]") {
    Result r = compile_valid(R"(%g0 = global storage RWByteAddressBuffer set(0) binding(0) ; raw
%g1 = global storage ByteAddressBuffer set(0) binding(1) ; src

func @main() -> void {
bb0:
  %0 = byte_load %g1, 16:uint : float2
  byte_store %g0, 32:uint, %0
  %1 = buffer_length %g1 : uint
  byte_store %g0, 0:uint, %1
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    // Constant byte offsets index words directly (16 / 4 = 4, 5; 32 / 4 = 8).
    CHECK(contains(r.text, "%uint_0 %uint_4\n"));
    CHECK(contains(r.text, "%uint_0 %uint_5\n"));
    CHECK(contains(r.text, "%uint_0 %uint_8\n"));
    CHECK(contains(r.text, "OpBitcast %float"));
    CHECK(contains(r.text, "OpArrayLength"));
    CHECK(contains(r.text, "ArrayStride 4"));
}

TEST_CASE("a push constant block has no descriptor decorations and std430 offsets", "[spirv][buffers]") {
    Result r = compile_valid(R"(struct PC { scale: float, offset: float3 }

%g0 = global push_constant ConstantBuffer<PC> ; pc
%g1 = global storage RWStructuredBuffer<float3> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = access %g0, 1:int : ptr<push_constant, float3>
  %1 = load %0 : float3
  %2 = access %g1, 0:uint : ptr<storage, float3>
  store %2, %1
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "PushConstant"));
    CHECK(contains(r.text, "Offset 4"));  // vector-relaxed: a float3 after a float packs at 4
    CHECK_FALSE(contains(r.text, "OpDecorate %pc DescriptorSet"));
}

TEST_CASE("a cbuffer with a row_major matrix and packoffset decorates ColMajor and the offset", "[spirv][buffers]") {
    Result r = compile_valid(R"(struct CB { view: row_major float4x4 offset(0), tint: float4 packoffset(4, 0) }

%g0 = global uniform ConstantBuffer<CB> set(0) binding(0) ; cb
%g1 = global output float4 location(0) ; target

func @main() -> void {
bb0:
  %0 = access %g0, 1:int : ptr<uniform, float4>
  %1 = load %0 : float4
  %2 = access %g0, 0:int : ptr<uniform, row_major float4x4>
  %3 = load %2 : float4x4
  %4 = matmul %1, %3 : float4
  store %g1, %4
  ret
}

entry pixel @main outputs(%g1)
)");
    CHECK(contains(r.text, "ColMajor"));
    CHECK(contains(r.text, "Offset 64"));
    // mul(v, M) is M' * v.
    CHECK(contains(r.text, "OpMatrixTimesVector"));
}

TEST_CASE("texture operations: load, size, levels, gather, comparison and grad sampling", "[spirv][images]") {
    Result r = compile_valid(R"(%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; tex
%g1 = global uniform_constant SamplerState set(0) binding(1) ; samp
%g2 = global uniform_constant Texture2D<float> set(0) binding(2) ; depth
%g3 = global uniform_constant SamplerComparisonState set(0) binding(3) ; cmp
%g4 = global input float2 location(0) ; uv
%g5 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g4 : float2
  %1 = texture_load %g0, int2{1, 2}, 0:int offset(1, 1) : float4
  %2 = texture_size %g0, 0:uint : uint2
  %3 = texture_levels %g0 : uint
  %4 = gather %g0, %g1, %0 component(2) : float4
  %5 = sample_cmp %g2, %g3, %0, 0.5:float : float
  %6 = sample_cmp_lz %g2, %g3, %0, 0.5:float : float
  %7 = sample_grad %g0, %g1, %0, %0, %0 : float4
  %8 = sample_level %g2, %g1, %0, 1.0:float : float
  %9 = sample_bias %g0, %g1, %0, 0.5:float offset(-1, 0) : float4
  %10 = gather_cmp %g2, %g3, %0, 0.25:float : float4
  %11 = texture_lod %g0, %g1, %0 : float2
  %12 = add %1, %4 : float4
  %13 = add %12, %7 : float4
  %14 = add %13, %9 : float4
  %15 = add %14, %10 : float4
  store %g5, %15
  ret
}

entry pixel @main inputs(%g4) outputs(%g5)
)");
    for (const char* op : {"OpImageFetch", "OpImageQuerySizeLod", "OpImageQueryLevels", "OpImageGather",
                           "OpImageSampleDrefImplicitLod", "OpImageSampleDrefExplicitLod", "OpImageSampleExplicitLod",
                           "OpImageDrefGather", "OpImageQueryLod", "ConstOffset", "Bias", "Grad"})
        CHECK(contains(r.text, op));
    CHECK(contains(r.text, "OpCapability ImageQuery"));
}

TEST_CASE("a storage image without a format uses Unknown and the without-format capabilities", "[spirv][images]") {
    Result r = compile_valid(R"(%g0 = global uniform_constant RWTexture2D<float4> set(0) binding(0) ; img
%g1 = global input uint3 builtin(global_invocation_id) ; id

func @main() -> void {
bb0:
  %0 = load %g1 : uint3
  %1 = swizzle %0 [0, 1] : uint2
  %2 = texture_load %g0, %1 : float4
  %3 = mul %2, %2 : float4
  texture_store %g0, %1, %3
  ret
}

entry compute @main workgroup_size(8, 8, 1) inputs(%g1)
)");
    CHECK(contains(r.text, "OpCapability StorageImageReadWithoutFormat"));
    CHECK(contains(r.text, "OpCapability StorageImageWriteWithoutFormat"));
    CHECK(contains(r.text, "2D 2 0 0 2 Unknown"));
    CHECK(contains(r.text, "OpImageRead"));
    CHECK(contains(r.text, "OpImageWrite"));
}

TEST_CASE("a storage image with vk::image_format uses it and needs no without-format capability", "[spirv][images]") {
    Result r = compile_valid(R"(%g0 = global uniform_constant RWTexture2D<float4> set(0) binding(0) format(rgba8) ; img
%g1 = global uniform_constant RWTexture2D<float2> set(0) binding(1) format(rg16f) ; ext

func @main() -> void {
bb0:
  texture_store %g0, uint2{0, 0}, float4{1.0, 0.0, 0.0, 1.0}
  texture_store %g1, uint2{0, 0}, float2{1.0, 0.0}
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "Rgba8"));
    CHECK(contains(r.text, "Rg16f"));
    CHECK(contains(r.text, "OpCapability StorageImageExtendedFormats"));
    CHECK_FALSE(contains(r.text, "WithoutFormat"));
}

TEST_CASE("typed buffers are buffer images: fetch from Buffer, read and write RWBuffer", "[spirv][images]") {
    Result r = compile_valid(R"(%g0 = global uniform_constant Buffer<float4> set(0) binding(0) ; src
%g1 = global uniform_constant RWBuffer<uint> set(0) binding(1) format(r32ui) ; dst

func @main() -> void {
bb0:
  %0 = texture_load %g0, 3:int : float4
  %1 = extract %0 [0] : float
  %2 = convert %1 : uint
  texture_store %g1, 0:int, %2
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpCapability SampledBuffer"));
    CHECK(contains(r.text, "OpCapability ImageBuffer"));
    CHECK(contains(r.text, "Buffer 2 0 0 1 Unknown"));
}

TEST_CASE("a dynamically indexed texture array adds the dynamic-indexing capability", "[spirv][arrays]") {
    Result r = compile_valid(R"(%g0 = global uniform_constant Texture2D<float4>[4] set(0) binding(0) ; textures
%g1 = global uniform_constant SamplerState set(0) binding(4) ; samp
%g2 = global input int location(0) interp(nointerpolation) ; index
%g3 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g2 : int
  %1 = access %g0, %0 : ptr<uniform_constant, Texture2D<float4>>
  %2 = sample %1, %g1, float2{0.5, 0.5} : float4
  store %g3, %2
  ret
}

entry pixel @main inputs(%g2) outputs(%g3)
)");
    CHECK(contains(r.text, "OpCapability SampledImageArrayDynamicIndexing"));
    CHECK_FALSE(contains(r.text, "NonUniform"));
    CHECK(contains(r.text, "Flat"));
}

TEST_CASE("NonUniformResourceIndex decorates the index, chain, handle and sampled image", "[spirv][arrays]") {
    Result r = compile_valid(R"(%g0 = global uniform_constant Texture2D<float4>[4] set(0) binding(0) ; textures
%g1 = global uniform_constant SamplerState set(0) binding(4) ; samp
%g2 = global input int location(0) interp(nointerpolation) ; index
%g3 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g2 : int
  %1 = nonuniform %0 : int
  %2 = access %g0, %1 : ptr<uniform_constant, Texture2D<float4>>
  %3 = sample %2, %g1, float2{0.5, 0.5} : float4
  store %g3, %3
  ret
}

entry pixel @main inputs(%g2) outputs(%g3)
)");
    CHECK(contains(r.text, "OpCapability ShaderNonUniform"));
    CHECK(contains(r.text, "OpCapability SampledImageArrayNonUniformIndexing"));
    CHECK(count_of(r.text, " NonUniform\n") == 4);
}

TEST_CASE("arrays of constant buffers and storage buffers index into Block structs", "[spirv][arrays]") {
    Result r = compile_valid(R"(struct Params { scale: float4 }

%g0 = global uniform ConstantBuffer<Params>[2] set(0) binding(0) ; params
%g1 = global storage RWStructuredBuffer<float4>[2] set(0) binding(2) ; outs
%g2 = global input uint3 builtin(global_invocation_id) ; id

func @main() -> void {
bb0:
  %0 = load %g2 : uint3
  %1 = extract %0 [0] : uint
  %2 = access %g0, %1 : ptr<uniform, ConstantBuffer<Params>>
  %3 = access %2, 0:int : ptr<uniform, float4>
  %4 = load %3 : float4
  %5 = access %g1, 1:int : ptr<storage, RWStructuredBuffer<float4>>
  %6 = access %5, %1 : ptr<storage, float4>
  store %6, %4
  ret
}

entry compute @main workgroup_size(1, 1, 1) inputs(%g2)
)");
    CHECK(contains(r.text, "OpCapability UniformBufferArrayDynamicIndexing"));
}

TEST_CASE("append buffer counters are a second storage buffer used atomically", "[spirv][buffers]") {
    Result r = compile_valid(R"(%g0 = global storage AppendStructuredBuffer<float4> set(0) binding(0) ; queue
%g1 = global storage RWByteAddressBuffer set(0) binding(1) ; counter.var.queue

func @main() -> void {
bb0:
  %0 = access %g1, 0:uint : ptr<storage, uint>
  %1 = atomic add %0, 1:uint : uint
  %2 = access %g0, %1 : ptr<storage, float4>
  store %2, float4{1.0, 2.0, 3.0, 4.0}
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpAtomicIAdd %uint"));
    CHECK(contains(r.text, "counter.var.queue"));
}

}  // namespace
}  // namespace oneshader::spirv::test
