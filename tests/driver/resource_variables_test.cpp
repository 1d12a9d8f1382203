// Resource variables (docs/spirv.md, "Resource variables"): resource locals, `?:` between resources,
// resources returned and written by out parameters, structs with resource members, and global
// structs of resources. Each compile is validated by SPIRV-Tools, optimized and at -O0, for Vulkan
// 1.2 and 1.0; the bindings are read back from the SPIR-V, and reflection must list what the
// module uses. A run-time choice is OSH0403 at the use.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "diagnostics_text.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::CompileResult;
using oneshader::test::diagnostics_of;

namespace {

struct Compiled {
    std::string text;                 // the disassembly
    std::vector<std::string> used;    // reflection: the entry point's used resources
    CompileResult result;
};

Compiled compile_ok(const std::string& source, oneshader::Stage stage, bool optimize,
                    oneshader::SpirvTargetEnv env = oneshader::SpirvTargetEnv::Vulkan1_2) {
    CompileOptions o;
    o.entry_points = {{"main", stage}};
    o.optimize = optimize;
    o.verify_ir = true;
    o.spirv.target_env = env;
    Compiled c;
    c.result = oneshader::compile(source, "resources.hlsl", o);
    INFO(diagnostics_of(c.result));
    REQUIRE(c.result.ok());
    std::vector<std::uint32_t> words = spirv_tools::words_of(*c.result.find("main", oneshader::Target::SpirV));
    c.text = spirv_tools::disassemble(words);
    INFO(c.text);
    CHECK(spirv_tools::validate(words, env == oneshader::SpirvTargetEnv::Vulkan1_0 ? SPV_ENV_VULKAN_1_0
                                                                                  : SPV_ENV_VULKAN_1_2) == "");
    REQUIRE(c.result.reflection);
    for (const oneshader::EntryPointInfo& e : c.result.reflection->entry_points)
        if (e.name == "main") c.used = e.used_resources;
    return c;
}

std::string errors_of(const std::string& source, bool optimize) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.optimize = optimize;
    CompileResult r = oneshader::compile(source, "resources.hlsl", o);
    CHECK_FALSE(r.ok());
    return diagnostics_of(r);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The resource globals the SPIR-V declares: the OpVariables that are no stage variable, local,
// private or workgroup variable (buffers are in StorageBuffer, or Uniform before SPIR-V 1.3).
std::vector<std::string> resource_variables(const std::string& text) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while ((at = text.find(" = OpVariable ", at)) != std::string::npos) {
        std::size_t line = text.rfind('\n', at) + 1;
        std::size_t end = text.find('\n', at);
        std::string l = text.substr(line, end - line);
        std::string storage = l.substr(l.rfind(' ') + 1);
        if (storage != "Input" && storage != "Output" && storage != "Function" && storage != "Private" &&
            storage != "Workgroup") {
            std::size_t name = l.find('%');
            out.push_back(l.substr(name + 1, l.find(' ', name) - name - 1));
        }
        at = end;
    }
    std::sort(out.begin(), out.end());
    return out;
}

const char* kLocals = R"(
[[vk::binding(0)]] Texture2D gA;
[[vk::binding(1)]] Texture2D gB;
[[vk::binding(2)]] SamplerState gS;
[[vk::binding(3)]] RWStructuredBuffer<float> bA;
[[vk::binding(4)]] RWStructuredBuffer<float> bB;
static const int kMode = 1;

Texture2D Pick(int m) { if (m == 1) return gA; return gB; }
void Other(out Texture2D t) { t = kMode == 1 ? gB : gA; }

float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D t = gA;
    float4 c = t.Sample(gS, uv);
    RWStructuredBuffer<float> b = kMode == 1 ? bA : bB;
    b[0] = c.x;
    Texture2D u;
    if (kMode == 1) u = gA; else u = gB;
    c += u.Sample(gS, uv);
    c += Pick(kMode).Sample(gS, uv);
    for (int i = 0; i < 4; ++i) { t = gA; c.x += t.Load(int3(i, 0, 0)).x; }
    c += t.Sample(gS, uv);
    return c;
}
)";

