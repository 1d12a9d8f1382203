// Stage variables (split arrays and matrices, clip distances, depth, flat inputs) and the OSH50xx
// refusals for what the backend cannot express or does not do yet.
#include "spirv_fixture.hpp"
#include "raised_ir.hpp"

namespace oneshader::spirv::test {
namespace {

TEST_CASE("array and matrix stage variables become one variable per element or row", "[spirv][stage]") {
    Result r = compile_valid(R"(%g0 = global input float4[2] location(1) ; weights
%g1 = global input float4x4 location(3) ; model
%g2 = global output float4 builtin(position) ; pos

func @main() -> void {
bb0:
  %0 = load %g0 : float4[2]
  %1 = extract %0 [1] : float4
  %2 = load %g1 : float4x4
  %3 = matmul %1, %2 : float4
  %4 = access %g0, 0:int : ptr<input, float4>
  %5 = load %4 : float4
  %6 = add %3, %5 : float4
  store %g2, %6
  ret
}

entry vertex @main inputs(%g0, %g1) outputs(%g2)
)");
    for (const char* loc : {"Location 1", "Location 2", "Location 3", "Location 4", "Location 5", "Location 6"})
        CHECK(contains(r.text, loc));
    CHECK(count_of(r.text, "OpVariable %_ptr_Input_v4float Input") == 6);
}

TEST_CASE("clip and cull distances are slices of one built-in array each", "[spirv][stage]") {
    Result r = compile_valid(test_ir::kClipCullDistances);
    CHECK(contains(r.text, "OpTypeArray %float %uint_3"));
    CHECK(count_of(r.text, "BuiltIn ClipDistance") == 1);
    CHECK(count_of(r.text, "BuiltIn CullDistance") == 1);
    CHECK(contains(r.text, "OpCapability ClipDistance"));
}

TEST_CASE("a pixel shader writing depth declares DepthReplacing and reads FragCoord", "[spirv][stage]") {
    Result r = compile_valid(R"(%g0 = global input float4 builtin(frag_coord) ; pos
%g1 = global output float builtin(frag_depth) ; depth
%g2 = global input uint location(0) ; material
%g3 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g0 : float4
  %1 = extract %0 [2] : float
  store %g1, %1
  %2 = load %g2 : uint
  %3 = convert %2 : float
  %4 = splat %3 : float4
  store %g3, %4
  ret
}

entry pixel @main inputs(%g0, %g2) outputs(%g1, %g3)
)");
    CHECK(contains(r.text, "DepthReplacing"));
    CHECK(contains(r.text, "BuiltIn FragCoord"));
    CHECK(contains(r.text, "BuiltIn FragDepth"));
    CHECK(contains(r.text, "OpDecorate %material Flat"));
}

TEST_CASE("integer vertex outputs are Flat like the pixel inputs they feed", "[spirv][stage]") {
    Result r = compile_valid(R"(%g0 = global output float4 builtin(position) ; pos
%g1 = global output uint location(0) ; id
%g2 = global input uint builtin(vertex_index) ; vid

func @main() -> void {
bb0:
  %0 = load %g2 : uint
  store %g1, %0
  store %g0, float4{0.0, 0.0, 0.0, 1.0}
  ret
}

entry vertex @main inputs(%g2) outputs(%g0, %g1)
)");
    CHECK(contains(r.text, "OpDecorate %id Flat"));
    CHECK(contains(r.text, "BuiltIn VertexIndex"));
}

std::vector<std::string> codes(const Result& r) {
    std::vector<std::string> out;
    for (const std::string& e : r.errors) out.push_back(e.substr(0, 7));
    return out;
}

TEST_CASE("implicit-derivative sampling outside pixel shaders is OSH5003", "[spirv][refusal]") {
    Result r = compile(R"(%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; tex
%g1 = global uniform_constant SamplerState set(0) binding(1) ; samp
%g2 = global storage RWStructuredBuffer<float4> set(0) binding(2) ; out

func @main() -> void {
bb0:
  %0 = sample %g0, %g1, float2{0.5, 0.5} : float4
  %1 = access %g2, 0:uint : ptr<storage, float4>
  store %1, %0
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(r.words.empty());
    CHECK(codes(r) == std::vector<std::string>{"OSH5003"});
}

TEST_CASE("an intrinsic the SPIR-V table refuses is OSH5004 naming it", "[spirv][refusal]") {
    Result r = compile(R"(func @main() -> void {
bb0:
  %0 = intrinsic GetRenderTargetSampleCount() : uint
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(r.words.empty());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].starts_with("OSH5004"));
    CHECK(contains(r.errors[0], "'GetRenderTargetSampleCount'"));
}

TEST_CASE("integer matrices and whole-matrix comparisons are arrays of rows, compared row by row", "[spirv][matrix]") {
    Result ints = compile_valid(R"(%g0 = global private int2x2 = zero:int2x2 ; m
%g1 = global storage RWStructuredBuffer<int2> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = load %g0 : int2x2
  %1 = extract %0 [1] : int2
  %2 = access %g1, 0:uint : ptr<storage, int2>
  store %2, %1
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(ints.text, "OpTypeArray %v2int %uint_2"));

    Result compare = compile_valid(R"(%g0 = global private float2x2 = zero:float2x2 ; m
%g1 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; out

func @main() -> void {
bb0:
  %0 = load %g0 : float2x2
  %1 = eq %0, %0 : bool2x2
  %2 = intrinsic all(%1) : bool
  %3 = select %2, 1:uint, 0:uint : uint
  %4 = access %g1, 0:uint : ptr<storage, uint>
  store %4, %3
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(count_of(compare.text, "OpFOrdEqual %v2bool") == 2);
    CHECK(contains(compare.text, "OpTypeArray %v2bool %uint_2"));
}

TEST_CASE("discard outside a pixel shader is OSH5003", "[spirv][refusal]") {
    Result r = compile(R"(func @main() -> void {
bb0:
  kill
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(r.words.empty());
    CHECK(codes(r) == std::vector<std::string>{"OSH5003"});
}

TEST_CASE("a dynamic index into a split stage array is OSH5002", "[spirv][refusal]") {
    Result r = compile(test_ir::kDynamicStageIndex);
    CHECK(r.words.empty());
    CHECK(codes(r) == std::vector<std::string>{"OSH5002"});
}

TEST_CASE("products with one-row matrices are OSH5002", "[spirv][refusal]") {
    Result r = compile(R"(%g0 = global private float1x4 = zero:float1x4 ; row

func @main() -> void {
bb0:
  %0 = load %g0 : float1x4
  %1 = matmul float1{1.0}, %0 : float4
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(r.words.empty());
    CHECK(codes(r) == std::vector<std::string>{"OSH5002"});
}

TEST_CASE("the validator the tests rely on rejects a broken module", "[spirv][harness]") {
    Result r = compile_valid(R"(func @main() -> void {
bb0:
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    std::vector<std::uint32_t> broken = r.words;
    broken.resize(broken.size() - 1);  // drop OpFunctionEnd
    CHECK(validate(broken) != "");
}

}  // namespace
}  // namespace oneshader::spirv::test
