// Integer and bool matrices, which SPIR-V has no matrix type for: arrays of their HLSL rows, as
// DXC writes them (its CodeGenSPIRV type.matrix, binary-op and vk.layout tests), in registers, in
// buffers (row_major only, as in DXC) and as stage inputs and outputs; and whole-matrix
// comparisons, selects and bit-casts, row by row. HLSL through the whole compiler, the module
// validated (Vulkan 1.2 unless a case says otherwise), facts read from the disassembly.
#include "spirv_fixture.hpp"

#include "oneshader/oneshader.hpp"

namespace oneshader::spirv::test {
namespace {

struct Compiled {
    std::string text;         // the disassembly; empty when nothing was written
    std::string diagnostics;  // one per line
};

Compiled compile_hlsl(const std::string& source, const std::string& entry = "main",
                      oneshader::Stage stage = oneshader::Stage::Compute, bool optimize = true,
                      oneshader::SpirvTargetEnv env = oneshader::SpirvTargetEnv::Vulkan1_2,
                      oneshader::MatrixPacking packing = oneshader::MatrixPacking::ColumnMajor) {
    oneshader::CompileOptions o;
    o.entry_points.push_back({entry, stage});
    o.optimize = optimize;
    o.spirv.target_env = env;
    o.default_matrix_packing = packing;
    oneshader::CompileResult r = oneshader::compile(source, "t.hlsl", o);
    Compiled c;
    for (const oneshader::Diagnostic& d : r.diagnostics) c.diagnostics += d.to_string() + "\n";
    if (r.blobs.size() != 1) return c;
    std::vector<std::uint32_t> words = spirv_tools::words_of(r.blobs[0]);
    c.text = disassemble(words);
    INFO(c.text);
    CHECK(validate(words, env == oneshader::SpirvTargetEnv::Vulkan1_0 ? SPV_ENV_VULKAN_1_0 : SPV_ENV_VULKAN_1_2) == "");
    return c;
}

Compiled compile_valid_hlsl(const std::string& source, bool optimize = true,
                            oneshader::SpirvTargetEnv env = oneshader::SpirvTargetEnv::Vulkan1_2) {
    Compiled c = compile_hlsl(source, "main", oneshader::Stage::Compute, optimize, env);
    INFO(c.diagnostics);
    REQUIRE(!c.text.empty());
    return c;
}

const char* const kRegisters = R"(RWStructuredBuffer<int> Out;
cbuffer P { int k; };
[numthreads(1, 1, 1)]
void main() {
    int2x3 a = int2x3(1, 2, 3, 4, 5, 6) * k;
    uint4x4 u = (uint4x4)k;
    bool3x3 b = (bool3x3)(a._m00 > 2);
    min16int2x2 m = min16int2x2(k, 1, 2, 3);
    Out[0] = a[1][2] + a._m01 + (int)u[3].w + (b[2].z ? 1 : 0) + m._m11 + a[k].y;
}
)";

TEST_CASE("integer and bool matrices are arrays of their rows", "[spirv][matrix]") {
    for (bool optimize : {true, false}) {
        Compiled c = compile_valid_hlsl(kRegisters, optimize);
        INFO(c.text);
        // DXC's _arr_v3int_uint_2: two rows of three, never an OpTypeMatrix of integers.
        CHECK(contains(c.text, "OpTypeArray %v3int %uint_2"));
        CHECK(contains(c.text, "OpTypeArray %v4uint %uint_4"));
        CHECK(contains(c.text, "OpTypeArray %v3bool %uint_3"));
        CHECK(contains(c.text, "OpTypeArray %v2int %uint_2"));
        CHECK_FALSE(contains(c.text, "OpTypeMatrix"));
        // Component-wise arithmetic goes row by row.
        CHECK(contains(c.text, "OpIMul %v3int"));
    }
}

TEST_CASE("unary operators, shifts and increments on integer matrices go row by row", "[spirv][matrix]") {
    Compiled c = compile_valid_hlsl(R"(StructuredBuffer<row_major int2x2> In;
RWStructuredBuffer<row_major uint2x2> Out;
[numthreads(1, 1, 1)]
void main() {
    int2x2 a = In[0];
    a++;
    int2x2 n = -a;
    uint2x2 b = ~(uint2x2)n;
    bool2x2 z = !(bool2x2)a;
    b <<= (uint2x2)a;
    Out[0] = b + (uint2x2)z;
}
)", false);
    INFO(c.text);
    CHECK(count_of(c.text, "OpSNegate %v2int") == 2);
    CHECK(count_of(c.text, "OpNot %v2uint") == 2);
    CHECK(count_of(c.text, "OpLogicalNot %v2bool") == 2);
    // HLSL shifts by the count's low five bits: each row's count is masked.
    CHECK(count_of(c.text, "OpShiftLeftLogical %v2uint") == 2);
    CHECK(count_of(c.text, "OpBitwiseAnd %v2uint") == 2);
}

TEST_CASE("row_major integer matrices in buffers are arrays of rows with the row stride", "[spirv][matrix]") {
    const char* source = R"(struct Item { row_major int3x2 m; row_major bool2x2 flags; uint tag; };
StructuredBuffer<Item> Items;
RWStructuredBuffer<Item> Written;
RWStructuredBuffer<int> Out;
cbuffer Params { row_major int2x3 A; row_major uint4x4 U; int idx; };
[[vk::push_constant]] struct Push { row_major int2x2 P; } push;
[numthreads(1, 1, 1)]
void main() {
    Item it = Items[idx];
    Out[0] = A[1][idx] + it.m._m21 + (int)U[idx].y + push.P._m10 + (it.flags[1][0] ? 100 : 0);
    Item o = it;
    o.flags = !it.flags;
    Written[0] = o;
    Written[1].m[idx] = int2(7, 8);
    Written[1].m._m11 = 5;
}
)";
    for (auto env : {oneshader::SpirvTargetEnv::Vulkan1_2, oneshader::SpirvTargetEnv::Vulkan1_0}) {
        Compiled c = compile_valid_hlsl(source, true, env);
        INFO(c.text);
        // Constant buffer (std140): int2x3 rows 16 bytes apart, uint4x4 rows 16 apart; structured
        // buffer (std430): int3x2 rows 8 apart; a bool matrix is a uint one in memory.
        CHECK(contains(c.text, "OpDecorate %_arr_v3int_uint_2 ArrayStride 16"));
        CHECK(contains(c.text, "OpDecorate %_arr_v4uint_uint_4 ArrayStride 16"));
        CHECK(contains(c.text, "OpDecorate %_arr_v2int_uint_3 ArrayStride 8"));
        CHECK(contains(c.text, "OpDecorate %_arr_v2uint_uint_2 ArrayStride 8"));
        CHECK(contains(c.text, "OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 32"));
        CHECK(contains(c.text, "OpMemberDecorate %type_ConstantBuffer_Params 2 Offset 96"));
        CHECK(contains(c.text, "OpMemberDecorate %Item 1 Offset 24"));
        CHECK(contains(c.text, "OpMemberDecorate %Item 2 Offset 40"));
        // Arrays take no matrix decorations.
        CHECK_FALSE(contains(c.text, "MatrixStride"));
        CHECK_FALSE(contains(c.text, "RowMajor"));
        CHECK_FALSE(contains(c.text, "ColMajor"));
        // The whole matrix crosses between the laid-out and the register array.
        if (env == oneshader::SpirvTargetEnv::Vulkan1_2) CHECK(contains(c.text, "OpCopyLogical"));
        else CHECK_FALSE(contains(c.text, "OpCopyLogical"));
    }
    // -Zpr makes every matrix row_major, as DXC's test does with it.
    Compiled zpr = compile_hlsl("cbuffer B { int2x3 m[5]; int2x3 n; }; RWStructuredBuffer<int> O;\n"
                                "[numthreads(1, 1, 1)] void main() { O[0] = m[3][1].z + n._m12; }\n",
                                "main", oneshader::Stage::Compute, true, oneshader::SpirvTargetEnv::Vulkan1_2,
                                oneshader::MatrixPacking::RowMajor);
    INFO(zpr.diagnostics);
    CHECK(contains(zpr.text, "OpDecorate %_arr_v3int_uint_2 ArrayStride 16"));
    CHECK(contains(zpr.text, "ArrayStride 32"));
}