const char* kStructs = R"(
[[vk::binding(0)]] Texture2D gTex;
[[vk::binding(1)]] Texture2D gNormal;
[[vk::binding(2)]] SamplerState gSamp;
struct Layer { Texture2D tex; SamplerState smp; };
struct Material {
    Layer albedo;
    Texture2D normal;
    float scale;
    float4 Shade(float2 uv) { return albedo.tex.Sample(albedo.smp, uv) * scale + normal.Sample(albedo.smp, uv); }
};
Material Make(float scale) {
    Material m;
    m.albedo.tex = gTex;
    m.albedo.smp = gSamp;
    m.normal = gNormal;
    m.scale = scale;
    return m;
}
float4 Twice(Material m, float2 uv) { return m.Shade(uv) + m.Shade(uv * 2); }
void Swap(inout Material m) { Texture2D t = m.normal; m.normal = m.albedo.tex; m.albedo.tex = t; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material m = Make(2.0);
    float4 c = Twice(m, uv);
    Swap(m);
    Material copies[2];
    copies[0] = m;
    copies[1] = Make(0.5);
    return c + copies[0].Shade(uv) + copies[1].albedo.tex.Sample(m.albedo.smp, uv);
}
)";

}  // namespace

TEST_CASE("resource variables: locals, ?:, results and out parameters resolve to one global each",
          "[driver][resources]") {
    for (bool optimize : {false, true})
        for (auto env : {oneshader::SpirvTargetEnv::Vulkan1_2, oneshader::SpirvTargetEnv::Vulkan1_0}) {
            INFO((optimize ? "-O3" : "-O0"));
            Compiled c = compile_ok(kLocals, oneshader::Stage::Pixel, optimize, env);
            // Every choice is constant: gB and bB are used nowhere, and the module does not declare them.
            CHECK(resource_variables(c.text) == std::vector<std::string>{"bA", "gA", "gS"});
            CHECK(spirv_tools::has_line(c.text, "OpDecorate %gA Binding 0"));
            CHECK(spirv_tools::has_line(c.text, "OpDecorate %gS Binding 2"));
            CHECK(spirv_tools::has_line(c.text, "OpDecorate %bA Binding 3"));
            CHECK_FALSE(has(c.text, "OpPhi %_ptr"));
            CHECK_FALSE(has(c.text, "OpSelect %_ptr"));
            // Reflection lists what the module uses, not every resource the source names.
            CHECK(c.used == std::vector<std::string>{"gA", "gS", "bA"});
        }
}

TEST_CASE("resource variables: structs with resource members as locals, parameters, results and objects",
          "[driver][resources]") {
    for (bool optimize : {false, true}) {
        INFO((optimize ? "-O3" : "-O0"));
        Compiled c = compile_ok(kStructs, oneshader::Stage::Pixel, optimize);
        CHECK(resource_variables(c.text) == std::vector<std::string>{"gNormal", "gSamp", "gTex"});
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %gNormal Binding 1"));
        CHECK_FALSE(has(c.text, "OpTypeStruct %type_2d_image"));  // no struct of handles is left
        CHECK(c.used == std::vector<std::string>{"gTex", "gNormal", "gSamp"});
    }
    // The text backends take the same resolved module.
    for (oneshader::Target t : {oneshader::Target::Msl, oneshader::Target::Wgsl}) {
        CompileOptions o;
        o.entry_points = {{"main", oneshader::Stage::Pixel}};
        o.targets = {t};
        CompileResult r = oneshader::compile(kStructs, "resources.hlsl", o);
        INFO(diagnostics_of(r));
        CHECK(r.ok());
    }
}

