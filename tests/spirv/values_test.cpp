// Arithmetic, conversions, matrices, intrinsics, atomics and barriers.
#include "spirv_fixture.hpp"

namespace oneshader::spirv::test {
namespace {

// A compute shader storing `result_type` values computed by `body` (which ends with %r).
std::string compute(const std::string& globals, const std::string& body) {
    return globals + "\nfunc @main() -> void {\nbb0:\n" + body + "  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
}

TEST_CASE("shifts mask their count to the operand width", "[spirv][arithmetic]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; out",
                                     "  %0 = access %g0, 0:uint : ptr<storage, uint>\n"
                                     "  %1 = load %0 : uint\n"
                                     "  %2 = shl %1, %1 : uint\n"
                                     "  %3 = shr %2, 3:uint : uint\n"
                                     "  store %0, %3\n"));
    CHECK(count_of(r.text, "OpBitwiseAnd %uint") == 2);
    CHECK(contains(r.text, "%uint_31"));
    CHECK(contains(r.text, "OpShiftRightLogical"));
}

TEST_CASE("signed shifts are arithmetic and signed division and remainder are SDiv and SRem", "[spirv][arithmetic]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out",
                                     "  %0 = access %g0, 0:uint : ptr<storage, int>\n"
                                     "  %1 = load %0 : int\n"
                                     "  %2 = shr %1, 1:int : int\n"
                                     "  %3 = div %2, 3:int : int\n"
                                     "  %4 = rem %3, 5:int : int\n"
                                     "  %5 = neg %4 : int\n"
                                     "  store %0, %5\n"));
    for (const char* op : {"OpShiftRightArithmetic", "OpSDiv", "OpSRem", "OpSNegate"}) CHECK(contains(r.text, op));
}

TEST_CASE("float != is unordered, == and < are ordered", "[spirv][arithmetic]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<float> set(0) binding(0) ; out",
                                     "  %0 = access %g0, 0:uint : ptr<storage, float>\n"
                                     "  %1 = load %0 : float\n"
                                     "  %2 = ne %1, 1.0:float : bool\n"
                                     "  %3 = eq %1, 2.0:float : bool\n"
                                     "  %4 = lt %1, 3.0:float : bool\n"
                                     "  %5 = and %2, %3 : bool\n"
                                     "  %6 = or %5, %4 : bool\n"
                                     "  %7 = select %6, 1.0:float, 0.0:float : float\n"
                                     "  store %0, %7\n"));
    CHECK(contains(r.text, "OpFUnordNotEqual"));
    CHECK(contains(r.text, "OpFOrdEqual"));
    CHECK(contains(r.text, "OpFOrdLessThan"));
}

TEST_CASE("precise arithmetic is NoContraction", "[spirv][arithmetic]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<float> set(0) binding(0) ; out",
                                     "  %0 = access %g0, 0:uint : ptr<storage, float>\n"
                                     "  %1 = load %0 : float\n"
                                     "  %2 = mul precise %1, %1 : float\n"
                                     "  %3 = add precise %2, 1.0:float : float\n"
                                     "  store %0, %3\n"));
    CHECK(count_of(r.text, "NoContraction") == 2);
}

TEST_CASE("conversions between float, int, uint and bool", "[spirv][arithmetic]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<float> set(0) binding(0) ; out",
                                     "  %0 = access %g0, 0:uint : ptr<storage, float>\n"
                                     "  %1 = load %0 : float\n"
                                     "  %2 = convert %1 : int\n"
                                     "  %3 = convert %2 : uint\n"
                                     "  %4 = convert %3 : bool\n"
                                     "  %5 = convert %4 : float\n"
                                     "  %6 = convert %3 : float\n"
                                     "  %7 = add %5, %6 : float\n"
                                     "  %8 = bitcast %3 : float\n"
                                     "  %9 = add %7, %8 : float\n"
                                     "  store %0, %9\n"));
    for (const char* op : {"OpConvertFToS", "OpBitcast %uint", "OpINotEqual", "OpSelect %float", "OpConvertUToF"})
        CHECK(contains(r.text, op));
}