TEST_CASE("a column_major integer matrix in a buffer is OSH5002 naming the member, as DXC refuses it",
          "[spirv][matrix][refusal]") {
    Compiled c = compile_hlsl("cbuffer B { float f; int2x3 Weights; }; RWStructuredBuffer<int> O;\n"
                              "[numthreads(1, 1, 1)] void main() { O[0] = Weights[1][2]; }\n");
    CHECK(c.text.empty());
    CHECK(contains(c.diagnostics, "OSH5002"));
    CHECK(contains(c.diagnostics, "'int2x3' (member 'Weights') is stored column_major"));
    CHECK(contains(c.diagnostics, "declare it row_major or compile with -Zpr"));
    Compiled sb = compile_hlsl("RWStructuredBuffer<column_major uint2x2> O;\n"
                               "[numthreads(1, 1, 1)] void main() { O[0] = 1; }\n");
    CHECK(contains(sb.diagnostics, "OSH5002"));
    CHECK(contains(sb.diagnostics, "'uint2x2' is stored column_major"));
}

TEST_CASE("mul and transpose of integer matrices are dot products and extracts", "[spirv][matrix]") {
    Compiled c = compile_valid_hlsl(R"(RWStructuredBuffer<int4> Out;
StructuredBuffer<row_major int3x3> In;
[numthreads(1, 1, 1)]
void main() {
    int2x3 a = (int2x3)In[0];
    int3x3 b = In[1];
    int2x3 p = mul(a, b);
    int3 v = mul(int2(1, 2), a);
    int2 w = mul(a, int3(1, 1, 1));
    int3x2 t = transpose(a);
    Out[0] = int4(p[1], v.x + w.y + t._m21);
}
)", false);
    INFO(c.text);
    CHECK_FALSE(contains(c.text, "OpMatrixTimes"));
    CHECK_FALSE(contains(c.text, "OpVectorTimesMatrix"));
    CHECK_FALSE(contains(c.text, "OpTranspose"));
    // p: 2 x 3 dot products of three components; v: 3 of two; w: 2 of three.
    CHECK(count_of(c.text, "OpIMul %v3int") == 8);
    CHECK(count_of(c.text, "OpIMul %v2int") == 3);
    CHECK(count_of(c.text, "OpIAdd %int") == 2 * 6 + 3 + 2 * 2 + 2);  // and two in the sum stored
}

