// DXC's buffer layout flags (-fvk-use-gl-layout, -fvk-use-dx-layout, -fvk-use-scalar-layout):
// the offsets, strides and matrix strides below are the ones DXC's CodeGenSPIRV layout tests
// check (vk.layout.sbuffer.fxc, vk.layout.cbuffer.fxc.*, vk.layout.struct.*, the scalar-layout
// struct-size test), read back from our SPIR-V's decorations. Every module passes spirv-val with
// the block-layout rule the flag needs (scalar block layout for DX and scalar), and reflection
// reports the same offsets.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::BufferLayoutRules;
using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

using spirv_tools::has_line;

namespace {

// `main` as a pixel (or compute) shader under `rules`, optimized and not; both validate. Returns the
// disassembly of the unoptimized module (which keeps every buffer member's decorations).
std::string compile(const std::string& source, BufferLayoutRules rules,
                    oneshader::Stage stage = oneshader::Stage::Pixel) {
    CompileOptions o;
    o.buffer_layout = rules;
    o.entry_points = {{"main", stage}};
    o.verify_ir = true;
    std::string text;
    for (bool optimize : {true, false}) {
        o.optimize = optimize;
        oneshader::CompileResult r = oneshader::compile(source, "layout.hlsl", o);
        INFO(diagnostics_of(r));
        REQUIRE(r.ok());
        const oneshader::ShaderBlob* blob = r.find("main", oneshader::Target::SpirV);
        REQUIRE(blob != nullptr);
        std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
        bool scalar = rules == BufferLayoutRules::DX || rules == BufferLayoutRules::Scalar;
        CHECK(spirv_tools::validate(words, SPV_ENV_VULKAN_1_2, scalar) == "");
        text = spirv_tools::disassemble(words);
    }
    return text;
}

void check_lines(const std::string& text, const std::vector<std::string>& lines) {
    INFO(text);
    for (const std::string& line : lines) {
        INFO(line);
        CHECK(has_line(text, line));
    }
}

std::string first_error(const std::string& source, BufferLayoutRules rules) {
    CompileOptions o;
    o.buffer_layout = rules;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    oneshader::CompileResult r = oneshader::compile(source, "layout.hlsl", o);
    REQUIRE_FALSE(r.ok());
    return r.diagnostics.at(0).to_string();
}

// The member types of DXC's structured-buffer test, in its order: every scalar, vector, matrix
// and array kind, with doubles between floats.
const char* kEveryKind = R"(
struct Kinds {
    float a0; double a1; float3 a2; float3 a3; double3 a4; double3 a5;
    float2x3 a6; row_major float2x3 a7; float3x2 a8; row_major float3x2 a9;
    float a10[1]; double a11[2]; float3 a12[1]; float3 a13[2]; double3 a14[3]; double3 a15[4];
    float2x3 a16[1]; row_major float2x3 a17[2]; float3x2 a18[3]; row_major float3x2 a19[4];
};
)";

}  // namespace

TEST_CASE("layout flag -fvk-use-dx-layout packs structured buffers as D3D does", "[layout-rules]") {
    std::string text = compile(std::string(kEveryKind) + R"(
StructuredBuffer<Kinds> Items;
float4 main() : SV_Target { return float4(Items[0].a0, 0, 0, 1); }
)",
                               BufferLayoutRules::DX);
    check_lines(text, {
                          "OpMemberDecorate %Kinds 0 Offset 0",         "OpMemberDecorate %Kinds 1 Offset 8",
                          "OpMemberDecorate %Kinds 2 Offset 16",        "OpMemberDecorate %Kinds 3 Offset 28",
                          "OpMemberDecorate %Kinds 4 Offset 40",        "OpMemberDecorate %Kinds 5 Offset 64",
                          "OpMemberDecorate %Kinds 6 Offset 88",        "OpMemberDecorate %Kinds 6 MatrixStride 8",
                          "OpMemberDecorate %Kinds 6 RowMajor",         "OpMemberDecorate %Kinds 7 Offset 112",
                          "OpMemberDecorate %Kinds 7 MatrixStride 12",  "OpMemberDecorate %Kinds 7 ColMajor",
                          "OpMemberDecorate %Kinds 8 Offset 136",       "OpMemberDecorate %Kinds 8 MatrixStride 12",
                          "OpMemberDecorate %Kinds 9 Offset 160",       "OpMemberDecorate %Kinds 9 MatrixStride 8",
                          "OpMemberDecorate %Kinds 10 Offset 184",      "OpMemberDecorate %Kinds 11 Offset 192",
                          "OpMemberDecorate %Kinds 12 Offset 208",      "OpMemberDecorate %Kinds 13 Offset 220",
                          "OpMemberDecorate %Kinds 14 Offset 248",      "OpMemberDecorate %Kinds 15 Offset 320",
                          "OpMemberDecorate %Kinds 16 Offset 416",      "OpMemberDecorate %Kinds 17 Offset 440",
                          "OpMemberDecorate %Kinds 18 Offset 488",      "OpMemberDecorate %Kinds 19 Offset 560",
                          "OpMemberDecorate %Kinds 19 MatrixStride 8",  "OpDecorate %_runtimearr_Kinds ArrayStride 656",
                      });
    // Arrays are as tight as their elements.
    for (const char* line : {"ArrayStride 4", "ArrayStride 8", "ArrayStride 12", "ArrayStride 24"})
        CHECK(text.find(line) != std::string::npos);
}