TEST_CASE("resource variables: a global struct of resources is one binding per member, in member order",
          "[driver][resources]") {
    const char* source = R"(
struct Pair { Texture2D t; SamplerState s; };
struct Textures { Pair base; Texture2D detail; };
Texture2D First;
Textures gMat;
Texture2D After;
[[vk::binding(7, 1)]] Pair gBound;
float4 Sample(Pair p, float2 uv) { return p.t.Sample(p.s, uv); }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return First.Sample(gMat.base.s, uv) + Sample(gMat.base, uv) + gMat.detail.Sample(gBound.s, uv) +
           After.Sample(gMat.base.s, uv) + Sample(gBound, uv);
}
)";
    for (bool optimize : {false, true}) {
        INFO((optimize ? "-O3" : "-O0"));
        Compiled c = compile_ok(source, oneshader::Stage::Pixel, optimize);
        CHECK(spirv_tools::has_line(c.text, "OpName %gMat_base_t \"gMat.base.t\""));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %First Binding 0"));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %gMat_base_t Binding 1"));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %gMat_base_s Binding 2"));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %gMat_detail Binding 3"));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %After Binding 4"));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %gBound_t DescriptorSet 1"));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %gBound_t Binding 7"));
        CHECK(spirv_tools::has_line(c.text, "OpDecorate %gBound_s Binding 8"));
        REQUIRE(c.result.reflection);
        const oneshader::ResourceInfo* detail = c.result.reflection->find_resource("gMat.detail");
        REQUIRE(detail);
        CHECK(detail->slots.at(0).binding == 3);
        CHECK(c.used == std::vector<std::string>{"First", "gMat.base.t", "gMat.base.s", "gMat.detail", "After",
                                                 "gBound.t", "gBound.s"});
    }
    // A member nothing uses is not in the module, nor among the entry point's resources.
    Compiled c = compile_ok(R"(
struct Pair { Texture2D t; SamplerState s; Texture2D unused; };
Pair gPair;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return gPair.t.Sample(gPair.s, uv); }
)",
                            oneshader::Stage::Pixel, false);
    CHECK(resource_variables(c.text) == std::vector<std::string>{"gPair_s", "gPair_t"});
    CHECK(c.used == std::vector<std::string>{"gPair.t", "gPair.s"});
}

TEST_CASE("resource variables: what a global struct of resources may not hold is OSH0350 naming the member",
          "[driver][resources]") {
    std::string mixed = errors_of(R"(
struct S { Texture2D t; float scale; };
S gS;
SamplerState smp;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return gS.t.Sample(smp, uv) * gS.scale; }
)",
                                  true);
    CHECK(has(mixed, "resources.hlsl(3,3): error OSH0350: The member 'gS.scale' of the global 'gS': global structures "
                     "containing both resources and non-resources are not supported"));
    std::string array = errors_of(R"(
struct S { Texture2D t[2]; };
S gS;
SamplerState smp;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return gS.t[0].Sample(smp, uv); }
)",
                                  true);
    CHECK(has(array, "error OSH0350: The member 'gS.t' of the global 'gS': an array of resources inside a global "
                     "struct is not supported"));
    std::string reg = errors_of(R"(
struct S { Texture2D t; SamplerState s; };
S gS : register(t0);
float4 main(float2 uv : TEXCOORD0) : SV_Target { return gS.t.Sample(gS.s, uv); }
)",
                                true);
    CHECK(has(reg, "error OSH0350: register() on the struct of resources 'gS' is not supported"));
}

TEST_CASE("resource variables: a run-time choice is OSH0403 at the use, naming the variable", "[driver][resources]") {
    const char* source = R"(
Texture2D gA;
Texture2D gB;
SamplerState gS;
cbuffer P { uint Mode; };
struct Layer { Texture2D tex; };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D t = gA;
    if (Mode != 0) t = gB;
    float4 c = t.Sample(gS, uv);
    Texture2D u = Mode == 2 ? gA : gB;
    c += u.Sample(gS, uv);
    Layer l;
    if (Mode > 3) l.tex = gA; else l.tex = gB;
    c += l.tex.Sample(gS, uv);
    Texture2D w;
    c += w.Sample(gS, uv);
    return c;
}
)";
    for (bool optimize : {false, true}) {
        std::string d = errors_of(source, optimize);
        INFO(d);
        CHECK(has(d, "resources.hlsl(10,18): error OSH0403: cannot resolve the resource 't' to a single global "
                     "resource here: it holds different resources after a branch or loop whose condition is not a "
                     "compile-time constant. "));
        CHECK(has(d, "make the choice constant, or declare a resource array and index it with the choice."));
        CHECK(has(d, "resources.hlsl(12,12): error OSH0403: cannot resolve the resource 'u' to a single global "
                     "resource here: it is chosen by a '?:' whose condition is not a compile-time constant."));
        CHECK(has(d, "resources.hlsl(15,16): error OSH0403: cannot resolve the resource 'l.tex' to a single global "
                     "resource here: it holds different resources after a branch or loop"));
        CHECK(has(d, "resources.hlsl(17,12): error OSH0403: cannot resolve the resource 'w' to a single global "
                     "resource here: it is not assigned a resource on every path that reaches this use."));
        CHECK(std::count(d.begin(), d.end(), '\n') >= 4);
    }
}

