// GetAttributeAtVertex through the whole compiler, checked against DXC's SPIR-V for Vulkan: the
// nointerpolation user inputs of a pixel shader that calls it are `T[3]` Input variables decorated
// Flat and PerVertexKHR at their usual locations, with the FragmentBarycentricKHR capability and
// the SPV_KHR_fragment_shader_barycentric extension; the call is an access chain with the vertex
// (a constant or a run-time value); an ordinary read is vertex 0. Every module, optimized and not,
// passes the validator for Vulkan 1.2 and 1.0. MSL and WGSL refuse the call where it is.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace {

using oneshader::Stage;
using spirv_tools::has_line;

std::string diagnostics_text(const oneshader::CompileResult& r) {
    std::string s;
    for (const oneshader::Diagnostic& d : r.diagnostics) s += d.to_string() + "\n";
    return s;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Compiles `entry` optimized and not, for Vulkan 1.2 and 1.0, validates every module and returns
// the disassembly of the one asked for.
std::string spirv_of(const std::string& source, bool want_optimized, const std::string& entry = "main") {
    std::string out;
    struct Env {
        spv_target_env spv;
        oneshader::SpirvTargetEnv ours;
    };
    for (Env env : {Env{SPV_ENV_VULKAN_1_2, oneshader::SpirvTargetEnv::Vulkan1_2},
                    Env{SPV_ENV_VULKAN_1_0, oneshader::SpirvTargetEnv::Vulkan1_0}})
        for (bool optimize : {false, true}) {
            oneshader::CompileOptions o;
            o.entry_points = {{entry, Stage::Pixel}};
            o.optimize = optimize;
            o.spirv.target_env = env.ours;
            oneshader::CompileResult r = oneshader::compile(source, "t.hlsl", o);
            INFO(diagnostics_text(r));
            REQUIRE(r.blobs.size() == 1);
            std::vector<std::uint32_t> words = spirv_tools::words_of(r.blobs[0]);
            std::string text = spirv_tools::disassemble(words, env.spv);
            INFO(text);
            CHECK(spirv_tools::validate(words, env.spv) == "");
            if (optimize == want_optimized && env.spv == SPV_ENV_VULKAN_1_2) out = text;
        }
    return out;
}

// DXC's intrinsics.get-attribute-at-vertex tests, in one shader: a struct with an interpolated
// member, nointerpolation members (one a nested struct) and SV_Barycentrics.
const char* kStruct = R"(struct Inner { float3 c3 : COLOR3; };
struct PSInput {
    float4 position : SV_POSITION;
    float2 m0 : COLOR0;
    nointerpolation float3 m1 : COLOR1;
    nointerpolation Inner pi;
};
float4 main(PSInput input, float3 bary : SV_Barycentrics) : SV_Target {
    float3 v0 = GetAttributeAtVertex(input.m1, 0);
    float3 v1 = GetAttributeAtVertex(input.m1, 1);
    float3 v2 = GetAttributeAtVertex(input.pi.c3, 2);
    return float4(bary.x * v0 + bary.y * v1 + bary.z * v2 + input.m1, input.m0.x);
}
)";

}  // namespace

TEST_CASE("GetAttributeAtVertex: per-vertex inputs are T[3] with PerVertexKHR at their locations") {
    std::string t = spirv_of(kStruct, true);
    CHECK(has_line(t, "OpCapability FragmentBarycentricKHR"));
    CHECK(has_line(t, "OpExtension \"SPV_KHR_fragment_shader_barycentric\""));
    CHECK(has_line(t, "OpDecorate %in_var_COLOR0 Location 0"));
    CHECK(has_line(t, "OpDecorate %in_var_COLOR1 Location 1"));
    CHECK(has_line(t, "OpDecorate %in_var_COLOR3 Location 2"));
    CHECK(has_line(t, "OpDecorate %in_var_COLOR1 Flat"));
    CHECK(has_line(t, "OpDecorate %in_var_COLOR1 PerVertexKHR"));
    CHECK(has_line(t, "OpDecorate %in_var_COLOR3 PerVertexKHR"));
    // The interpolated member and the built-ins stay as they were.
    CHECK_FALSE(has_line(t, "OpDecorate %in_var_COLOR0 PerVertexKHR"));
    CHECK_FALSE(has_line(t, "OpDecorate %in_var_COLOR0 Flat"));
    CHECK(has_line(t, "OpDecorate %in_var_SV_Barycentrics BuiltIn BaryCoordKHR"));
    CHECK(has_line(t, "%_arr_v3float_uint_3 = OpTypeArray %v3float %uint_3"));
    CHECK(has_line(t, "%in_var_COLOR1 = OpVariable %_ptr_Input__arr_v3float_uint_3 Input"));
    CHECK(has_line(t, "%in_var_COLOR3 = OpVariable %_ptr_Input__arr_v3float_uint_3 Input"));
    CHECK(has_line(t, "%in_var_COLOR0 = OpVariable %_ptr_Input_v2float Input"));
    // Each vertex through an access chain; `input.m1` read plainly is vertex 0.
    for (const char* v : {"%uint_0", "%uint_1"}) CHECK(contains(t, std::string("%in_var_COLOR1 ") + v));
    CHECK(contains(t, "%in_var_COLOR3 %uint_2"));
    CHECK(contains(t, "OpAccessChain %_ptr_Input_v3float %in_var_COLOR1 %int_0"));
    std::string od = spirv_of(kStruct, false);
    CHECK(has_line(od, "OpDecorate %in_var_COLOR3 PerVertexKHR"));
}