TEST_CASE("layout flag -fvk-use-dx-layout packs an array of structs and what follows it tightly", "[layout-rules]") {
    std::string text = compile(std::string(kEveryKind) + R"(
struct Outer {
    float b0; Kinds b1[2]; float b2[1]; float3 b3[1]; float3 b4; float2x3 b5[1]; float3 b6; double b7[2];
    float2x3 b8; double3 b9; row_major float2x3 b10; row_major float2x3 b11[2]; float3x2 b12;
    row_major float3x2 b13; float3 b14[2]; float3x2 b15[3]; double3 b16[3]; row_major float3x2 b17[4];
    double3 b18; double3 b19[4]; double b20;
};
StructuredBuffer<Outer> Items;
float4 main() : SV_Target { return float4(Items[0].b0, 0, 0, 1); }
)",
                               BufferLayoutRules::DX);
    check_lines(text, {
                          "OpMemberDecorate %Outer 0 Offset 0",     "OpMemberDecorate %Outer 1 Offset 8",
                          "OpMemberDecorate %Outer 2 Offset 1320",  "OpMemberDecorate %Outer 3 Offset 1324",
                          "OpMemberDecorate %Outer 4 Offset 1336",  "OpMemberDecorate %Outer 5 Offset 1348",
                          "OpMemberDecorate %Outer 6 Offset 1372",  "OpMemberDecorate %Outer 7 Offset 1384",
                          "OpMemberDecorate %Outer 8 Offset 1400",  "OpMemberDecorate %Outer 9 Offset 1424",
                          "OpMemberDecorate %Outer 10 Offset 1448", "OpMemberDecorate %Outer 11 Offset 1472",
                          "OpMemberDecorate %Outer 12 Offset 1520", "OpMemberDecorate %Outer 13 Offset 1544",
                          "OpMemberDecorate %Outer 14 Offset 1568", "OpMemberDecorate %Outer 15 Offset 1592",
                          "OpMemberDecorate %Outer 16 Offset 1664", "OpMemberDecorate %Outer 17 Offset 1736",
                          "OpMemberDecorate %Outer 18 Offset 1832", "OpMemberDecorate %Outer 19 Offset 1856",
                          "OpMemberDecorate %Outer 20 Offset 1952", "OpDecorate %_runtimearr_Outer ArrayStride 1960",
                          "OpDecorate %_arr_Kinds_uint_2 ArrayStride 656",
                      });
}

TEST_CASE("layout flag -fvk-use-dx-layout packs cbuffers by FXC's rules", "[layout-rules]") {
    SECTION("a member after an array or a struct uses the padding of its last row") {
        std::string text = compile(R"(
struct One { float x; };
struct Mixed { float a; One b; float c; One d; };
cbuffer Params { float p0; float3x2 p1[7]; float p2; Mixed p3; float p4[2]; float p5; };
float4 main() : SV_Target { return float4(p0, p2, p3.c, p5); }
)",
                                   BufferLayoutRules::DX);
        check_lines(text, {
                              // float3x2 is two columns of float3: 16 + 12 bytes, a stride of 32.
                              "OpMemberDecorate %type_ConstantBuffer_Params 0 Offset 0",
                              "OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 16",
                              "OpMemberDecorate %type_ConstantBuffer_Params 1 MatrixStride 16",
                              "OpMemberDecorate %type_ConstantBuffer_Params 2 Offset 236",
                              "OpMemberDecorate %type_ConstantBuffer_Params 3 Offset 240",
                              // Mixed: its struct members start rows; c follows b's one float.
                              "OpMemberDecorate %Mixed 0 Offset 0",
                              "OpMemberDecorate %Mixed 1 Offset 16",
                              "OpMemberDecorate %Mixed 2 Offset 20",
                              "OpMemberDecorate %Mixed 3 Offset 32",
                              // Mixed is 36 bytes, unpadded; p4 starts a row; p5 follows its 20 bytes.
                              "OpMemberDecorate %type_ConstantBuffer_Params 4 Offset 288",
                              "OpMemberDecorate %type_ConstantBuffer_Params 5 Offset 308",
                          });
        CHECK(text.find("ArrayStride 32") != std::string::npos);
    }
    SECTION("vectors still do not cross a 16-byte row") {
        std::string text = compile(R"(
cbuffer Params { float a; float3 b; float2 c; float3 d; };
float4 main() : SV_Target { return float4(b, c.x + d.x + a); }
)",
                                   BufferLayoutRules::DX);
        check_lines(text, {"OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 4", "OpMemberDecorate %type_ConstantBuffer_Params 2 Offset 16",
                           "OpMemberDecorate %type_ConstantBuffer_Params 3 Offset 32"});
    }
    SECTION("a column-major 1xN matrix, one component per row, is refused with advice") {
        std::string e = first_error(R"(
cbuffer Params { float p0; float1x2 p1; float p2; };
float4 main() : SV_Target { return p2; }
)",
                                    BufferLayoutRules::DX);
        CHECK(e.find("OSH0357") != std::string::npos);
        CHECK(e.find("float1x2") != std::string::npos);
        CHECK(e.find("row_major") != std::string::npos);
    }
    SECTION("tbuffer is refused with advice") {
        std::string e = first_error(R"(
tbuffer Params { float p0; };
float4 main() : SV_Target { return p0; }
)",
                                    BufferLayoutRules::DX);
        CHECK(e.find("OSH0357") != std::string::npos);
        CHECK(e.find("cbuffer") != std::string::npos);
    }
}