TEST_CASE("matrix products map to transposed SPIR-V products", "[spirv][matrices]") {
    Result r = compile_valid(R"(%g0 = global private float4x3 = zero:float4x3 ; m43
%g1 = global private float3x2 = zero:float3x2 ; m32
%g2 = global storage RWStructuredBuffer<float2> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = load %g0 : float4x3
  %1 = load %g1 : float3x2
  %2 = matmul float4{1.0, 2.0, 3.0, 4.0}, %0 : float3
  %3 = matmul %0, %2 : float4
  %4 = matmul %0, %1 : float4x2
  %5 = extract %4 [1] : float2
  %6 = swizzle %3 [0, 1] : float2
  %7 = add %5, %6 : float2
  %8 = access %g2, 0:uint : ptr<storage, float2>
  store %8, %7
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    // float4x3 is four columns of float3 in SPIR-V.
    CHECK(contains(r.text, "%mat4v3float = OpTypeMatrix %v3float 4"));
    CHECK(contains(r.text, "OpMatrixTimesVector %v3float"));
    CHECK(contains(r.text, "OpVectorTimesMatrix %v4float"));
    CHECK(contains(r.text, "OpMatrixTimesMatrix %mat4v2float"));
}

TEST_CASE("component-wise matrix arithmetic goes column by column", "[spirv][matrices]") {
    Result r = compile_valid(R"(%g0 = global private float2x2 = float2x2{{1.0, 0.0}, {0.0, 1.0}} ; identity
%g1 = global storage RWStructuredBuffer<float2> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = load %g0 : float2x2
  %1 = add %0, %0 : float2x2
  %2 = neg %1 : float2x2
  %3 = construct float2{1.0, 2.0}, float2{3.0, 4.0} : float2x2
  %4 = mul %2, %3 : float2x2
  %5 = extract %4 [0, 1] : float
  %6 = splat %5 : float2
  %7 = access %g1, 0:uint : ptr<storage, float2>
  store %7, %6
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(count_of(r.text, "OpFAdd %v2float") == 2);
    CHECK(count_of(r.text, "OpFNegate %v2float") == 2);
    CHECK(contains(r.text, "OpConstantComposite %mat2v2float"));
}

TEST_CASE("one-row and one-column matrices are vectors whose indices disappear", "[spirv][matrices]") {
    Result r = compile_valid(R"(%g0 = global private float1x4 = zero:float1x4 ; row
%g1 = global private float3x1 = zero:float3x1 ; column
%g2 = global storage RWStructuredBuffer<float> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = access %g0, 0:int, 2:int : ptr<private, float>
  %1 = load %0 : float
  %2 = load %g1 : float3x1
  %3 = extract %2 [1, 0] : float
  %4 = add %1, %3 : float
  %5 = access %g2, 0:uint : ptr<storage, float>
  store %5, %4
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK_FALSE(contains(r.text, "OpTypeMatrix"));
    CHECK(contains(r.text, "OpCompositeExtract %float"));
}

TEST_CASE("GLSL.std.450 intrinsics by operand class", "[spirv][intrinsics]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<float4> set(0) binding(0) ; out\n"
                                     "%g1 = global storage RWStructuredBuffer<int> set(0) binding(1) ; ints",
                                     "  %0 = access %g0, 0:uint : ptr<storage, float4>\n"
                                     "  %1 = load %0 : float4\n"
                                     "  %2 = intrinsic sin(%1) : float4\n"
                                     "  %3 = intrinsic pow(%2, %1) : float4\n"
                                     "  %4 = intrinsic lerp(%2, %3, %1) : float4\n"
                                     "  %5 = intrinsic saturate(%4) : float4\n"
                                     "  %6 = intrinsic normalize(%5) : float4\n"
                                     "  %7 = intrinsic dot(%6, %1) : float\n"
                                     "  %8 = splat %7 : float4\n"
                                     "  %9 = intrinsic max(%8, %6) : float4\n"
                                     "  store %0, %9\n"
                                     "  %10 = access %g1, 0:uint : ptr<storage, int>\n"
                                     "  %11 = load %10 : int\n"
                                     "  %12 = intrinsic clamp(%11, 0:int, 7:int) : int\n"
                                     "  %13 = intrinsic abs(%12) : int\n"
                                     "  %14 = intrinsic firstbithigh(%13) : int\n"
                                     "  store %10, %14\n"));
    for (const char* op : {"Sin", "Pow", "FMix", "FClamp", "Normalize", "OpDot", "FMax", "SClamp", "SAbs", "FindSMsb"})
        CHECK(contains(r.text, op));
    CHECK(contains(r.text, "OpExtInstImport \"GLSL.std.450\""));
}

TEST_CASE("derivatives are allowed in pixel shaders", "[spirv][intrinsics]") {
    Result r = compile_valid(R"(%g0 = global input float2 location(0) ; uv
%g1 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g0 : float2
  %1 = intrinsic ddx(%0) : float2
  %2 = intrinsic fwidth(%1) : float2
  %3 = construct %2, %2 : float4
  store %g1, %3
  ret
}

entry pixel @main inputs(%g0) outputs(%g1)
)");
    CHECK(contains(r.text, "OpDPdx"));
    CHECK(contains(r.text, "OpFwidth"));
}

