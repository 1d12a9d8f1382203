#include "intrinsic_fixture.hpp"

using namespace intrinsic_test;
using support::DiagCode;

TEST_CASE("every intrinsic row parses in the signature language", "[intrinsics]") {
    Fixture f;
    for (const IntrinsicInfo& row : intrinsic_table()) {
        if (row.id == Intrinsic::Mul) continue;  // typed by code
        INFO(intrinsic_signature_text(row));
        CHECK(parse_signature(row.result, row.params).valid);
    }
}

TEST_CASE("intrinsic names are case-sensitive and families are found whole", "[intrinsics]") {
    CHECK(is_intrinsic("sqrt"));
    CHECK_FALSE(is_intrinsic("Sqrt"));
    CHECK_FALSE(is_intrinsic("myFunction"));
    CHECK(find_intrinsic("mul").size() == 9);
    CHECK(find_intrinsic("asuint").size() == 2);
    CHECK(find_intrinsic("InterlockedAdd").size() == 2);
    CHECK(intrinsic_signature_text(find_intrinsic("lerp")[0]) == "T lerp(T<float,any> a, T b, T s)");
}

TEST_CASE("abs keeps the argument's type for every shape", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("abs", {f.v("int")}) == "int");
    CHECK(f.result("abs", {f.v("float3")}) == "float3");
    CHECK(f.result("abs", {f.v("double2")}) == "double2");
    CHECK(f.result("abs", {f.v("float2x3")}) == "float2x3");
    CHECK(f.diag_count() == 0);
}

TEST_CASE("lerp splats a scalar weight to the vector type", "[intrinsics]") {
    Fixture f;
    auto r = f.call("lerp", {f.v("float3"), f.v("float3"), f.v("float")});
    REQUIRE(r);
    CHECK(type_name(r->result) == "float3");
    CHECK(std::vector(r->ranks.begin(), r->ranks.end()) ==
          std::vector{ConversionRank::Exact, ConversionRank::Exact, ConversionRank::Promotion});
    CHECK(type_name(r->params[2].type) == "float3");
}

TEST_CASE("literal arguments adapt to the concrete type", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("lerp", {f.v("float4"), f.v("float4"), f.v("literal float")}) == "float4");
    CHECK(f.result("max", {f.v("float"), f.v("literal int")}) == "float");
    CHECK(f.result("max", {f.v("literal int"), f.v("literal int")}) == "int");
    CHECK(f.result("max", {f.v("uint2"), f.v("literal int")}) == "uint2");
    CHECK(f.result("sqrt", {f.v("literal float")}) == "float");
    CHECK(f.result("clamp", {f.v("int3"), f.v("literal int"), f.v("literal int")}) == "int3");
}

TEST_CASE("integers promote to float for float-only intrinsics", "[intrinsics]") {
    Fixture f;
    auto r = f.call("sqrt", {f.v("int2")});
    REQUIRE(r);
    CHECK(type_name(r->result) == "float2");
    CHECK(r->ranks[0] == ConversionRank::Conversion);
    CHECK(f.result("saturate", {f.v("int")}) == "float");
    CHECK(f.result("sin", {f.v("bool")}) == "float");
}

TEST_CASE("mixed argument types take the most precise component", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("max", {f.v("int"), f.v("uint")}) == "uint");
    CHECK(f.result("max", {f.v("int"), f.v("float")}) == "float");
    CHECK(f.result("min", {f.v("half"), f.v("float")}) == "float");
    CHECK(f.result("min", {f.v("float"), f.v("double")}) == "double");
}

TEST_CASE("min-precision types are kept", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("sqrt", {f.v("min16float2")}) == "min16float2");
    CHECK(f.result("abs", {f.v("min16int")}) == "min16int");
}

TEST_CASE("a double argument to a float-only intrinsic is narrowed with OSH0361", "[intrinsics]") {
    Fixture f;
    auto r = f.call("sqrt", {f.v("double")});
    REQUIRE(r);
    CHECK(type_name(r->result) == "float");
    CHECK(r->narrowed_double);
    CHECK(f.only_diag() ==
          "t.hlsl(1,15): warning OSH0361: 'sqrt' has no double version: the argument is converted to float, so the "
          "result has float precision. Use +, -, *, /, min, max, abs, clamp or fma to keep double precision.");
    CHECK_FALSE(f.diags.has_errors());
}

