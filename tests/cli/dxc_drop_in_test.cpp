// The tool as a drop-in for `dxc -spirv`: output folders made, -Fc, every refusal at once,
// '/' spellings, the register-overlap warning and -WX, the diagnostic forms.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>

#include "tool_process.hpp"

using cli_test::run_tool;
using cli_test::ScratchDir;

namespace {

const char* kOverlap = R"(Texture2D<float4> Albedo : register(t0);
SamplerState Linear : register(s0);
cbuffer PerDraw : register(b0) { float4 Tint; };
float4 main(float2 uv : TEXCOORD0) : SV_Target { return Albedo.Sample(Linear, uv) * Tint; }
)";

}  // namespace

TEST_CASE("drop-in: -Fo into a missing folder creates it, and -Fc writes the disassembly") {
    ScratchDir dir;
    dir.write("a.hlsl", kOverlap);
    auto r = run_tool({"-T", "ps_6_0", "-E", "main", "-fvk-t-shift", "100", "0", "-fvk-s-shift", "200", "0", "a.hlsl",
                       "-Fo", "out/deep/a.spv", "-Fc", "listings/a.spvasm"},
                      dir.path());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(dir.exists("out/deep/a.spv"));
    std::string text = dir.read("listings/a.spvasm");
    CHECK(text.find("OpDecorate %Albedo Binding 100") != std::string::npos);
    CHECK(text.find("OpDecorate %Linear Binding 200") != std::string::npos);
    CHECK(text.find("OpDecorate %PerDraw Binding 0") != std::string::npos);
}

TEST_CASE("drop-in: every refused option is reported in one run") {
    ScratchDir dir;
    dir.write("a.hlsl", kOverlap);
    auto r = run_tool({"-T", "ps_6_0", "-Fe", "a.txt", "-fvk-allow-rwstructuredbuffer-arrays", "-Frs", "rs", "-Wall", "a.hlsl"}, dir.path());
    CHECK(r.exit_code == 2);
    CHECK(r.err ==
          "oneshader: error: option '-Fe' is a DXC option oneshader does not support. Remove it.\n"
          "oneshader: error: option '-fvk-allow-rwstructuredbuffer-arrays' is not supported. Of the -fvk-* options oneshader "
          "takes the register shifts and bindings (-fvk-b/t/u/s-shift, -fvk-bind-register, -fvk-bind-globals, "
          "-fvk-bind-resource-heap, -fvk-bind-sampler-heap, -fvk-bind-counter-heap, -fvk-auto-shift-bindings), -fvk-invert-y, -fvk-use-dx-position-w, -fvk-stage-io-order=, -fvk-support-nonzero-base-vertex/-instance "
          "and the layout flags -fvk-use-dx-layout, -fvk-use-gl-layout and -fvk-use-scalar-layout; remove it, or express it in the shader ([[vk::location]], "
          "[[vk::offset]]).\n"
          "oneshader: error: option '-Frs' is a DXC option oneshader does not support. Remove it. Run 'oneshader "
          "--help' for the options.\n");
}

TEST_CASE("drop-in: '/' spellings and harmless flags run as DXC's") {
    ScratchDir dir;
    dir.write("a.hlsl", kOverlap);
    auto r = run_tool({"/T", "ps_6_0", "/E", "main", "-Wno-conversion", "-Gis", "-Vd", "-Qunused-arguments", "-Fd",
                       "a.pdb", "-fvk-t-shift", "100", "all", "-fvk-s-shift", "200", "all", "a.hlsl", "/Fo", "a.spv"},
                      dir.path());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(dir.exists("a.spv"));
    CHECK_FALSE(dir.exists("a.pdb"));
}

TEST_CASE("drop-in: registers of different classes on one binding warn, and -WX makes it an error") {
    ScratchDir dir;
    dir.write("a.hlsl", kOverlap);
    auto r = run_tool({"-T", "ps_6_0", "-E", "main", "a.hlsl", "-Fo", "a.spv"}, dir.path());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("a.hlsl(3,9): warning OSH0351: 'PerDraw' (register b0, space0) and 'Albedo' (register t0, "
                     "space0) both land on descriptor set 0 binding 0") != std::string::npos);
    auto wx = run_tool({"-T", "ps_6_0", "-E", "main", "-WX", "a.hlsl", "-Fo", "b.spv"}, dir.path());
    CHECK(wx.exit_code == 1);
    CHECK(wx.err.find("error OSH0351") != std::string::npos);
    CHECK_FALSE(dir.exists("b.spv"));
}

TEST_CASE("drop-in: -fdiagnostics-format=clang, the caret on request and --diagnostics-json") {
    ScratchDir dir;
    dir.write("a.hlsl", kOverlap);
    auto clang = run_tool({"-T", "ps_6_0", "-fdiagnostics-format=clang", "-fcaret-diagnostics", "-fno-color-diagnostics",
                           "a.hlsl", "-Fo", "a.spv"},
                          dir.path());
    CHECK(clang.err.find("a.hlsl:3:9: warning: 'PerDraw' (register b0, space0)") != std::string::npos);
    CHECK(clang.err.find("[OSH0351]\ncbuffer PerDraw : register(b0) { float4 Tint; };\n        ^") != std::string::npos);
    auto json = run_tool({"-T", "ps_6_0", "--diagnostics-json", "a.hlsl", "-Fo", "a.spv"}, dir.path());
    CHECK(json.err.starts_with("[\n  {\"code\": \"OSH0351\", \"severity\": \"warning\", \"file\": \"a.hlsl\", \"line\": 3"));
    CHECK(run_tool({"-fdiagnostics-format=vs", "a.hlsl"}, dir.path()).exit_code == 2);
}
