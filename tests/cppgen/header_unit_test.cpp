// The parts of header generation that need no corpus: names, the axes rules, merged diagnostics,
// DXC's blob header, and the errors a generated header reports instead of failing to compile.
#include <catch2/catch.hpp>

#include "cppgen/names.hpp"
#include "oneshader/cpp_header.hpp"

using namespace oneshader;

TEST_CASE("type names follow the spec's Names rule", "[cppgen]") {
    using cppgen::type_name;
    CHECK(type_name("sprite") == "Sprite");
    CHECK(type_name("msdf_text") == "MsdfText");
    CHECK(type_name("ui-rect") == "UiRect");
    CHECK(type_name("vs_main") == "VsMain");
    CHECK(type_name("UI-rect") == "UI_rect");
    CHECK(type_name("Frame") == "Frame");
    CHECK(type_name("2d_sprite") == "_2dSprite");
    CHECK(cppgen::member_name("class") == "class_");
    CHECK(cppgen::member_name("Tint") == "Tint");
    CHECK(cppgen::pascal_case("ALPHA_TEST") == "AlphaTest");
    CHECK(cppgen::snake_case("ALPHA_TEST") == "alpha_test");
    CHECK(cppgen::file_stem("a/b/msdf_text.hlsl") == "msdf_text");
    CHECK(cppgen::string_literal("a\"b\\c\n?") == "\"a\\\"b\\\\c\\n\\?\"");
}

TEST_CASE("axes expand to the cartesian product, first axis slowest", "[cppgen][variants]") {
    VariantPlan plan = plan_variants("ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR", 64, "Material.hlsl");
    REQUIRE(plan.ok());
    REQUIRE(plan.variants.size() == 6);
    std::vector<std::string> names, shown;
    for (const VariantSet& v : plan.variants) {
        names.push_back(v.name);
        shown.push_back(v.shown);
    }
    CHECK(names == std::vector<std::string>{"AlphaTestOff_LightingNone", "AlphaTestOff_LightingLambert",
                                            "AlphaTestOff_LightingPbr", "AlphaTestOn_LightingNone",
                                            "AlphaTestOn_LightingLambert", "AlphaTestOn_LightingPbr"});
    CHECK(shown[5] == "ALPHA_TEST=1, LIGHTING=PBR");
    CHECK(shown[0] == "LIGHTING=NONE");
    // A choice defines the value and NAME_VALUE; a flag that is off defines nothing.
    const VariantSet& pbr = plan.variants[5];
    REQUIRE(pbr.defines.size() == 3);
    CHECK(pbr.defines[0].name == "ALPHA_TEST");
    CHECK(pbr.defines[0].value == "1");
    CHECK(pbr.defines[1].name == "LIGHTING");
    CHECK(pbr.defines[1].value == "PBR");
    CHECK(pbr.defines[2].name == "LIGHTING_PBR");
    CHECK(pbr.defines[2].value == "1");
    CHECK(plan.variants[0].defines.size() == 2);
}

TEST_CASE("malformed axes, repeated names and too many variants are the spec's codes", "[cppgen][variants]") {
    auto code = [](std::string_view axes, std::uint32_t max = 64) {
        VariantPlan plan = plan_variants(axes, max, "M.hlsl");
        return plan.diagnostics.empty() ? std::string() : plan.diagnostics.front().code;
    };
    CHECK(code("ALPHA-TEST") == "OSH0904");
    CHECK(code("LIGHTING=") == "OSH0904");
    CHECK(code("LIGHTING=A||B") == "OSH0904");
    CHECK(code("A;A") == "OSH0906");
    CHECK(code("L=X|X") == "OSH0906");
    CHECK(code("L=PBR;L_PBR") == "OSH0906");
    CHECK(code("A;B;C;D;E;F") == "");
    CHECK(code("A;B;C;D;E;F;G") == "OSH0905");
    CHECK(code("A;B;C;D;E;F;G", 128) == "");
    VariantPlan big = plan_variants("A;B;C;D;E;F;G", 64, "M.hlsl");
    REQUIRE(!big.diagnostics.empty());
    CHECK(big.diagnostics[0].message.find("128 variants") != std::string::npos);
    CHECK(big.diagnostics[0].message.find("--max-variants 128") != std::string::npos);
}

