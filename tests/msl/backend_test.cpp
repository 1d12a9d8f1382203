// The spec's MSL facts (pages "The MSL backend" and "Compile HLSL to Metal Shading Language"): function
// names, argument indices per class in declaration order, push constants at the next buffer index, function
// constant declarations, the reflection's Msl slots, MTLDataType numbers, and the refusals with their codes.
#include <catch2/catch.hpp>

#include <string>

#include "corpus_files.hpp"
#include "msl_clang.hpp"
#include "msl_source.hpp"
#include "oneshader/oneshader.hpp"

namespace {

oneshader::CompileResult to_msl(const std::string& source, const std::string& entry, oneshader::Stage stage,
                                bool optimize = true) {
    oneshader::CompileOptions o;
    o.targets = {oneshader::Target::Msl};
    o.entry_points = {{entry, stage}};
    o.optimize = optimize;
    return oneshader::compile(source, "test.hlsl", o);
}

std::string text_of(const oneshader::CompileResult& r, const std::string& entry) {
    const oneshader::ShaderBlob* b = r.find(entry, oneshader::Target::Msl);
    return b ? std::string(b->as_text()) : std::string();
}

std::string diagnostics(const oneshader::CompileResult& r) {
    std::string out;
    for (const auto& d : r.diagnostics) out += d.to_string() + "\n";
    return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the sprite sample has the spec's indices, one file per entry point, and passes the type check",
          "[msl][backend]") {
    auto file = corpus::root() / "2d" / "sprite.hlsl";
    oneshader::CompileOptions o = corpus::options_for(file);
    o.targets = {oneshader::Target::Msl};
    oneshader::CompileResult r = oneshader::compile_file(file.generic_string(), o);
    INFO(diagnostics(r));
    REQUIRE(r.blobs.size() == 3);
    std::string vs = text_of(r, "VSMain"), ps = text_of(r, "PSMain");
    CHECK(contains(vs, "vertex VSMain_out VSMain("));
    CHECK(contains(vs, "constant SpriteFrame_mem& SpriteFrame [[buffer(0)]]"));
    CHECK(contains(vs, "const device SpriteInstance_mem* Sprites [[buffer(1)]]"));
    CHECK(contains(vs, "static_assert(sizeof(SpriteFrame_mem) == 80"));
    CHECK(contains(ps, "texture2d<float> Atlas [[texture(0)]]"));
    CHECK(contains(ps, "sampler AtlasSampler [[sampler(0)]]"));
    CHECK(contains(ps, "[[user(locn0)]]"));
    for (const auto& b : r.blobs) {
        std::string text(b.as_text());
        CHECK(msl_test::lint(text).empty());
        msl_test::ClangRun run = msl_test::type_check(text);
        INFO(run.output);
        CHECK(run.status == 0);
    }
    // Reflection's Msl slots are the same indices.
    REQUIRE(r.reflection);
    const auto* atlas = r.reflection->find_resource("Atlas");
    REQUIRE(atlas);
    REQUIRE(atlas->slots.size() == 1);
    CHECK(atlas->slots[0].target == oneshader::Target::Msl);
    CHECK(atlas->slots[0].binding == 0);
    CHECK(r.reflection->find_resource("Sprites")->slots[0].binding == 1);
}

TEST_CASE("main is main0, and mul(a, b) is b * a", "[msl][backend]") {
    auto r = to_msl("float4x4 M; float4 main(float4 p : TEXCOORD0) : SV_Target { return mul(M, p) + mul(p, M); }",
                    "main", oneshader::Stage::Pixel);
    INFO(diagnostics(r));
    std::string t = text_of(r, "main");
    CHECK(contains(t, "fragment main0_out main0("));
    CHECK(contains(t, "constant v_Globals_mem& v_Globals [[buffer(0)]]"));  // $Globals
    CHECK(contains(t, "float4 v = TEXCOORD0;"));                             // the input
    CHECK(contains(t, "((v * v_1) + (v_1 * v))"));                           // mul(M, p) + mul(p, M)
    CHECK(msl_test::type_check(t).status == 0);
    // Reflection gives the function to pass to newFunction(name:), in the model and both written forms.
    REQUIRE(r.reflection);
    const oneshader::EntryPointInfo* e = r.reflection->find_entry_point("main");
    REQUIRE(e);
    CHECK(e->msl_function_name == "main0");
    CHECK(contains(oneshader::write_reflection_file(*r.reflection),
                   "entry name=\"main\" stage=Pixel workgroup=0,0,0 stride=0 msl=\"main0\"\n"));
    CHECK(contains(oneshader::write_reflection_json(*r.reflection),
                   "\"name\": \"main\",\n      \"stage\": \"Pixel\",\n      \"mslFunctionName\": \"main0\",\n"));
    // A name Metal does not reserve is kept.
    auto cs = to_msl("RWStructuredBuffer<uint> O; [numthreads(1, 1, 1)] void CSMain() { O[0] = 1; }", "CSMain",
                     oneshader::Stage::Compute);
    REQUIRE(cs.reflection);
    CHECK(cs.reflection->find_entry_point("CSMain")->msl_function_name == "CSMain");
}

TEST_CASE("a push constant block is constant T& at the next buffer index in declaration order", "[msl][backend]") {
    const char* src =
        "cbuffer A : register(b0) { float4 a; };\n"
        "struct P { float4 scale; uint count; };\n"
        "[[vk::push_constant]] P Push;\n"
        "RWStructuredBuffer<float4> Out : register(u0);\n"
        "[numthreads(8, 1, 1)] void CSMain(uint i : SV_DispatchThreadID) { Out[i] = a * Push.scale + Push.count; }\n";
    auto r = to_msl(src, "CSMain", oneshader::Stage::Compute);
    INFO(diagnostics(r));
    std::string t = text_of(r, "CSMain");
    CHECK(contains(t, "[[buffer(0)]]"));
    CHECK(contains(t, "constant P_mem& Push [[buffer(1)]]"));
    CHECK(contains(t, "device packed_float4* Out [[buffer(2)]]"));
    CHECK(msl_test::type_check(t).status == 0);
    REQUIRE(r.reflection);
    REQUIRE(r.reflection->push_constants.size() == 1);
    REQUIRE(r.reflection->push_constants[0].slots.size() == 1);
    CHECK(r.reflection->push_constants[0].slots[0].binding == 1);
}

TEST_CASE("specialization constants are function constants with their HLSL defaults", "[msl][backend]") {
    const char* src =
        "[[vk::constant_id(3)]] const int Taps = 4;\n"
        "[[vk::constant_id(5)]] const bool Fast = true;\n"
        "RWStructuredBuffer<int> Out : register(u0);\n"
        "[numthreads(1, 1, 1)] void CSMain() { Out[0] = Fast ? Taps : -Taps; }\n";
    auto r = to_msl(src, "CSMain", oneshader::Stage::Compute);
    INFO(diagnostics(r));
    std::string t = text_of(r, "CSMain");
    CHECK(contains(t, "constant int Taps [[function_constant(3)]];"));
    CHECK(contains(t, "constant int Taps_value = is_function_constant_defined(Taps) ? Taps : 4;"));
    CHECK(contains(t, "constant bool Fast [[function_constant(5)]];"));
    CHECK(msl_test::type_check(t).status == 0);
    CHECK(msl_test::type_check(t, {{3, "2"}, {5, "false"}}).status == 0);
    // Reflection: the function-constant index and variable per constant, and the MTLDataType numbers for
    // setConstantValue(_:type:index:) from its type (spec page "Specialization constants": int 29, bool 53).
    REQUIRE(r.reflection);
    REQUIRE(r.reflection->spec_constants.size() == 2);
    const oneshader::SpecConstantInfo& taps = r.reflection->spec_constants[0];
    const oneshader::SpecConstantInfo& fast = r.reflection->spec_constants[1];
    REQUIRE(taps.slots.size() == 1);
    CHECK(taps.slots[0].target == oneshader::Target::Msl);
    CHECK(taps.slots[0].index == 3);
    CHECK(taps.slots[0].name == "Taps");
    CHECK(fast.slots[0].index == 5);
    CHECK(oneshader::metal_data_type(taps.type) == 29);
    CHECK(oneshader::metal_data_type(fast.type) == 53);
    auto fu = to_msl("[[vk::constant_id(0)]] const float Gain = 2.0;\n[[vk::constant_id(1)]] const uint Count = 8u;\n"
                     "RWStructuredBuffer<float> Out : register(u0);\n"
                     "[numthreads(1, 1, 1)] void CSMain() { Out[0] = Gain * Count; }\n",
                     "CSMain", oneshader::Stage::Compute);
    REQUIRE(fu.reflection);
    REQUIRE(fu.reflection->spec_constants.size() == 2);
    CHECK(oneshader::metal_data_type(fu.reflection->spec_constants[0].type) == 3);
    CHECK(oneshader::metal_data_type(fu.reflection->spec_constants[1].type) == 33);
}

TEST_CASE("what Metal cannot express is an OSH51xx error naming the target, never output", "[msl][backend]") {
    struct Case {
        const char* source;
        const char* entry;
        oneshader::Stage stage;
        const char* code;
        const char* message;
    };
    const Case cases[] = {
        {"RWStructuredBuffer<double> B : register(u0);\n[numthreads(1,1,1)] void CSMain() { B[0] = B[1] * 2.0; }",
         "CSMain", oneshader::Stage::Compute, "OSH5102", "MSL has no 64-bit floating-point type"},
        {"struct O { float4 p : SV_Position; float c : SV_CullDistance; };\n"
         "O VSMain(float4 p : POSITION) { O o; o.p = p; o.c = p.x; return o; }",
         "VSMain", oneshader::Stage::Vertex, "OSH5101", "SV_CullDistance"},
        {"RWStructuredBuffer<uint> B : register(u0);\n"
         "[numthreads(1,1,1)] void CSMain() { uint n, s; B.GetDimensions(n, s); B[0] = n; }",
         "CSMain", oneshader::Stage::Compute, "OSH5101", "GetDimensions"},
        {"RWTexture2D<uint> T : register(u0);\n"
         "[numthreads(1,1,1)] void CSMain() { InterlockedAdd(T[uint2(0, 0)], 1); }",
         "CSMain", oneshader::Stage::Compute, "OSH5101", "atomics on textures"},
        {"RWStructuredBuffer<uint> B : register(u0);\n"
         "float4 VSMain(uint v : SV_VertexID) : SV_Position { B[v] = WaveGetLaneIndex(); return 0; }",
         "VSMain", oneshader::Stage::Vertex, "OSH5101", "vertex shader"},
    };
    for (const Case& c : cases) {
        INFO(c.source);
        auto r = to_msl(c.source, c.entry, c.stage);
        std::string all = diagnostics(r);
        INFO(all);
        CHECK(r.blobs.empty());
        CHECK(contains(all, c.code));
        CHECK(contains(all, c.message));
        CHECK(contains(all, "SPIR-V"));
    }
}
