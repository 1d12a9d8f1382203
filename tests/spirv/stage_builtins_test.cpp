// Stage I/O as DXC writes it for Vulkan, from HLSL source through the whole compiler: the
// [[vk::builtin]] names, system values beyond the basic ones (SV_ViewID, SV_ShadingRate,
// SV_Barycentrics, SV_StencilRef, SV_Coverage, SV_InnerCoverage), built-ins mixed with
// [[vk::location]] members, bool varyings through uint, and system-value semantics DXC reads as
// ordinary attributes. Every module, optimized and not, must pass the validator (Vulkan 1.2).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace {

using spirv_tools::has_line;

struct Compiled {
    std::vector<oneshader::Diagnostic> diagnostics;
    std::string text;  // disassembly of the requested entry point (optimized)
};

std::string diagnostics_text(const oneshader::CompileResult& r) {
    std::string s;
    for (const oneshader::Diagnostic& d : r.diagnostics) s += d.to_string() + "\n";
    return s;
}

// Compiles entry `entry` (stage `stage`) optimized and not, validates both, and returns the
// optimized disassembly.
Compiled spirv_of(const std::string& source, const std::string& entry, oneshader::Stage stage,
                  spv_target_env env = SPV_ENV_VULKAN_1_2,
                  oneshader::SpirvTargetEnv target_env = oneshader::SpirvTargetEnv::Vulkan1_2) {
    Compiled out;
    for (bool optimize : {false, true}) {
        oneshader::CompileOptions o;
        o.entry_points = {{entry, stage}};
        o.optimize = optimize;
        o.spirv.target_env = target_env;
        oneshader::CompileResult r = oneshader::compile(source, "t.hlsl", o);
        INFO(diagnostics_text(r));
        REQUIRE(r.blobs.size() == 1);
        std::vector<std::uint32_t> words = spirv_tools::words_of(r.blobs[0]);
        std::string text = spirv_tools::disassemble(words, env);
        INFO(text);
        CHECK(spirv_tools::validate(words, env) == "");
        if (optimize) {
            out.text = text;
            out.diagnostics = r.diagnostics;
        }
    }
    return out;
}

// The diagnostics of a compile that must fail (no blobs).
std::string errors_of(const std::string& source, const std::string& entry, oneshader::Stage stage) {
    oneshader::CompileOptions o;
    o.entry_points = {{entry, stage}};
    oneshader::CompileResult r = oneshader::compile(source, "t.hlsl", o);
    CHECK(r.blobs.empty());
    return diagnostics_text(r);
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

using oneshader::Stage;

const char* kPointSize = R"(
struct VSIn { [[vk::location(0)]] float3 pos : POSITION; [[vk::location(1)]] float4 col : COLOR0; };
struct VSOut {
    float4 pos : SV_Position;
    [[vk::location(0)]] float4 col : COLOR0;
    [[vk::builtin("PointSize")]] float size : PSIZE;
    [[vk::location(3)]] float2 uv : TEXCOORD0;
};
VSOut VSMain(VSIn i) {
    VSOut o; o.pos = float4(i.pos, 1); o.col = i.col; o.size = 4; o.uv = i.pos.xy; return o;
}
float4 PSMain(VSOut i) : SV_Target { return i.col + i.uv.x; }
)";

TEST_CASE("[[vk::builtin(\"PointSize\")]] is a built-in output that needs no location", "[spirv][stage-io]") {
    // Before: OSH0343, "some outputs have [[vk::location]] and some do not".
    Compiled vs = spirv_of(kPointSize, "VSMain", Stage::Vertex);
    CHECK(contains(vs.text, "BuiltIn PointSize"));
    CHECK(contains(vs.text, "Location 3"));
    CHECK(vs.diagnostics.empty());
}

TEST_CASE("a PointSize member read by the pixel shader is left out with a warning", "[spirv][stage-io]") {
    // Vulkan has no point size in fragment shaders; the shared struct still compiles.
    Compiled ps = spirv_of(kPointSize, "PSMain", Stage::Pixel);
    CHECK_FALSE(contains(ps.text, "PointSize"));
    REQUIRE(ps.diagnostics.size() == 1);
    CHECK(ps.diagnostics[0].code == "OSH0353");
}