TEST_CASE("atomics on groupshared memory and buffers use Device scope and no semantics", "[spirv][atomics]") {
    Result r = compile_valid(R"(%g0 = global workgroup uint[64] ; shared
%g1 = global storage RWByteAddressBuffer set(0) binding(0) ; raw
%g2 = global storage RWStructuredBuffer<int> set(0) binding(1) ; ints

func @main() -> void {
bb0:
  %0 = access %g0, 0:int : ptr<workgroup, uint>
  %1 = atomic add %0, 1:uint : uint
  %2 = atomic_cmpxchg %0, 0:uint, 1:uint : uint
  %3 = access %g1, 0:uint : ptr<storage, uint>
  %4 = atomic max %3, %1 : uint
  %5 = access %g2, 0:uint : ptr<storage, int>
  %6 = atomic min %5, -1:int : int
  %7 = atomic exchange %5, %6 : int
  barrier group_sync|workgroup_memory
  ret
}

entry compute @main workgroup_size(64, 1, 1)
)");
    CHECK(contains(r.text, "OpAtomicIAdd %uint"));
    CHECK(contains(r.text, "OpAtomicCompareExchange %uint"));
    CHECK(contains(r.text, "OpAtomicUMax"));
    CHECK(contains(r.text, "OpAtomicSMin"));
    CHECK(contains(r.text, "OpAtomicExchange %int"));
    CHECK(contains(r.text, "%uint_1 %uint_0"));  // scope Device, semantics None
    CHECK(contains(r.text, "OpControlBarrier %uint_2 %uint_2 %uint_264"));
}

TEST_CASE("HLSL's barriers, as the lowering writes them, carry DXC's scopes and semantics", "[spirv][atomics]") {
    // AllMemoryBarrierWithGroupSync, DeviceMemoryBarrier, GroupMemoryBarrier.
    Result r = compile_valid(compute("", "  barrier group_sync|workgroup_memory|device_memory\n"
                                         "  barrier device_memory\n"
                                         "  barrier workgroup_memory\n"));
    CHECK(contains(r.text, "OpControlBarrier %uint_2 %uint_1 %uint_2376"));
    CHECK(contains(r.text, "OpMemoryBarrier %uint_1 %uint_2120"));
    CHECK(contains(r.text, "OpMemoryBarrier %uint_2 %uint_264"));
}

TEST_CASE("texel atomics go through OpImageTexelPointer and give the image an R32 format", "[spirv][atomics]") {
    Result r = compile_valid(R"(%g0 = global input uint3 builtin(global_invocation_id) ; id
%g1 = global uniform_constant RWTexture2D<uint> set(0) binding(0) ; counts

func @cs() -> void {
bb0:
  %0 = load %g0 : uint3
  %1 = swizzle %0 [0, 1] : uint2
  %2 = atomic add %g1, %1, 1:uint : uint
  %3 = atomic_cmpxchg %g1, %1, 0:uint, %2 : uint
  ret
}

entry compute @cs workgroup_size(8, 8, 1) inputs(%g0)
)");
    CHECK(count_of(r.text, "OpImageTexelPointer") == 2);
    CHECK(contains(r.text, "R32ui"));
}