TEST_CASE("resource variables: statics holding resources resolve in each entry point, heap reads included",
          "[driver][resources]") {
    // Bindless code keeps the resources a shader reads from the heap in statics, read by helpers.
    const char* source = R"(
[[vk::binding(0)]] cbuffer Indices { uint TextureIndex; uint SamplerIndex; };
[[vk::binding(1)]] Texture2D gA;
[[vk::binding(2)]] Texture2D gB;
[[vk::binding(3)]] SamplerState gS;
static Texture2D HeapTexture = ResourceDescriptorHeap[TextureIndex];
static SamplerState HeapSampler = SamplerDescriptorHeap[SamplerIndex];
static Texture2D Fixed = gA;
struct Layer { Texture2D tex; float weight; };
static Layer Detail = { gB, 0.25 };
static Texture2D Unset;
float4 FromHeap(float2 uv) { return HeapTexture.Sample(HeapSampler, uv); }
float4 FromDetail(float2 uv) { return Detail.tex.Sample(gS, uv) * Detail.weight; }
float4 Cached(float2 uv) {
    static Texture2D first = gA;  // set on the first call only
    float4 c = first.Sample(gS, uv);
    first = gB;
    return c;
}
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Unset = gB;
    return FromHeap(uv) + Fixed.Sample(gS, uv) + FromDetail(uv) + Unset.Sample(gS, uv) + Cached(uv) + Cached(uv);
}
)";
    for (bool optimize : {false, true})
        for (auto env : {oneshader::SpirvTargetEnv::Vulkan1_2, oneshader::SpirvTargetEnv::Vulkan1_0}) {
            INFO((optimize ? "-O3" : "-O0"));
            Compiled c = compile_ok(source, oneshader::Stage::Pixel, optimize, env);
            CHECK(resource_variables(c.text) == std::vector<std::string>{"Indices", "ResourceDescriptorHeap",
                                                                          "SamplerDescriptorHeap", "gA", "gB", "gS"});
            // The heaps take the first free bindings after every other resource, as DXC places them.
            CHECK(spirv_tools::has_line(c.text, "OpDecorate %ResourceDescriptorHeap Binding 4"));
            CHECK(spirv_tools::has_line(c.text, "OpDecorate %SamplerDescriptorHeap Binding 5"));
            // No static is left: SPIR-V cannot hold a resource in a Private variable.
            CHECK_FALSE(has(c.text, "Private"));
            CHECK_FALSE(has(c.text, "OpPhi %_ptr"));
            // Cached's first call reads gA, its second gB; with Unset, FromDetail and Fixed: five images
            // from the globals and one from the heap.
            std::size_t samples = 0;
            for (std::size_t at = 0; (at = c.text.find("OpImageSampleImplicitLod", at)) != std::string::npos; ++at)
                ++samples;
            CHECK(samples == 6);
        }
    for (oneshader::Target t : {oneshader::Target::Msl, oneshader::Target::Wgsl}) {
        CompileOptions o;
        o.entry_points = {{"main", oneshader::Stage::Pixel}};
        o.targets = {t};
        // The text backends take the same resolved module (without the heap, which they refuse).
        std::string text = source;
        text.replace(text.find("ResourceDescriptorHeap[TextureIndex]"), 36, "gB");
        text.replace(text.find("SamplerDescriptorHeap[SamplerIndex]"), 35, "gS");
        CompileResult r = oneshader::compile(text, "resources.hlsl", o);
        INFO(diagnostics_of(r));
        CHECK(r.ok());
    }
}