TEST_CASE("draw parameters, device index and helper invocation are [[vk::builtin]] inputs", "[spirv][stage-io]") {
    Compiled vs = spirv_of(R"(
float4 main([[vk::builtin("BaseVertex")]] int bv : A, [[vk::builtin("BaseInstance")]] uint bi : B,
            [[vk::builtin("DrawIndex")]] uint di : C, [[vk::builtin("DeviceIndex")]] uint dev : D,
            uint start : SV_StartVertexLocation) : SV_Position {
    return float4(bv, bi, di, dev + start);
})", "main", Stage::Vertex);
    for (const char* b : {"BaseVertex", "BaseInstance", "DrawIndex", "DeviceIndex"})
        CHECK(contains(vs.text, std::string("BuiltIn ") + b));
    CHECK(has_line(vs.text, "OpCapability DrawParameters"));
    CHECK(has_line(vs.text, "OpCapability DeviceGroup"));
    // Core in SPIR-V 1.3: no extension for Vulkan 1.2, as DXC.
    CHECK_FALSE(contains(vs.text, "SPV_KHR_shader_draw_parameters"));

    Compiled old = spirv_of(R"(
float4 main([[vk::builtin("DrawIndex")]] uint di : C, uint view : SV_ViewID) : SV_Position { return di + view; })",
                            "main", Stage::Vertex, SPV_ENV_VULKAN_1_0, oneshader::SpirvTargetEnv::Vulkan1_0);
    CHECK(contains(old.text, "OpExtension \"SPV_KHR_shader_draw_parameters\""));
    CHECK(contains(old.text, "OpExtension \"SPV_KHR_multiview\""));

    Compiled ps = spirv_of(R"(
float4 main([[vk::builtin("HelperInvocation")]] bool helper : H) : SV_Target { return helper ? 0 : 1; })",
                           "main", Stage::Pixel);
    CHECK(contains(ps.text, "BuiltIn HelperInvocation"));
    CHECK(contains(ps.text, "OpTypePointer Input %bool"));
}

TEST_CASE("SV_ViewID is ViewIndex with MultiView in vertex and pixel shaders", "[spirv][stage-io]") {
    Compiled vs = spirv_of("float4 main(uint v : SV_ViewID) : SV_Position { return v; }", "main", Stage::Vertex);
    CHECK(contains(vs.text, "BuiltIn ViewIndex"));
    CHECK(has_line(vs.text, "OpCapability MultiView"));
    Compiled ps = spirv_of("float4 main(uint v : SV_ViewID) : SV_Target { return v; }", "main", Stage::Pixel);
    CHECK(contains(ps.text, "BuiltIn ViewIndex"));
    CHECK(contains(ps.text, "Flat"));
}

TEST_CASE("SV_ShadingRate is PrimitiveShadingRateKHR out of a vertex shader and ShadingRateKHR into a pixel shader",
          "[spirv][stage-io]") {
    Compiled vs = spirv_of(R"(
struct O { float4 p : SV_Position; uint rate : SV_ShadingRate; };
O main(float4 p : P) { O o; o.p = p; o.rate = 5; return o; })", "main", Stage::Vertex);
    CHECK(contains(vs.text, "BuiltIn PrimitiveShadingRateKHR"));
    CHECK(has_line(vs.text, "OpCapability FragmentShadingRateKHR"));
    CHECK(contains(vs.text, "OpExtension \"SPV_KHR_fragment_shading_rate\""));
    Compiled ps = spirv_of("float4 main(uint r : SV_ShadingRate) : SV_Target { return r; }", "main", Stage::Pixel);
    CHECK(contains(ps.text, "BuiltIn ShadingRateKHR"));
}

TEST_CASE("SV_Barycentrics is BaryCoordKHR, and BaryCoordNoPerspKHR when noperspective", "[spirv][stage-io]") {
    Compiled ps = spirv_of(R"(
float4 main(float3 b : SV_Barycentrics, noperspective centroid float3 n : SV_Barycentrics1) : SV_Target {
    return float4(b + n, 1);
})", "main", Stage::Pixel);
    CHECK(contains(ps.text, "BuiltIn BaryCoordKHR"));
    CHECK(contains(ps.text, "BuiltIn BaryCoordNoPerspKHR"));
    CHECK(contains(ps.text, "Centroid"));
    CHECK(has_line(ps.text, "OpCapability FragmentBarycentricKHR"));
    CHECK(contains(ps.text, "OpExtension \"SPV_KHR_fragment_shader_barycentric\""));

    CHECK(contains(errors_of("float4 main(float3 a : SV_Barycentrics0, float3 b : SV_Barycentrics1) : SV_Target "
                             "{ return a.x + b.x; }",
                             "main", Stage::Pixel),
                   "OSH0315"));
    CHECK(contains(errors_of("float4 main(float2 a : SV_Barycentrics) : SV_Target { return a.x; }", "main",
                             Stage::Pixel),
                   "float3"));
}