TEST_CASE("intrinsics with double versions keep double without a warning", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("abs", {f.v("double")}) == "double");
    CHECK(f.result("max", {f.v("double"), f.v("double")}) == "double");
    CHECK(f.result("clamp", {f.v("double3"), f.v("double3"), f.v("double3")}) == "double3");
    CHECK(f.result("fma", {f.v("double"), f.v("double"), f.v("double")}) == "double");
    CHECK(f.result("rcp", {f.v("double")}) == "double");
    CHECK(f.diag_count() == 0);
}

TEST_CASE("fma takes only double", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("fma", {f.v("float"), f.v("float"), f.v("float")}) == "error");
    CHECK(f.code() == DiagCode::intrinsic_no_match);
}

TEST_CASE("dot, length and distance give a scalar of the component type", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("dot", {f.v("float3"), f.v("float3")}) == "float");
    CHECK(f.result("dot", {f.v("int2"), f.v("int2")}) == "int");
    CHECK(f.result("length", {f.v("float4")}) == "float");
    CHECK(f.result("distance", {f.v("half2"), f.v("half2")}) == "half");
}

TEST_CASE("length refuses a matrix and says why", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("length", {f.v("float4x4")}) == "error");
    CHECK(f.message() ==
          "No overload of 'length' takes (float4x4): elem(T) length(T<float,sv> x) the argument has the wrong shape.");
}

TEST_CASE("cross needs 3-component vectors", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("cross", {f.v("float3"), f.v("float3")}) == "float3");
    CHECK(f.result("cross", {f.v("float2"), f.v("float2")}) == "error");
    CHECK(f.code() == DiagCode::intrinsic_no_match);
}

TEST_CASE("determinant takes square matrices, transpose swaps rows and columns", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("determinant", {f.v("float3x3")}) == "float");
    CHECK(f.result("determinant", {f.v("float2x3")}) == "error");
    CHECK(f.result("transpose", {f.v("float2x3")}) == "float3x2");
    CHECK(f.result("transpose", {f.v("int4x1")}) == "int1x4");
}

TEST_CASE("mul with a scalar operand", "[intrinsics][mul]") {
    Fixture f;
    CHECK(f.result("mul", {f.v("float"), f.v("float")}) == "float");
    CHECK(f.result("mul", {f.v("float"), f.v("float3")}) == "float3");
    CHECK(f.result("mul", {f.v("float"), f.v("float3x4")}) == "float3x4");
    CHECK(f.result("mul", {f.v("float2"), f.v("float")}) == "float2");
    CHECK(f.result("mul", {f.v("float2x2"), f.v("float")}) == "float2x2");
}

TEST_CASE("mul with vectors and matrices follows the matrix product", "[intrinsics][mul]") {
    Fixture f;
    CHECK(f.result("mul", {f.v("float3"), f.v("float3")}) == "float");
    CHECK(f.result("mul", {f.v("float3"), f.v("float3x4")}) == "float4");
    CHECK(f.result("mul", {f.v("float3x4"), f.v("float4")}) == "float3");
    CHECK(f.result("mul", {f.v("float2x3"), f.v("float3x4")}) == "float2x4");
    CHECK(f.result("mul", {f.v("float4x4"), f.v("float4x4")}) == "float4x4");
}

TEST_CASE("mul picks the more precise component and meets at the smaller size", "[intrinsics][mul]") {
    Fixture f;
    CHECK(f.result("mul", {f.v("int3"), f.v("float3x3")}) == "float3");
    CHECK(f.result("mul", {f.v("literal float"), f.v("half2")}) == "half2");
    // DXC and FXC take the smallest size for a template dimension: the larger operand is truncated.
    CHECK(f.result("mul", {f.v("float3"), f.v("float4x4")}) == "float4");
    CHECK(f.result("mul", {f.v("float4x4"), f.v("float3")}) == "float4");
    CHECK(f.result("mul", {f.v("float2x4"), f.v("float3x3")}) == "float2x3");
    CHECK(f.result("mul", {f.v("float3x3"), f.v("float2x4")}) == "float3x4");
    CHECK(f.result("mul", {f.v("float4x2"), f.v("float3x3")}) == "float4x3");
    CHECK(f.result("mul", {f.v("float4"), f.v("float2")}) == "float");
}

TEST_CASE("classification functions return bool in the argument's shape", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("isnan", {f.v("float3")}) == "bool3");
    CHECK(f.result("isinf", {f.v("float")}) == "bool");
    CHECK(f.result("isfinite", {f.v("half2x2")}) == "bool2x2");
}