TEST_CASE("layout flag -fvk-use-gl-layout uses strict std140 and std430", "[layout-rules]") {
    const char* source = R"(
struct Item { float a; float3 b; float c[2]; };
cbuffer Params { float p0; float3 p1; float2 p2; float3x3 p3; };
StructuredBuffer<Item> Items;
float4 main() : SV_Target { return float4(p1, p0 + p2.x + p3[0][0] + Items[0].a); }
)";
    std::string gl = compile(source, BufferLayoutRules::GL);
    check_lines(gl, {
                        // std140: a float3 is aligned to 16, a float2 follows it at 32.
                        "OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 16",
                        "OpMemberDecorate %type_ConstantBuffer_Params 2 Offset 32",
                        "OpMemberDecorate %type_ConstantBuffer_Params 3 Offset 48",
                        // std430: the float3 at 16, the float array (stride 4) at 28, a 48-byte element.
                        "OpMemberDecorate %Item 1 Offset 16",
                        "OpMemberDecorate %Item 2 Offset 28",
                        "OpDecorate %_runtimearr_Item ArrayStride 48",
                    });
    // The default, relaxed rules put the vectors right after the scalar.
    std::string relaxed = compile(source, BufferLayoutRules::Default);
    check_lines(relaxed, {"OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 4", "OpMemberDecorate %Item 1 Offset 4",
                          "OpMemberDecorate %Item 2 Offset 16"});
}

TEST_CASE("layout flag -fvk-use-scalar-layout aligns everything to its component", "[layout-rules]") {
    SECTION("a struct's size is rounded up to its alignment") {
        std::string text = compile(R"(
struct Inner { uint64_t a; int b; };
struct Outer { Inner inner; int c; };
RWStructuredBuffer<Outer> Items;
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { Items[id.x].c = 1; }
)",
                                   BufferLayoutRules::Scalar, oneshader::Stage::Compute);
        check_lines(text, {"OpMemberDecorate %Inner 0 Offset 0", "OpMemberDecorate %Inner 1 Offset 8",
                           "OpMemberDecorate %Outer 0 Offset 0", "OpMemberDecorate %Outer 1 Offset 16",
                           "OpDecorate %_runtimearr_Outer ArrayStride 24"});
    }
    SECTION("cbuffers too") {
        std::string text = compile(R"(
cbuffer Params { float p0; float3 p1; float2 p2; float p3[2]; float p4; };
float4 main() : SV_Target { return float4(p1, p0 + p2.x + p3[1] + p4); }
)",
                                   BufferLayoutRules::Scalar);
        check_lines(text, {"OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 4", "OpMemberDecorate %type_ConstantBuffer_Params 2 Offset 16",
                           "OpMemberDecorate %type_ConstantBuffer_Params 3 Offset 24", "OpMemberDecorate %type_ConstantBuffer_Params 4 Offset 32"});
        CHECK(text.find("ArrayStride 4") != std::string::npos);
    }
}

TEST_CASE("reflection reports the offsets of the layout flag", "[layout-rules]") {
    CompileOptions o;
    o.buffer_layout = BufferLayoutRules::DX;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    oneshader::CompileResult r = oneshader::compile(R"(
cbuffer Params { float p0[2]; float p1; };
float4 main() : SV_Target { return p1; }
)",
                                                    "layout.hlsl", o);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.reflection.has_value());
    REQUIRE(r.reflection->resources.size() == 1);
    const auto& layout = r.reflection->resources[0].layout;
    REQUIRE(layout.has_value());
    // p1 follows the array's 20 bytes (the padding of its last row); the block is 24 bytes.
    REQUIRE(layout->members.size() == 2);
    CHECK(layout->members[0].type.size == 20);
    CHECK(layout->members[0].type.stride == 16);
    CHECK(layout->members[1].offset == 20);
    CHECK(layout->size == 24);
}