TEST_CASE("SV_Position is four 32-bit floats and SV_Depth one, as Vulkan's built-ins need", "[spirv][stage-io]") {
    // A fuzz finding: a float2 SV_Position vertex output was a two-component Position, an invalid module.
    std::string vs = errors_of("float2 main() : SV_Position { return 0; }", "main", Stage::Vertex);
    CHECK(contains(vs, "OSH0315"));
    CHECK(contains(vs, "t.hlsl(1,"));
    CHECK(contains(vs, "needs the type float4, not 'float2'"));
    CHECK(contains(errors_of("struct O { float3 p : SV_POSITION; }; O main() { O o = (O)0; return o; }", "main",
                             Stage::Vertex),
                   "float4"));
    CHECK(contains(errors_of("float4 main(int4 p : SV_Position) : SV_Target { return p; }", "main", Stage::Pixel),
                   "needs the type float4, not 'int4'"));
    spirv_of("float main(float4 p : SV_Position) : SV_Depth { return p.z; }", "main", Stage::Pixel);
    CHECK(contains(errors_of("float2 main(float4 p : SV_Position) : SV_Depth { return p.zw; }", "main", Stage::Pixel),
                   "needs the type float, not 'float2'"));
    // A vertex input named SV_Position is the application's data: any type.
    spirv_of("float4 main(float2 p : SV_Position) : SV_Position { return float4(p, 0, 1); }", "main", Stage::Vertex);
    spirv_of("float main(min16float4 p : SV_Position) : SV_DepthGreaterEqual { return p.z; }", "main", Stage::Pixel);
}

TEST_CASE("stencil export, coverage in and out, and inner coverage", "[spirv][stage-io]") {
    Compiled ps = spirv_of(R"(
float4 main(uint cov : SV_Coverage, uint inner : SV_InnerCoverage, out uint mask : SV_Coverage,
            out uint stencil : SV_StencilRef) : SV_Target {
    mask = cov & 1; stencil = inner + 2; return 1;
})", "main", Stage::Pixel);
    CHECK(contains(ps.text, "BuiltIn FragStencilRefEXT"));
    CHECK(has_line(ps.text, "OpCapability StencilExportEXT"));
    CHECK(contains(ps.text, "OpExtension \"SPV_EXT_shader_stencil_export\""));
    CHECK(contains(ps.text, "BuiltIn SampleMask"));
    CHECK(contains(ps.text, "_arr_uint_uint_1"));
    CHECK(contains(ps.text, "BuiltIn FullyCoveredEXT"));
    CHECK(has_line(ps.text, "OpCapability FragmentFullyCoveredEXT"));
    CHECK(contains(ps.text, "OpExtension \"SPV_EXT_fragment_fully_covered\""));
    // FullyCoveredEXT is a bool, converted to the uint the shader declares.
    CHECK(contains(ps.text, "OpTypePointer Input %bool"));
    CHECK(contains(errors_of("float4 main(float c : SV_InnerCoverage) : SV_Target { return c; }", "main", Stage::Pixel),
                   "uint"));
}

TEST_CASE("bool varyings are uint variables, flat, converted at the copy", "[spirv][stage-io]") {
    const char* src = R"(
struct V { float4 p : SV_Position; bool lit : LIT; bool2 mask : MASK; };
V VSMain(float4 p : P) { V v; v.p = p; v.lit = p.x > 0; v.mask = bool2(p.y > 0, p.z > 0); return v; }
float4 PSMain(V v) : SV_Target { return v.lit && v.mask.y ? 1 : 0; }
)";
    Compiled vs = spirv_of(src, "VSMain", Stage::Vertex);
    CHECK(contains(vs.text, "OpTypePointer Output %uint"));
    CHECK(contains(vs.text, "OpTypePointer Output %v2uint"));
    Compiled ps = spirv_of(src, "PSMain", Stage::Pixel);
    CHECK(contains(ps.text, "OpTypePointer Input %uint"));
    CHECK(contains(ps.text, "Flat"));
    CHECK_FALSE(contains(ps.text, "OpTypePointer Input %bool"));
}