TEST_CASE("bit functions take integers and return uint in the same shape", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("countbits", {f.v("uint2")}) == "uint2");
    CHECK(f.result("firstbithigh", {f.v("int")}) == "uint");
    CHECK(f.result("firstbitlow", {f.v("uint4")}) == "uint4");
    CHECK(f.result("reversebits", {f.v("uint")}) == "uint");
    CHECK(f.result("countbits", {f.v("float")}) == "error");
    CHECK(f.message() == "No overload of 'countbits' takes (float): uint@T countbits(T<integer,any> x) needs an "
                         "integer type, not 'float'.");
}

TEST_CASE("as* reinterpret 32-bit values in the same shape", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("asfloat", {f.v("uint4")}) == "float4");
    CHECK(f.result("asuint", {f.v("float")}) == "uint");
    CHECK(f.result("asint", {f.v("float2x2")}) == "int2x2");
    CHECK(f.result("asfloat", {f.v("literal int")}) == "float");
    CHECK(f.result("asuint", {f.v("double")}) == "error");
}

TEST_CASE("asuint splits a double into two uint outputs, asdouble joins them", "[intrinsics]") {
    Fixture f;
    auto r = f.call("asuint", {f.v("double"), f.lv("uint"), f.lv("uint")});
    REQUIRE(r);
    CHECK(type_name(r->result) == "void");
    CHECK(r->params[1].direction == oneshader::sema::ParamDirection::Out);
    CHECK((r->info->flags & kNeeds64Bit) != 0);
    CHECK(f.result("asdouble", {f.v("uint"), f.v("uint")}) == "double");
    CHECK(f.result("asdouble", {f.v("uint2"), f.v("uint2")}) == "double2");
}

TEST_CASE("an out argument that is not an lvalue is OSH0375", "[intrinsics]") {
    Fixture f;
    CHECK_FALSE(f.call("asuint", {f.v("double"), f.v("uint"), f.lv("uint")}));
    CHECK(f.only_diag() == "t.hlsl(1,15): error OSH0375: In the call to 'asuint', argument 2 is an out parameter: "
                           "pass a variable, a member or an element, not a value.");
}

TEST_CASE("16-bit reinterpretation needs 16-bit types", "[intrinsics]") {
    Fixture f(true);
    auto r = f.call("asfloat16", {f.v("uint16_t2")});
    REQUIRE(r);
    CHECK(type_name(r->result) == "half2");
    CHECK((r->info->flags & kNeeds16Bit) != 0);
    CHECK(f.result("asuint16", {f.v("half")}) == "uint16_t");
    CHECK(f.result("asint16", {f.v("float")}) == "error");
}

TEST_CASE("half-precision packing", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("f16tof32", {f.v("uint")}) == "float");
    CHECK(f.result("f32tof16", {f.v("float3")}) == "uint3");
}

TEST_CASE("sincos, frexp and modf write their outputs", "[intrinsics]") {
    Fixture f;
    auto r = f.call("sincos", {f.v("float3"), f.lv("float3"), f.lv("float3")});
    REQUIRE(r);
    CHECK(type_name(r->result) == "void");
    CHECK(r->params[2].direction == oneshader::sema::ParamDirection::Out);
    CHECK(f.result("frexp", {f.v("float2"), f.lv("float2")}) == "float2");
    CHECK(f.result("modf", {f.v("float"), f.lv("float")}) == "float");
    CHECK_FALSE(f.call("modf", {f.v("float"), f.v("float")}));
    CHECK(f.code() == DiagCode::intrinsic_out_not_lvalue);
}

TEST_CASE("selection and logic intrinsics", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("select", {f.v("bool3"), f.v("float3"), f.v("float3")}) == "float3");
    CHECK(f.result("select", {f.v("bool"), f.v("int"), f.v("literal int")}) == "int");
    CHECK(f.result("and", {f.v("bool2"), f.v("bool2")}) == "bool2");
    CHECK(f.result("or", {f.v("bool"), f.v("bool")}) == "bool");
    CHECK(f.result("any", {f.v("float4")}) == "bool");
    CHECK(f.result("all", {f.v("int2x2")}) == "bool");
}

TEST_CASE("concrete signatures: msad4, lit, dst, refract", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("msad4", {f.v("uint"), f.v("uint2"), f.v("uint4")}) == "uint4");
    CHECK(f.result("lit", {f.v("float"), f.v("float"), f.v("float")}) == "float4");
    CHECK(f.result("dst", {f.v("float4"), f.v("float4")}) == "float4");
    CHECK(f.result("refract", {f.v("float3"), f.v("float3"), f.v("float")}) == "float3");
    CHECK(f.result("smoothstep", {f.v("literal float"), f.v("literal float"), f.v("float2")}) == "float2");
}