TEST_CASE("wave intrinsics add only the subgroup capabilities they use", "[spirv][intrinsics]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; out",
                                     "  %0 = access %g0, 0:uint : ptr<storage, uint>\n"
                                     "  %1 = load %0 : uint\n"
                                     "  %2 = intrinsic WaveActiveSum(%1) : uint\n"
                                     "  %3 = intrinsic WavePrefixSum(%2) : uint\n"
                                     "  %4 = intrinsic WaveReadLaneFirst(%3) : uint\n"
                                     "  store %0, %4\n"));
    CHECK(contains(r.text, "OpCapability GroupNonUniformArithmetic"));
    CHECK(contains(r.text, "OpCapability GroupNonUniformBallot"));
    CHECK_FALSE(contains(r.text, "GroupNonUniformQuad"));
    CHECK(contains(r.text, "ExclusiveScan"));
}

TEST_CASE("specialization constants carry SpecId and a name", "[spirv][constants]") {
    Result r = compile_valid(R"(spec 1 COUNT = 4:int
spec 2 USE_FOG = true:bool

%g0 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = mul spec(1 COUNT), 2:int : int
  %1 = select spec(2 USE_FOG), %0, 0:int : int
  %2 = access %g0, 0:uint : ptr<storage, int>
  store %2, %1
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpDecorate %COUNT SpecId 1"));
    CHECK(contains(r.text, "OpSpecConstantTrue"));
    CHECK(contains(r.text, "OpSpecConstant %int 4"));
}

TEST_CASE("private globals keep their constant initializers", "[spirv][constants]") {
    Result r = compile_valid(R"(struct Inner { a: int, b: float2 }

%g0 = global private Inner = Inner{1, {0.5, 1.5}} ; inner
%g1 = global private int[3] = int[3]{1, 2, 3} ; list
%g2 = global storage RWStructuredBuffer<int> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = access %g0, 0:int : ptr<private, int>
  %1 = load %0 : int
  %2 = access %g1, 2:int : ptr<private, int>
  %3 = load %2 : int
  %4 = add %1, %3 : int
  %5 = access %g2, 0:uint : ptr<storage, int>
  store %5, %4
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "OpConstantComposite %Inner"));
    CHECK(contains(r.text, "OpVariable %_ptr_Private_Inner Private %"));
}

TEST_CASE("polyfilled intrinsics come out as DXC writes them", "[spirv][intrinsics][raise]") {
    Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<float3> set(0) binding(0) ; out\n"
                                     "%g1 = global storage RWStructuredBuffer<int3> set(0) binding(1) ; ints\n"
                                     "%g2 = global storage RWStructuredBuffer<uint3> set(0) binding(2) ; flags",
                                     "  %0 = access %g0, 0:uint : ptr<storage, float3>\n"
                                     "  %1 = load %0 : float3\n"
                                     "  %2 = intrinsic saturate(%1) : float3\n"
                                     "  %3 = intrinsic rcp(%2) : float3\n"
                                     "  %4 = intrinsic log10(%3) : float3\n"
                                     "  %5 = intrinsic mad(%4, %1, %2) : float3\n"
                                     "  %6 = intrinsic ldexp(%5, %1) : float3\n"
                                     "  store %0, %6\n"
                                     "  %7 = access %g1, 0:uint : ptr<storage, int3>\n"
                                     "  %8 = load %7 : int3\n"
                                     "  %9 = intrinsic mad(%8, %8, %8) : int3\n"
                                     "  %10 = intrinsic sign(%6) : int3\n"
                                     "  %11 = add %9, %10 : int3\n"
                                     "  store %7, %11\n"
                                     "  %12 = intrinsic isfinite(%6) : bool3\n"
                                     "  %13 = select %12, uint3{1, 1, 1}, uint3{0, 0, 0} : uint3\n"
                                     "  %14 = access %g2, 0:uint : ptr<storage, uint3>\n"
                                     "  store %14, %13\n"));
    for (const char* op : {"FClamp", "OpFDiv %v3float", "Log2", "OpVectorTimesScalar %v3float", "Fma", "Exp2",
                           "OpIMul %v3int", "OpIAdd %v3int", "FSign", "OpConvertFToS %v3int", "OpIsNan", "OpIsInf",
                           "OpLogicalOr", "OpLogicalNot"})
        CHECK(contains(r.text, op));
}

}  // namespace
}  // namespace oneshader::spirv::test
