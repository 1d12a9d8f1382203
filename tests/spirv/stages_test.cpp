// Whole shaders of each stage: valid for Vulkan 1.2, the same bytes every time, with the
// decorations each stage needs. (Whole disassemblies of corpus shaders are in tests/snapshots.)
#include "spirv_fixture.hpp"

namespace oneshader::spirv::test {
namespace {

const char* kVertex = R"(struct Frame { view_projection: float4x4 }

%g0 = global input float2 location(0) ; in.var.POSITION
%g1 = global input float4 location(1) ; in.var.COLOR0
%g2 = global output float4 builtin(position) ; out.var.SV_Position
%g3 = global output float4 location(0) ; out.var.COLOR0
%g4 = global uniform ConstantBuffer<Frame> set(0) binding(0) ; Frame

func @VSMain() -> void {
bb0:
  %0 = load %g0 : float2
  %1 = construct %0, 0.0:float, 1.0:float : float4
  %2 = access %g4, 0:int : ptr<uniform, float4x4>
  %3 = load %2 : float4x4
  %4 = matmul %3, %1 : float4
  store %g2, %4
  %5 = load %g1 : float4
  store %g3, %5
  ret
}

entry vertex @VSMain inputs(%g0, %g1) outputs(%g2, %g3)
)";

const char* kPixel = R"(%g0 = global input float2 location(0) ; in.var.TEXCOORD0
%g1 = global output float4 location(0) ; out.var.SV_Target
%g2 = global uniform_constant Texture2D<float4> set(0) binding(1) ; Atlas
%g3 = global uniform_constant SamplerState set(0) binding(2) ; AtlasSampler

func @PSMain() -> void {
bb0:
  %0 = load %g0 : float2
  %1 = sample %g2, %g3, %0 : float4
  store %g1, %1
  ret
}

entry pixel @PSMain inputs(%g0) outputs(%g1)
)";

const char* kCompute = R"(%g0 = global input uint3 builtin(global_invocation_id) ; id
%g1 = global storage RWStructuredBuffer<float> set(0) binding(0) ; data

func @CSMain() -> void {
bb0:
  %0 = load %g0 : uint3
  %1 = extract %0 [0] : uint
  %2 = access %g1, %1 : ptr<storage, float>
  %3 = load %2 : float
  %4 = mul %3, 2.0:float : float
  store %2, %4
  ret
}

entry compute @CSMain workgroup_size(64, 1, 1) inputs(%g0)
)";

TEST_CASE("a vertex shader with a constant buffer matrix is valid and decorated", "[spirv]") {
    Result r = compile_valid(kVertex);
    CHECK(contains(r.text, "OpEntryPoint Vertex"));
    CHECK(contains(r.text, "BuiltIn Position"));
    // mul(M, v) of HLSL is v * M' in SPIR-V.
    CHECK(contains(r.text, "OpVectorTimesMatrix"));
    CHECK(contains(r.text, "MatrixStride 16"));
    CHECK(contains(r.text, "RowMajor"));
    CHECK(contains(r.text, "OpDecorate %Frame DescriptorSet 0"));
    CHECK(contains(r.text, "OpDecorate %in_var_COLOR0 Location 1"));
    CHECK(contains(r.text, "OpDecorate %Frame Binding 0"));
}

TEST_CASE("a pixel shader sampling a texture is valid and decorated", "[spirv]") {
    Result r = compile_valid(kPixel);
    CHECK(contains(r.text, "OpExecutionMode %PSMain OriginUpperLeft"));
    CHECK(contains(r.text, "OpSampledImage"));
    CHECK(contains(r.text, "OpImageSampleImplicitLod"));
    CHECK(contains(r.text, "OpDecorate %in_var_TEXCOORD0 Location 0"));
    CHECK(contains(r.text, "OpDecorate %Atlas Binding 1"));
    CHECK(contains(r.text, "OpDecorate %AtlasSampler Binding 2"));
    CHECK(contains(r.text, "OpTypeImage %float 2D 2 0 0 1 Unknown"));
}

TEST_CASE("a compute shader on a structured buffer is valid and decorated", "[spirv]") {
    Result r = compile_valid(kCompute);
    CHECK(contains(r.text, "OpExecutionMode %CSMain LocalSize 64 1 1"));
    CHECK(contains(r.text, "ArrayStride 4"));
    CHECK(contains(r.text, "Block"));
    CHECK(contains(r.text, "BuiltIn GlobalInvocationId"));
    CHECK(contains(r.text, "OpDecorate %data Binding 0"));
}

TEST_CASE("the same module gives the same bytes every time", "[spirv][determinism]") {
    for (const char* text : {kVertex, kPixel, kCompute}) {
        Result a = compile_valid(text);
        Result b = compile_valid(text);
        CHECK(a.words == b.words);
    }
}

TEST_CASE("the header says SPIR-V 1.5, Shader, logical addressing and GLSL450", "[spirv]") {
    Result r = compile_valid(kCompute);
    REQUIRE(r.words.size() > 5);
    CHECK(r.words[0] == 0x07230203u);
    CHECK(r.words[1] == 0x00010500u);
    CHECK(contains(r.text, "OpCapability Shader"));
    CHECK(contains(r.text, "OpMemoryModel Logical GLSL450"));
}

TEST_CASE("names are written unless switched off", "[spirv][names]") {
    Options off;
    off.keep_names = false;
    Result named = compile_valid(kVertex);
    Result bare = compile_valid(kVertex, off);
    CHECK(contains(named.text, "OpName"));
    CHECK(contains(named.text, "OpMemberName"));
    CHECK_FALSE(contains(bare.text, "OpName"));
    CHECK_FALSE(contains(bare.text, "OpMemberName"));
}

TEST_CASE("the interface lists inputs, then outputs, then other globals", "[spirv][interface]") {
    Result r = compile_valid(kVertex);
    std::size_t at = r.text.find("OpEntryPoint Vertex");
    REQUIRE(at != std::string::npos);
    std::string line = r.text.substr(at, r.text.find('\n', at) - at);
    CHECK(line.find("in_var_POSITION") < line.find("in_var_COLOR0"));
    CHECK(line.find("in_var_COLOR0") < line.find("out_var_SV_Position"));
    CHECK(line.find("out_var_COLOR0") < line.find("Frame"));
}

TEST_CASE("a function the entry point does not reach and its globals are left out", "[spirv][interface]") {
    Result r = compile_valid(R"(%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; used
%g1 = global storage RWStructuredBuffer<uint> set(0) binding(1) ; unused

func @other() -> void {
bb0:
  %0 = access %g1, 0:uint : ptr<storage, uint>
  store %0, 1:uint
  ret
}

func @main() -> void {
bb0:
  %0 = access %g0, 0:uint : ptr<storage, uint>
  store %0, 2:uint
  ret
}

entry compute @main workgroup_size(1, 1, 1)
)");
    CHECK(contains(r.text, "%used"));
    CHECK_FALSE(contains(r.text, "%unused"));
    CHECK_FALSE(contains(r.text, "%other"));
}

}  // namespace
}  // namespace oneshader::spirv::test