TEST_CASE("wrong argument count says how many are taken", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("sqrt", {f.v("float"), f.v("float")}) == "error");
    CHECK(f.message() == "No overload of 'sqrt' takes (float, float): T sqrt(T<float,any> x) takes 1 argument.");
}

TEST_CASE("no match among several overloads lists every candidate as a note", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("asuint", {f.v("bool"), f.v("bool")}) == "error");
    REQUIRE(f.diag_count() == 1);
    const auto& d = f.diags.diagnostics()[0];
    CHECK(d.code == DiagCode::intrinsic_no_match);
    CHECK(d.message == "No overload of 'asuint' takes (bool, bool). The candidates are:");
    REQUIRE(d.notes.size() == 2);
    CHECK(d.notes[0].message == "candidate uint@T asuint(T<numeric32,any> x): takes 1 argument");
    CHECK(d.notes[1].message ==
          "candidate void asuint(T<double,sv> d, out uint@T low, out uint@T high): takes 3 arguments");
}

TEST_CASE("derivatives and clip are pixel-only (OSH0372)", "[intrinsics][stages]") {
    Fixture f;
    CHECK(f.call("ddx", {f.v("float2")}, Stage::Pixel));
    CHECK_FALSE(f.call("ddx", {f.v("float2")}, Stage::Compute));
    CHECK(f.only_diag() == "t.hlsl(1,15): error OSH0372: 'ddx' is only available in pixel shaders, and this is a "
                           "compute shader. Move the call to a pixel shader, or compute the value there and pass it in.");
    CHECK_FALSE(f.call("clip", {f.v("float")}, Stage::Vertex));
    CHECK(f.code(1) == DiagCode::intrinsic_wrong_stage);
    CHECK_FALSE(f.call("fwidth", {f.v("float")}, Stage::Vertex));
    CHECK_FALSE(f.call("EvaluateAttributeCentroid", {f.v("float4")}, Stage::Vertex));
}

TEST_CASE("group-sync barriers are compute-only", "[intrinsics][stages]") {
    Fixture f;
    CHECK(f.call("GroupMemoryBarrierWithGroupSync", {}, Stage::Compute));
    CHECK(f.call("DeviceMemoryBarrier", {}, Stage::Pixel));
    CHECK_FALSE(f.call("AllMemoryBarrierWithGroupSync", {}, Stage::Pixel));
    CHECK(f.code() == DiagCode::intrinsic_wrong_stage);
    auto info = find_intrinsic("GroupMemoryBarrierWithGroupSync")[0];
    CHECK((info.flags & (kBarrier | kGroupSync)) == (kBarrier | kGroupSync));
}

TEST_CASE("stage checks can run later, once the entry point is known", "[intrinsics][stages]") {
    Fixture f;
    auto r = f.call("QuadReadAcrossX", {f.v("float")});
    REQUIRE(r);
    CHECK(check_intrinsic_stage(*r->info, Stage::Pixel, f.diags, f.range()));
    CHECK_FALSE(check_intrinsic_stage(*r->info, Stage::Vertex, f.diags, f.range()));
    CHECK(f.message() == "'QuadReadAcrossX' is only available in pixel and compute shaders, and this is a vertex "
                         "shader. Move the call to a pixel shader, or compute the value there and pass it in.");
    CHECK(stage_list(kAllStages) == "vertex, pixel and compute");
}

TEST_CASE("Interlocked* on int and uint destinations", "[intrinsics][atomics]") {
    Fixture f;
    CHECK(f.result("InterlockedAdd", {f.lv("int"), f.v("literal int")}) == "void");
    CHECK(f.result("InterlockedAdd", {f.lv("uint"), f.v("uint"), f.lv("uint")}) == "void");
    CHECK(f.result("InterlockedMax", {f.lv("int"), f.v("int")}) == "void");
    CHECK(f.result("InterlockedCompareExchange", {f.lv("uint"), f.v("uint"), f.v("uint"), f.lv("uint")}) == "void");
    CHECK(f.result("InterlockedCompareStore", {f.lv("int"), f.v("int"), f.v("literal int")}) == "void");
    CHECK(f.result("InterlockedExchange", {f.lv("uint64_t"), f.v("uint64_t"), f.lv("uint64_t")}) == "void");
    CHECK(f.diag_count() == 0);
    auto r = f.call("InterlockedAdd", {f.lv("uint"), f.v("int")});
    REQUIRE(r);
    CHECK(type_name(r->params[1].type) == "uint");
    CHECK(r->ranks[1] == ConversionRank::Conversion);
    CHECK((r->info->flags & kAtomic) != 0);
}