TEST_CASE("whole-matrix comparisons give bool matrices, row by row", "[spirv][matrix]") {
    Compiled c = compile_valid_hlsl(R"(StructuredBuffer<float2x3> F;
StructuredBuffer<row_major int2x3> I;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() {
    bool2x3 fe = F[0] != F[1];
    bool2x3 ie = I[0] < I[1];
    bool2x3 both = and(fe, ie);
    int2x3 chosen = select(both, I[0], I[1]);
    float2x3 picked = select(ie, F[0], F[1]);
    Out[0] = (all(fe) ? 1u : 0u) + (any(ie) ? 2u : 0u) + (uint)chosen._m12 + (uint)picked[1].x;
}
)", false);
    INFO(c.text);
    CHECK(count_of(c.text, "OpFUnordNotEqual %v3bool") == 2);
    CHECK(count_of(c.text, "OpSLessThan %v3bool") == 2);
    CHECK(count_of(c.text, "OpLogicalAnd %v3bool") == 2);
    CHECK(count_of(c.text, "OpSelect %v3int") == 2);
    CHECK(count_of(c.text, "OpSelect %v3float") == 2);
    CHECK(contains(c.text, "OpTypeArray %v3bool %uint_2"));
}

TEST_CASE("conversions and bit-casts between float and integer matrices go row by row", "[spirv][matrix]") {
    Compiled c = compile_valid_hlsl(R"(StructuredBuffer<float3x2> F;
RWStructuredBuffer<row_major uint3x2> Out;
[numthreads(1, 1, 1)]
void main() {
    int3x2 i = (int3x2)F[0];
    float3x2 back = (float3x2)i;
    uint3x2 bits = asuint(back);
    Out[0] = bits + (uint3x2)i;
}
)", false);
    INFO(c.text);
    CHECK(count_of(c.text, "OpConvertFToS %v2int") == 3);
    CHECK(count_of(c.text, "OpConvertSToF %v2float") == 3);
    CHECK(count_of(c.text, "OpBitcast %v2uint") >= 3);
}

TEST_CASE("integer matrices as stage outputs and inputs are one flat variable per row", "[spirv][matrix]") {
    const char* source = R"(struct V { float4 pos : SV_Position; int2x3 m : TEXCOORD0; uint3x3 u : TEXCOORD2; };
V vs(float4 p : POSITION, int2x3 mi : MATRIX) { V o; o.pos = p; o.m = mi * 2; o.u = (uint3x3)mi._m00; return o; }
float4 ps(V i) : SV_Target { return float4(i.m[1][2], i.m._m00, i.u[2].x, 1); }
)";
    Compiled vs = compile_hlsl(source, "vs", oneshader::Stage::Vertex);
    INFO(vs.diagnostics);
    CHECK(contains(vs.text, "OpDecorate %in_var_MATRIX_0 Location 1"));
    CHECK(contains(vs.text, "OpDecorate %in_var_MATRIX_1 Location 2"));
    CHECK(contains(vs.text, "OpDecorate %out_var_TEXCOORD2_2 Location 4"));
    CHECK(contains(vs.text, "OpDecorate %out_var_TEXCOORD0_1 Flat"));
    Compiled ps = compile_hlsl(source, "ps", oneshader::Stage::Pixel);
    INFO(ps.diagnostics);
    CHECK(contains(ps.text, "%in_var_TEXCOORD0_1 = OpVariable %_ptr_Input_v3int Input"));
    CHECK(contains(ps.text, "OpDecorate %in_var_TEXCOORD2_2 Flat"));
}

}  // namespace
}  // namespace oneshader::spirv::test