TEST_CASE("GetAttributeAtVertex: a run-time vertex index, components, and bool and int inputs") {
    // DXC accepts an index from a constant buffer and indexes the input with it.
    const char* src = R"(cbuffer constants : register(b0) { uint idx; };
float4 main(nointerpolation float3 a : A, nointerpolation bool2 f : F, nointerpolation int k : K) : SV_Target {
    float x = GetAttributeAtVertex(a, idx).y + GetAttributeAtVertex(a.zx, 2)[1];
    bool2 b = GetAttributeAtVertex(f, 1);
    return float4(x, b.x ? 1 : 0, GetAttributeAtVertex(k, idx), 1);
}
)";
    std::string t = spirv_of(src, false);
    CHECK(has_line(t, "%in_var_A = OpVariable %_ptr_Input__arr_v3float_uint_3 Input"));
    // A bool varying is a uint one (Vulkan has no bool inputs), converted at the read.
    CHECK(has_line(t, "%in_var_F = OpVariable %_ptr_Input__arr_v2uint_uint_3 Input"));
    CHECK(has_line(t, "%in_var_K = OpVariable %_ptr_Input__arr_int_uint_3 Input"));
    for (const char* v : {"A", "F", "K"}) {
        CHECK(has_line(t, std::string("OpDecorate %in_var_") + v + " PerVertexKHR"));
        CHECK(has_line(t, std::string("OpDecorate %in_var_") + v + " Flat"));
    }
    CHECK(has_line(t, "OpDecorate %in_var_A Location 0"));
    CHECK(has_line(t, "OpDecorate %in_var_F Location 1"));
    CHECK(has_line(t, "OpDecorate %in_var_K Location 2"));
    CHECK(contains(t, "OpINotEqual %v2bool"));
    // The index loaded from the buffer is the access chain's vertex index.
    CHECK(contains(t, "OpAccessChain %_ptr_Uniform_uint %constants"));
    CHECK(contains(t, "OpAccessChain %_ptr_Input_v3float %in_var_A %"));
    spirv_of(src, true);
}

TEST_CASE("GetAttributeAtVertex: without the call nointerpolation inputs are plain Flat inputs") {
    const char* src = "float4 main(nointerpolation float3 a : A, float3 b : SV_Barycentrics) : SV_Target { return "
                      "float4(a * b, 1); }\n";
    std::string t = spirv_of(src, true);
    CHECK(has_line(t, "OpDecorate %in_var_A Flat"));
    CHECK_FALSE(contains(t, "PerVertexKHR"));
    CHECK(has_line(t, "%in_var_A = OpVariable %_ptr_Input_v3float Input"));
}

TEST_CASE("GetAttributeAtVertex: reflection reports the per-vertex inputs with their locations") {
    oneshader::CompileOptions o;
    o.entry_points = {{"main", Stage::Pixel}};
    oneshader::CompileResult r = oneshader::compile(kStruct, "t.hlsl", o);
    INFO(diagnostics_text(r));
    REQUIRE(r.reflection);
    REQUIRE(r.reflection->entry_points.size() == 1);
    std::vector<std::pair<std::string, std::uint32_t>> located;
    for (const oneshader::StageVariable& v : r.reflection->entry_points[0].inputs)
        if (v.location) located.push_back({v.name, *v.location});
    using P = std::pair<std::string, std::uint32_t>;
    CHECK(located == std::vector<P>{P{"input.m0", 0}, P{"input.m1", 1}, P{"input.pi.c3", 2}});
    for (const oneshader::StageVariable& v : r.reflection->entry_points[0].inputs)
        if (v.name == "input.m1") CHECK(v.components == 3);
}

TEST_CASE("GetAttributeAtVertex: MSL and WGSL refuse it at the call, OSH5101 and OSH5202") {
    for (auto [target, code] : {std::pair{oneshader::Target::Msl, "OSH5101"}, std::pair{oneshader::Target::Wgsl, "OSH5202"}}) {
        oneshader::CompileOptions o;
        o.entry_points = {{"main", Stage::Pixel}};
        o.targets = {target};
        oneshader::CompileResult r = oneshader::compile(kStruct, "t.hlsl", o);
        std::string d = diagnostics_text(r);
        INFO(d);
        CHECK(r.blobs.empty());
        REQUIRE(!r.diagnostics.empty());
        CHECK(r.diagnostics[0].code == code);
        CHECK(r.diagnostics[0].position.line == 9);  // the first call
        CHECK(contains(r.diagnostics[0].message, "GetAttributeAtVertex"));
    }
}