TEST_CASE("InterlockedAdd on a float is OSH0314 with the spec's message", "[intrinsics][atomics]") {
    Fixture f;
    CHECK_FALSE(f.call("InterlockedAdd", {f.lv("float"), f.v("float")}));
    CHECK(f.only_diag() ==
          "t.hlsl(1,15): error OSH0314: 'InterlockedAdd' works on int, uint, int64_t and uint64_t, but the first "
          "argument is 'float'. Float atomics are not supported; reinterpret the data as uint with asuint()/asfloat().");
}

TEST_CASE("an atomic destination must be an lvalue of an atomic type", "[intrinsics][atomics]") {
    Fixture f;
    CHECK_FALSE(f.call("InterlockedOr", {f.v("uint"), f.v("uint")}));
    CHECK(f.code() == DiagCode::intrinsic_out_not_lvalue);
    CHECK_FALSE(f.call("InterlockedOr", {f.lv("uint2"), f.v("uint")}));
    CHECK(f.code(1) == DiagCode::intrinsic_no_match);
}

TEST_CASE("WaveMatch and WaveMultiPrefix* are OSH0350 with the spec's message", "[intrinsics][wave]") {
    Fixture f;
    CHECK_FALSE(f.call("WaveMatch", {f.v("uint")}));
    CHECK(f.only_diag() ==
          "t.hlsl(1,15): error OSH0350: The intrinsic 'WaveMatch' is not supported: it needs partitioned subgroup "
          "operations, which no target offers portably (SPIR-V has only a vendor extension; MSL and WGSL have none). "
          "Build the groups with WaveActiveBallot and WaveReadLaneFirst in a loop instead.");
    CHECK_FALSE(f.call("WaveMultiPrefixSum", {f.v("float"), f.v("uint4")}));
    CHECK(f.code(1) == DiagCode::unsupported_construct);
    CHECK(f.message(1).starts_with("The intrinsic 'WaveMultiPrefixSum' is not supported"));
}

TEST_CASE("SM 6.0 wave intrinsics", "[intrinsics][wave]") {
    Fixture f;
    CHECK(f.result("WaveGetLaneCount", {}) == "uint");
    CHECK(f.result("WaveIsFirstLane", {}) == "bool");
    CHECK(f.result("WaveActiveSum", {f.v("float3")}) == "float3");
    CHECK(f.result("WaveActiveBallot", {f.v("bool")}) == "uint4");
    CHECK(f.result("WaveActiveCountBits", {f.v("bool")}) == "uint");
    CHECK(f.result("WavePrefixCountBits", {f.v("bool")}) == "uint");
    CHECK(f.result("WaveReadLaneAt", {f.v("int2"), f.v("uint")}) == "int2");
    CHECK(f.result("WaveReadLaneFirst", {f.v("float")}) == "float");
    CHECK(f.result("WaveActiveAllEqual", {f.v("uint3")}) == "bool3");
    CHECK(f.result("WaveActiveBitAnd", {f.v("uint")}) == "uint");
    CHECK(f.result("QuadReadLaneAt", {f.v("float4"), f.v("literal int")}) == "float4");
    CHECK((find_intrinsic("WaveActiveSum")[0].flags & kWave) != 0);
}

TEST_CASE("abort, errorf, noise and a printf without its format are refused with OSH0374", "[intrinsics]") {
    // The checker takes printf("format", ...) before the table; what reaches the table has no format.
    Fixture f;
    CHECK_FALSE(f.call("printf", {f.v("int")}));
    CHECK_FALSE(f.call("abort", {}));
    CHECK_FALSE(f.call("errorf", {}));
    CHECK_FALSE(f.call("noise", {f.v("float2")}));
    REQUIRE(f.diag_count() == 4);
    for (std::size_t i = 0; i < 4; ++i) CHECK(f.code(i) == DiagCode::intrinsic_refused);
    CHECK(f.message(0) == "'printf' is not supported: its first argument must be the format, as a string literal.");
    CHECK(f.message(1).starts_with("'abort' is not supported: no target has a way to stop the whole dispatch"));
    CHECK(f.message(3).starts_with("'noise' is not supported: it exists only for the legacy tx_1_0"));
}