TEST_CASE("resource variables: two entry points each hold their own copy of a static resource",
          "[driver][resources]") {
    const char* source = R"(
[[vk::binding(0)]] Texture2D gA;
[[vk::binding(1)]] Texture2D gB;
[[vk::binding(2)]] SamplerState gS;
static Texture2D Current = gA;
float4 Read(float2 uv) { return Current.Sample(gS, uv); }
float4 PSA(float2 uv : TEXCOORD0) : SV_Target { return Read(uv); }
float4 PSB(float2 uv : TEXCOORD0) : SV_Target { Current = gB; return Read(uv); }
)";
    CompileOptions o;
    o.entry_points = {{"PSA", oneshader::Stage::Pixel}, {"PSB", oneshader::Stage::Pixel}};
    o.verify_ir = true;
    CompileResult r = oneshader::compile(source, "resources.hlsl", o);
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    std::vector<std::string> expected[] = {{"gA", "gS"}, {"gB", "gS"}};
    const char* names[] = {"PSA", "PSB"};
    for (int k = 0; k < 2; ++k) {
        std::vector<std::uint32_t> words = spirv_tools::words_of(*r.find(names[k], oneshader::Target::SpirV));
        std::string text = spirv_tools::disassemble(words);
        INFO(text);
        CHECK(spirv_tools::validate(words, SPV_ENV_VULKAN_1_2) == "");
        CHECK(resource_variables(text) == expected[k]);
    }
}

TEST_CASE("resource variables: initializer lists and local arrays of resources", "[driver][resources]") {
    const char* source = R"(
[[vk::binding(0)]] Texture2D gA;
[[vk::binding(1)]] Texture2D gB;
[[vk::binding(2)]] Texture2D gList[3];
[[vk::binding(3)]] SamplerState gS;
struct Material { Texture2D albedo; SamplerState samp; float scale; };
struct Pair { Material m[2]; };
float4 Shade(Material m, float2 uv) { return m.albedo.Sample(m.samp, uv) * m.scale; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material m = { gA, gS, 2.0 };
    Pair p = { { gB, gS, 1 }, m };
    Texture2D ts[] = { gA, gB };
    Texture2D copy[3] = gList;
    ts[0] = copy[2];
    return Shade(m, uv) + Shade(p.m[0], uv) + Shade(p.m[1], uv) + ts[0].Sample(gS, uv) + ts[1].Sample(gS, uv);
}
)";
    for (bool optimize : {false, true}) {
        INFO((optimize ? "-O3" : "-O0"));
        Compiled c = compile_ok(source, oneshader::Stage::Pixel, optimize);
        CHECK(resource_variables(c.text) == std::vector<std::string>{"gA", "gB", "gList", "gS"});
        CHECK(c.used == std::vector<std::string>{"gA", "gB", "gList", "gS"});
        // copy[2] is element 2 of the global array.
        CHECK(has(c.text, " %gList %int_2\n"));
    }
    std::string d = errors_of(R"(
Texture2D gA;
SamplerState gS;
struct Material { Texture2D albedo; SamplerState samp; float scale; };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material m = { gS, gA, 1.0 };
    Material n = { gA, gS };
    return m.albedo.Sample(m.samp, uv);
}
)",
                              false);
    CHECK(has(d, "resources.hlsl(6,20): error OSH0338: Value 1 of the initializer list is a 'SamplerState', but its "
                 "place in 'Material' holds a 'Texture2D<float4>'. Resources fill only places of the same resource "
                 "type, one each."));
    CHECK(has(d, "resources.hlsl(7,18): error OSH0338: The initializer list has 2 values (each resource counts as "
                 "one), but 'Material' needs 3."));
}

TEST_CASE("resource variables: a static resource never assigned, or chosen at run time, is OSH0403",
          "[driver][resources]") {
    const char* source = R"(
Texture2D gA;
Texture2D gB;
SamplerState gS;
cbuffer C { uint Mode; };
static Texture2D Never;
static Texture2D Picked;
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    if (Mode == 1) Picked = gA; else Picked = gB;
    return Never.Sample(gS, uv) + Picked.Sample(gS, uv);
}
)";
    for (bool optimize : {false, true}) {
        std::string d = errors_of(source, optimize);
        INFO(d);
        CHECK(has(d, "resources.hlsl(10,18): error OSH0403: cannot resolve the resource 'Never' to a single global "
                     "resource here: it is not assigned a resource on every path that reaches this use."));
        CHECK(has(d, "resources.hlsl(10,42): error OSH0403: cannot resolve the resource 'Picked' to a single global "
                     "resource here: it holds different resources after a branch or loop whose condition is not a "
                     "compile-time constant."));
    }
}