TEST_CASE("system values DXC reads as attributes get locations", "[spirv][stage-io]") {
    // SV_Position, SV_ClipDistance and SV_InstanceID are vertex data on a vertex input, and
    // SV_InstanceID passed on to the pixel shader is a plain varying.
    const char* src = R"(
struct VSIn { float4 pos : SV_Position; float2 clip : SV_ClipDistance0; uint inst : SV_InstanceID; };
struct VSOut { float4 pos : SV_Position; uint inst : SV_InstanceID; };
VSOut VSMain(VSIn i) { VSOut o; o.pos = i.pos + i.clip.x; o.inst = i.inst; return o; }
float4 PSMain(VSOut i) : SV_Target { return i.inst; }
)";
    Compiled vs = spirv_of(src, "VSMain", Stage::Vertex);
    CHECK(contains(vs.text, "Location 0"));
    CHECK(contains(vs.text, "Location 1"));
    CHECK(contains(vs.text, "BuiltIn InstanceIndex"));
    CHECK(contains(vs.text, "BuiltIn Position"));
    CHECK_FALSE(contains(vs.text, "BuiltIn ClipDistance"));
    Compiled ps = spirv_of(src, "PSMain", Stage::Pixel);
    CHECK(contains(ps.text, "Location 0"));
    CHECK_FALSE(contains(ps.text, "InstanceIndex"));
}

TEST_CASE("[[vk::builtin]] misuse is refused with DXC's rules", "[spirv][stage-io]") {
    CHECK(contains(errors_of("float4 main([[vk::builtin(\"PointSize\")]] float s : S) : SV_Position { return s; }",
                             "main", Stage::Vertex),
                   "OSH0316"));
    CHECK(contains(errors_of("float4 main([[vk::builtin(\"BaseVertex\")]] float s : S) : SV_Position { return s; }",
                             "main", Stage::Vertex),
                   "uint or int"));
    CHECK(contains(errors_of("float4 main([[vk::builtin(\"ViewportMaskNV\")]] uint s : S) : SV_Position { return s; }",
                             "main", Stage::Vertex),
                   "OSH0319"));
    CHECK(contains(errors_of("float4 main([[vk::location(2), vk::builtin(\"DrawIndex\")]] uint s : S) : SV_Position "
                             "{ return s; }",
                             "main", Stage::Vertex),
                   "cannot be used together"));
}

TEST_CASE("reflection names the new built-ins and gives them no location", "[spirv][stage-io][reflect]") {
    oneshader::CompileOptions o;
    o.entry_points = {{"VSMain", Stage::Vertex}};
    oneshader::CompileResult r = oneshader::compile(kPointSize, "t.hlsl", o);
    REQUIRE(r.reflection);
    REQUIRE(r.reflection->entry_points.size() == 1);
    bool found = false;
    for (const oneshader::StageVariable& v : r.reflection->entry_points[0].outputs)
        if (v.name == "@result.size") {
            found = true;
            CHECK(v.built_in == oneshader::BuiltIn::PointSize);
            CHECK_FALSE(v.location.has_value());
        }
    CHECK(found);
}

}  // namespace

namespace {

std::string text_of(const std::string& source, const std::string& entry, oneshader::Stage stage,
                    oneshader::Target target, std::string* diagnostics) {
    oneshader::CompileOptions o;
    o.entry_points = {{entry, stage}};
    o.targets = {target};
    oneshader::CompileResult r = oneshader::compile(source, "t.hlsl", o);
    *diagnostics = diagnostics_text(r);
    return r.blobs.size() == 1 ? std::string(r.blobs[0].as_text()) : std::string();
}

TEST_CASE("MSL and WGSL express the stage built-ins they have and name the others", "[msl][wgsl][stage-io]") {
    const char* bary = "float4 main(float3 b : SV_Barycentrics, noperspective float3 n : SV_Barycentrics1) : SV_Target "
                       "{ return float4(b + n, 1); }";
    std::string d;
    std::string msl = text_of(bary, "main", Stage::Pixel, oneshader::Target::Msl, &d);
    CHECK(contains(msl, "[[barycentric_coord]]"));
    CHECK(contains(msl, "[[barycentric_coord, center_no_perspective]]"));
    CHECK(text_of(bary, "main", Stage::Pixel, oneshader::Target::Wgsl, &d).empty());
    CHECK(contains(d, "OSH5202"));
    CHECK(contains(d, "barycentrics"));

    const char* helper = "float4 main([[vk::builtin(\"HelperInvocation\")]] bool h : H) : SV_Target { return h; }";
    CHECK(text_of(helper, "main", Stage::Pixel, oneshader::Target::Msl, &d).empty());
    CHECK(contains(d, "OSH5101"));
    CHECK(contains(d, "helper_invocation"));

    // A bool varying is a flat u32 in WGSL; SV_Coverage is sample_mask.
    const char* varying = "float4 main(bool lit : LIT, uint cov : SV_Coverage) : SV_Target { return lit ? cov : 0; }";
    std::string wgsl = text_of(varying, "main", Stage::Pixel, oneshader::Target::Wgsl, &d);
    INFO(d);
    CHECK(contains(wgsl, "@interpolate(flat) in_in_LIT: u32"));
    CHECK(contains(wgsl, "@builtin(sample_mask)"));
}

}  // namespace