TEST_CASE("NonUniformResourceIndex keeps its integer index", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("NonUniformResourceIndex", {f.v("uint")}) == "uint");
    CHECK(f.result("NonUniformResourceIndex", {f.v("float")}) == "error");
}

TEST_CASE("render-target queries", "[intrinsics]") {
    Fixture f;
    CHECK(f.result("GetRenderTargetSampleCount", {}) == "uint");
    CHECK(f.result("GetRenderTargetSamplePosition", {f.v("int")}) == "float2");
    CHECK(f.result("EvaluateAttributeSnapped", {f.v("float3"), f.v("int2")}) == "float3");
}

TEST_CASE("conversion ranks: exact, promotion, conversion, none", "[intrinsics][ranking]") {
    Fixture f;
    CHECK(conversion_rank(f.t("float3"), f.t("float3")) == ConversionRank::Exact);
    CHECK(conversion_rank(f.t("literal int"), f.t("int")) == ConversionRank::Exact);
    CHECK(conversion_rank(f.t("half"), f.t("float")) == ConversionRank::Promotion);
    CHECK(conversion_rank(f.t("float"), f.t("double")) == ConversionRank::Promotion);
    CHECK(conversion_rank(f.t("int"), f.t("int64_t")) == ConversionRank::Promotion);
    CHECK(conversion_rank(f.t("float"), f.t("float4")) == ConversionRank::Promotion);
    CHECK(conversion_rank(f.t("literal int"), f.t("uint")) == ConversionRank::Promotion);
    CHECK(conversion_rank(f.t("int"), f.t("float")) == ConversionRank::Conversion);
    CHECK(conversion_rank(f.t("float"), f.t("half")) == ConversionRank::Conversion);
    CHECK(conversion_rank(f.t("int"), f.t("uint")) == ConversionRank::Conversion);
    CHECK(conversion_rank(f.t("float4"), f.t("float3")) == ConversionRank::Conversion);
    CHECK(conversion_rank(f.t("float3"), f.t("float4")) == ConversionRank::None);
    CHECK(conversion_rank(f.t("float2x2"), f.t("float4")) == ConversionRank::None);
    CHECK(conversion_rank(f.types.resource(ResourceKind::ByteAddressBuffer), f.t("uint")) == ConversionRank::None);
}

TEST_CASE("overload selection: better ranks win, equal ones are ambiguous", "[intrinsics][ranking]") {
    using R = ConversionRank;
    // f(int, float) and f(float, int) called with (int, int): each wins one argument.
    std::vector<std::vector<R>> tie = {{R::Exact, R::Conversion}, {R::Conversion, R::Exact}};
    Selection s = select_best(tie);
    CHECK(s.best == -1);
    CHECK(s.tied == std::vector<std::size_t>{0, 1});
    std::vector<std::vector<R>> clear = {{R::Promotion, R::Exact}, {R::Conversion, R::Exact}, {R::Exact, R::Exact}};
    CHECK(select_best(clear).best == 2);
}

TEST_CASE("user-style overloads resolved through the signature matcher", "[intrinsics][ranking]") {
    Fixture f;
    Signature a = parse_signature("void", "int x, float y");
    Signature b = parse_signature("void", "float x, int y");
    std::vector<CallArg> args = {f.v("int"), f.v("int")};
    Match ma = match_signature(f.types, a, args);
    Match mb = match_signature(f.types, b, args);
    REQUIRE((ma.viable && mb.viable));
    std::vector<std::vector<ConversionRank>> ranks = {{ma.ranks.begin(), ma.ranks.end()}, {mb.ranks.begin(), mb.ranks.end()}};
    CHECK(select_best(ranks).best == -1);
    std::vector<CallArg> args2 = {f.v("int"), f.v("float")};
    Match ma2 = match_signature(f.types, a, args2);
    Match mb2 = match_signature(f.types, b, args2);
    std::vector<std::vector<ConversionRank>> ranks2 = {{ma2.ranks.begin(), ma2.ranks.end()},
                                                       {mb2.ranks.begin(), mb2.ranks.end()}};
    CHECK(select_best(ranks2).best == 0);
}

TEST_CASE("pure intrinsics are marked, side effects are not", "[intrinsics]") {
    CHECK((find_intrinsic("sin")[0].flags & kPure) != 0);
    CHECK((find_intrinsic("InterlockedAdd")[0].flags & kPure) == 0);
    CHECK((find_intrinsic("clip")[0].flags & kPure) == 0);
    CHECK((find_intrinsic("ddx")[0].flags & kDerivative) != 0);
}