TEST_CASE("a diagnostic several variants share is reported once with the variants", "[cppgen][variants]") {
    VariantPlan plan = plan_variants("ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR", 64, "M.hlsl");
    Diagnostic d;
    d.code = "OSH0300";
    d.position = {"M.hlsl", 38, 29};
    d.message = "'dd' is not declared.";
    std::vector<std::vector<Diagnostic>> per(6);
    per[2].push_back(d);
    per[5].push_back(d);
    std::vector<Diagnostic> merged = merge_variant_diagnostics(per, plan.variants);
    REQUIRE(merged.size() == 1);
    CHECK(merged[0].message == "'dd' is not declared. (variants LIGHTING=PBR; ALPHA_TEST=1, LIGHTING=PBR)");
    for (auto& v : per) v = {d};
    merged = merge_variant_diagnostics(per, plan.variants);
    REQUIRE(merged.size() == 1);
    CHECK(merged[0].message == "'dd' is not declared. (in all 6 variants)");
    for (std::size_t i = 0; i < 6; ++i) per[i] = i == 0 ? std::vector<Diagnostic>{} : std::vector<Diagnostic>{d};
    merged = merge_variant_diagnostics(per, plan.variants);
    CHECK(merged[0].message ==
          "'dd' is not declared. (variants LIGHTING=LAMBERT; LIGHTING=PBR; ALPHA_TEST=1, LIGHTING=NONE and 2 more)");
    per = std::vector<std::vector<Diagnostic>>(6);
    per[3].push_back(d);
    merged = merge_variant_diagnostics(per, plan.variants);
    CHECK(merged[0].message == "'dd' is not declared. (variant ALPHA_TEST=1, LIGHTING=NONE)");
}

TEST_CASE("the blob header of -Fh has DXC's shape", "[cppgen]") {
    std::vector<std::uint8_t> bytes(14);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(i * 17);
    std::string h = write_blob_header(bytes, "; SPIR-V\n; Version: 1.5\n", "g_main");
    CHECK(h == "#if 0\r\n; SPIR-V\r\n; Version: 1.5\r\n\r\n#endif\r\n"
               "\r\nconst unsigned char g_main[] = {\r\n"
               "  0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb,\r\n"
               "  0xcc, 0xdd\r\n};\r\n");
}

namespace {

CompileResult compile_text(std::string_view source, std::string_view path) { return compile(source, path); }

std::string first_error(const CppHeaderResult& r) { return r.diagnostics.empty() ? "" : r.diagnostics[0].to_string(); }

}  // namespace

TEST_CASE("a cbuffer named like the file is OSH0951", "[cppgen]") {
    const char* src = "cbuffer Sky : register(b0) { float4 Color; };\n"
                      "[shader(\"pixel\")] float4 PSMain() : SV_Target { return Color; }\n";
    CompileResult r = compile_text(src, "shaders/Sky.hlsl");
    REQUIRE(r.ok());
    CppHeaderResult h = generate_cpp_header("shaders/Sky.hlsl", r);
    CHECK(!h.ok());
    CHECK(h.text.empty());
    CHECK(first_error(h) == "Sky.hlsl: error OSH0951: the generated header would declare 'Sky' twice in Sky: for the "
                            "file's class and for constant buffer 'Sky'. Rename one of them in the shader, or give the "
                            "header another class name (--class-name).");
    CppHeaderOptions o;
    o.class_name = "SkyShader";
    CHECK(generate_cpp_header("shaders/Sky.hlsl", r, o).ok());
}

TEST_CASE("two HLSL names that make one C++ name are OSH0951", "[cppgen]") {
    const char* src = "Texture2D<float4> ui_rect : register(t0);\nTexture2D<float4> UiRect : register(t1);\n"
                      "SamplerState s : register(s2);\n"
                      "[shader(\"pixel\")] float4 PSMain(float2 uv : TEXCOORD0) : SV_Target {\n"
                      "  return ui_rect.Sample(s, uv) + UiRect.Sample(s, uv); }\n";
    CompileResult r = compile_text(src, "a.hlsl");
    REQUIRE(r.ok());
    CppHeaderResult h = generate_cpp_header("a.hlsl", r);
    CHECK(first_error(h).find("error OSH0951: the generated header would declare 'UiRect' twice in A::Bindings: for "
                              "resource 'ui_rect' and for resource 'UiRect'") != std::string::npos);
}

TEST_CASE("the namespace and class name must be C++ names", "[cppgen]") {
    CompileResult r = compile_text("[shader(\"pixel\")] float4 PSMain() : SV_Target { return 1; }\n", "a.hlsl");
    REQUIRE(r.ok());
    CppHeaderOptions o;
    o.name_space = "game::";
    CHECK(first_error(generate_cpp_header("a.hlsl", r, o)).find("OSH0006") != std::string::npos);
    o.name_space = "game::shaders";
    CHECK(generate_cpp_header("a.hlsl", r, o).ok());
    o.name_space = "";
    std::string global = generate_cpp_header("a.hlsl", r, o).text;
    CHECK(global.find("namespace shaders") == std::string::npos);
    CHECK(global.find("\nstruct A {\n") != std::string::npos);
}

TEST_CASE("a failed compile gives no header", "[cppgen]") {
    CompileResult r = compile_text("[shader(\"pixel\")] float4 PSMain() : SV_Target { return undeclared; }\n", "a.hlsl");
    REQUIRE(!r.ok());
    CHECK(!generate_cpp_header("a.hlsl", r).ok());
}

TEST_CASE("the same compile gives the same header bytes", "[cppgen]") {
    const char* src = "cbuffer Frame : register(b0) { float4x4 M; float3 a; float b; float w[3]; };\n"
                      "[shader(\"vertex\")] float4 VSMain(float3 p : POSITION) : SV_Position { return mul(M, float4(p * a * b * w[1], 1)); }\n";
    std::string a = generate_cpp_header("/one/place/x.hlsl", compile_text(src, "/one/place/x.hlsl")).text;
    std::string b = generate_cpp_header("/another/place/x.hlsl", compile_text(src, "/another/place/x.hlsl")).text;
    REQUIRE(!a.empty());
    CHECK(a == b);
    CHECK(a.find("/one/place") == std::string::npos);
}

TEST_CASE("each variant's SPIR-V is what a compile with its defines gives", "[cppgen][variants]") {
    const std::string file = std::string(ONESHADER_SOURCE_DIR) + "/corpus/spec/Material.hlsl";
    VariantPlan plan = plan_variants("ALPHA_TEST;LIGHTING=NONE|LAMBERT|PBR", 64, "Material.hlsl");
    REQUIRE(plan.ok());
    VariantCompileResult all = compile_variants(file, {}, plan.variants);
    REQUIRE(all.ok());
    REQUIRE(all.results.size() == 6);
    for (std::size_t i : {std::size_t(0), std::size_t(5)}) {
        CompileOptions o;
        o.defines = plan.variants[i].defines;
        CompileResult one = compile_file(file, o);
        REQUIRE(one.ok());
        REQUIRE(one.blobs.size() == all.results[i].blobs.size());
        for (std::size_t b = 0; b < one.blobs.size(); ++b) CHECK(one.blobs[b].data == all.results[i].blobs[b].data);
    }
    CHECK(all.results[0].blobs[1].data != all.results[5].blobs[1].data);
}

TEST_CASE("headers follow the layout flag, and refuse FXC's unpadded arrays", "[cppgen]") {
    CompileOptions o;
    o.buffer_layout = BufferLayoutRules::Scalar;
    const char* tight = "struct Item { float a; float3 b; float2 c; };\nStructuredBuffer<Item> Items : register(t0);\n"
                        "[shader(\"pixel\")] float4 PSMain() : SV_Target { return Items[0].c.x; }\n";
    CompileResult r = compile(tight, "a.hlsl", o);
    REQUIRE(r.ok());
    CppHeaderResult h = generate_cpp_header("a.hlsl", r);
    REQUIRE(h.ok());
    CHECK(h.text.find("static_assert(offsetof(Item, b) == 4") != std::string::npos);
    CHECK(h.text.find("static_assert(offsetof(Item, c) == 16") != std::string::npos);
    CHECK(h.text.find("static_assert(sizeof(Item) == 24") != std::string::npos);

    o.buffer_layout = BufferLayoutRules::DX;
    const char* fxc = "cbuffer Params : register(b0) { float Weights[2]; float Bias; };\n"
                      "[shader(\"pixel\")] float4 PSMain() : SV_Target { return Weights[1] + Bias; }\n";
    r = compile(fxc, "a.hlsl", o);
    REQUIRE(r.ok());
    h = generate_cpp_header("a.hlsl", r);
    CHECK(!h.ok());
    CHECK(first_error(h).find("an array without padding after its last element (-fvk-use-dx-layout's cbuffer "
                              "packing)") != std::string::npos);
}
