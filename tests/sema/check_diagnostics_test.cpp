// One negative test per semantic diagnostic: the code and the line:column it is reported at, and
// for the spec's diagnostics the spec's wording.
#include "check_fixture.hpp"

using namespace check_test;

namespace {

const char* kPs = "[shader(\"pixel\")] float4 PS() : SV_Target { return 0; }\n";

std::string message_of(std::string_view text, const CompileOptions& o = {}) {
    auto c = check_text(text, o);
    return c->ctx.diags.diagnostics().empty() ? std::string() : c->ctx.diags.diagnostics()[0].message;
}

}  // namespace

TEST_CASE("check diagnostics: OSH0300 undeclared names with suggestions") {
    std::string src = "Texture2D<float4> Atlas : register(t1); SamplerState S : register(s0);\n"
                      "[shader(\"pixel\")] float4 PS(float2 uv : UV) : SV_Target { return Atlass.Sample(S, uv); }\n";
    CHECK(diags_of(src) == V{"OSH0300 2:66"});
    CHECK(message_of(src) == "'Atlass' is not declared. Did you mean 'Atlas'?");
    // Intrinsic names are suggested too.
    CHECK(message_of("[shader(\"pixel\")] float4 PS(float2 uv : UV) : SV_Target { return stepp(0.5, uv.x); }\n") ==
          "'stepp' is not declared. Did you mean 'step'?");
    CHECK(message_of("[shader(\"pixel\")] float4 PS() : SV_Target { float d = 1; return dd; }\n") ==
          "'dd' is not declared. Did you mean 'd'?");
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { return zzzzz; }\n") == V{"OSH0300 1:52"});
}

TEST_CASE("check diagnostics: OSH0308 missing members with suggestions") {
    std::string src = "struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; };\n"
                      "[shader(\"pixel\")] float4 PS(VSOut i) : SV_Target { return i.UV.xyxy; }\n";
    CHECK(diags_of(src) == V{"OSH0308 2:61"});
    CHECK(message_of(src) == "The struct 'VSOut' has no member 'UV'. Did you mean 'Uv'?");
}

TEST_CASE("check diagnostics: types, conversions and operators") {
    CHECK(diags_of("Texture3 T;\n") == V{"OSH0301 1:1"});
    CHECK(diags_of("struct S { float a; };\n[shader(\"pixel\")] float4 PS() : SV_Target { S s; float4 v = s; return v; }\n") ==
          V{"OSH0303 2:61"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(float4 c : C) : SV_Target { float3 v = c; return v.xyzz; }\n") ==
          V{"OSH0311 1:68"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(float4 c : C) : SV_Target { return c & 1; }\n") == V{"OSH0309 1:66"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(float4 c : C) : SV_Target { return (c > 0) && (c < 1) ? 1 : 0; }\n") ==
          V{"OSH0339 1:72"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(float4 c : C) : SV_Target { return c.xq; }\n") == V{"OSH0329 1:66"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(float4x4 m : M) : SV_Target { return m._m44; }\n") ==
          V{"OSH0329 1:68"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { float a[2] = {1, 2}; return a[2]; }\n") ==
          V{"OSH0328 1:75"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { float2 a[2] = {1, 2, 3}; return 0; }\n") ==
          V{"OSH0338 1:59"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { return float4(1, 2, 3); }\n") == V{"OSH0338 1:52"});
    CHECK(diags_of("Texture2D T;\n[shader(\"pixel\")] float4 PS() : SV_Target { return (float4)T; }\n") ==
          V{"OSH0341 2:52"});
}

TEST_CASE("check diagnostics: assignments, calls and returns") {
    CHECK(diags_of("cbuffer C { float4 K; };\n[shader(\"pixel\")] float4 PS() : SV_Target { K = 1; return K; }\n") ==
          V{"OSH0307 2:45"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { const float k = 1; k += 1; return k; }\n") ==
          V{"OSH0307 1:64"});
    CHECK(diags_of("float f(float a, float b) { return a + b; }\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { return f(1); }\n") == V{"OSH0304 2:52"});
    CHECK(diags_of("float f(int a) { return a; }\nfloat f(uint a) { return a; }\n"
                   "[shader(\"pixel\")] float4 PS(float x : X) : SV_Target { return f(x); }\n") == V{"OSH0306 3:63"});
    CHECK(diags_of("void g(out float a) { a = 1; }\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { g(1.0); return 0; }\n") == V{"OSH0336 2:47"});
    CHECK(diags_of("float f(float x) { if (x > 0) return 1; }\n" + std::string(kPs)) == V{"OSH0312 1:41"});
    CHECK(diags_of("void f() { return 1; }\n" + std::string(kPs)) == V{"OSH0331 1:12"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { break; return 0; }\n") == V{"OSH0330 1:45"});
    CHECK(diags_of("float f(float x) { return g(x); }\n") == V{"OSH0300 1:27"});
    CHECK(diags_of("float f(float x);\nfloat g(float x) { return f(x); }\nfloat f(float x) { return g(x); }\n" +
                   std::string(kPs)) == V{"OSH0318 2:7"});
    CHECK(diags_of("float x;\n[shader(\"pixel\")] float4 PS() : SV_Target { return x(); }\n") == V{"OSH0327 2:52"});
}

TEST_CASE("check diagnostics: declarations") {
    CHECK(diags_of("float a; float a;\n") == V{"OSH0302 1:16"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { switch (1) { case 1: case 1: break; } return 0; }\n") ==
          V{"OSH0337 1:66"});
    CHECK(diags_of("struct S { float a; };\n[shader(\"pixel\")] float4 PS() : SV_Target { S s; s.f(); return 0; }\n") ==
          V{"OSH0308 2:52"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS() : SV_Target { return this.x; }\n") == V{"OSH0342 1:52"});
    CHECK(diags_of("struct S { float a[0]; };\n") == V{"OSH0324 1:20"});
    CHECK(diags_of("groupshared float g = 1;\n") == V{"OSH0338 1:23"});
    CHECK(diags_of("[unknown_thing] float4 f() { return 0; }\n") == V{"OSH0320 1:2"});
}

TEST_CASE("check diagnostics: constants, spec constants and OSH0310") {
    std::string nt = "[[vk::constant_id(0)]] const uint GroupSize = 64;\n"
                     "RWStructuredBuffer<uint> Out : register(u0);\n"
                     "[shader(\"compute\")] [numthreads(GroupSize, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) "
                     "{ Out[id.x] = id.x; }\n";
    CHECK(diags_of(nt) == V{"OSH0310 3:33"});
    CHECK(message_of(nt) ==
          "Argument 1 of 'numthreads' must be an integer constant. It uses a specialization constant, whose value is "
          "only known when the pipeline is created: use a literal or a 'static const' there, or choose the value with "
          "a #define.");
    CHECK(diags_of("[[vk::constant_id(0)]] const int N = 4;\nstatic float a[N];\n") == V{"OSH0310 2:16"});
    CHECK(diags_of("float n;\nstatic float a[n];\n") == V{"OSH0310 2:16"});
    CHECK(diags_of("[[vk::constant_id(1)]] const int A = 4;\n[[vk::constant_id(1)]] const float B = 2.0;\n") ==
          V{"OSH0335 2:3"});
    CHECK(diags_of("[[vk::constant_id(1)]] const float2 A = 4;\n") == V{"OSH0335 1:37"});
    CHECK(diags_of("[[vk::constant_id(2)]] const int A;\n") == V{"OSH0335 1:34"});
    // Constant folding is 64-bit for literals and wraps at the type's width otherwise.
    CHECK(diags_of("static const uint K = 0xFFFFFFFFu + 1u;\nstatic float a[K + 2];\n" + std::string(kPs)).empty());
    CHECK(diags_of("static const int K = 3000000000 / 1000000000;\nstatic float a[K];\n" + std::string(kPs)).empty());
}

TEST_CASE("check diagnostics: buffers, push constants and resource arrays") {
    CHECK(diags_of("cbuffer Overlap : register(b0) { float4 A : packoffset(c0); float2 B : packoffset(c0.z); "
                   "float C : packoffset(c0.y); };\n") == V{"OSH0332 1:68", "OSH0332 1:96"});
    CHECK(diags_of("[[vk::push_constant]] cbuffer Push { float4x4 Model; };\n") == V{"OSH0333 1:3"});
    CHECK(diags_of("struct A { float4 x; }; struct B { float4 y; };\n[[vk::push_constant]] A PA;\n"
                   "[[vk::push_constant]] B PB;\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { return PA.x + PB.y; }\n") == V{"OSH0333 4:26"});
    CHECK(diags_of("struct Big { float4x4 a; float4x4 b; float4 c; };\n[[vk::push_constant]] Big P;\n") ==
          V{"OSH0334 2:27"});
    // Unbounded arrays are descriptor indexing (docs/spirv.md); an array of append buffers has an
    // array of counters.
    CHECK(diags_of("Texture2D<float4> Textures[] : register(t0);\n") == V{});
    CHECK(diags_of("AppendStructuredBuffer<uint> Queues[] : register(u0);\n") == V{});
    CHECK(diags_of("Texture2D<float4> Textures[2][2];\n") == V{"OSH0350 1:19"});
    CHECK(diags_of("Texture2D<float4> Textures[][2];\n") == V{"OSH0350 1:19"});
    // SM 6.6 descriptor heaps are typed by use (descriptor_heaps.cpp); a read with no type is OSH0303.
    const char* heap = "[shader(\"pixel\")] float4 PS(uint i : I) : SV_Target {\n"
                       "    Texture2D<float4> t = ResourceDescriptorHeap[i]; return t.Load(int3(0, 0, 0)); }\n";
    CHECK(diags_of(heap) == V{});
    const char* untyped = "[shader(\"pixel\")] float4 PS(uint i : I) : SV_Target {\n"
                          "    float4 v = ResourceDescriptorHeap[i]; return v; }\n";
    CHECK(diags_of(untyped) == V{"OSH0303 2:16"});
    CHECK(message_of(untyped).find("Initialize a variable of a resource type") != std::string::npos);
}

TEST_CASE("check diagnostics: intrinsics the front end refuses") {
    std::string match = "RWStructuredBuffer<uint4> Groups : register(u0);\n"
                        "[shader(\"compute\")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) "
                        "{ Groups[id.x] = WaveMatch(id.x & 3); }\n";
    CHECK(diags_of(match) == V{"OSH0350 2:105"});
    CHECK(message_of(match).starts_with("The intrinsic 'WaveMatch' is not supported"));
    std::string add = "RWStructuredBuffer<float> Sum : register(u0);\n"
                      "[shader(\"compute\")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) "
                      "{ InterlockedAdd(Sum[0], 1.0f); }\n";
    CHECK(diags_of(add) == V{"OSH0314 2:90"});
    CHECK(message_of(add) ==
          "'InterlockedAdd' works on int, uint, int64_t and uint64_t, but the first argument is 'float'. Float atomics "
          "are not supported; reinterpret the data as uint with asuint()/asfloat().");
}

TEST_CASE("check diagnostics: OSH0360 16-bit names without -enable-16bit-types") {
    std::string src = "RWStructuredBuffer<uint16_t> Values : register(u0);\n";
    CHECK(diags_of(src) == V{"OSH0360 1:20"});
    CHECK(message_of(src) ==
          "The type 'uint16_t' needs 16-bit types enabled. Compile with -enable-16bit-types (MSBuild: "
          "OneShaderEnable16BitTypes=true), or use half, min16float, int or uint.");
    CompileOptions o;
    o.enable_16bit_types = true;
    CHECK(diags_of(src, o).empty());
    // half and the min-precision names need no option.
    CHECK(diags_of("static half h; static min16float m; static min16uint u;\n").empty());
}

TEST_CASE("check diagnostics: stage inputs, outputs and entry points") {
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(float4 c) : SV_Target { return c; }\n") == V{"OSH0315 1:36"});
    CHECK(diags_of("[shader(\"vertex\")] float4 VS() : SV_Target { return 0; }\n") == V{"OSH0316 1:27"});
    CHECK(diags_of("[shader(\"compute\")] [numthreads(1, 1, 1)] void CS(float4 c : COLOR) { }\n") ==
          V{"OSH0315 1:58"});
    CHECK(diags_of("[shader(\"compute\")] void CS() { }\n") == V{"OSH0345 1:26"});
    CHECK(diags_of("[shader(\"compute\")] [numthreads(64, 64, 1)] void CS() { }\n") == V{"OSH0319 1:22"});
    CHECK(diags_of("[shader(\"geometry\")] void GS() { }\n") == V{"OSH0350 1:2"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(float4 a : A, float4 b : A) : SV_Target { return a + b; }\n") ==
          V{"OSH0344 1:50"});
    CHECK(diags_of("struct In { [[vk::location(1)]] float4 a : A; float4 b : B; };\n"
                   "[shader(\"pixel\")] float4 PS(In i) : SV_Target { return i.a; }\n") == V{"OSH0343 2:26"});
    // A fuzz finding: two render targets given one [[vk::location]] wrote a module the validator
    // rejects (conflicting output location assignment).
    CHECK(diags_of("struct Out { [[vk::location(0)]] float4 a : SV_Target0; [[vk::location(0)]] float4 b : SV_Target1; };\n"
                   "[shader(\"pixel\")] Out PS() { Out o; o.a = 1; o.b = 2; return o; }\n") == V{"OSH0343 1:84"});
    CHECK(diags_of("struct Out { [[vk::location(1)]] float4 a : SV_Target0; [[vk::location(0)]] float4 b : SV_Target1; };\n"
                   "[shader(\"pixel\")] Out PS() { Out o; o.a = 1; o.b = 2; return o; }\n").empty());
}

TEST_CASE("check diagnostics: overloaded entry points") {
    // Single-byte mutations found two [shader] overloads with one name reaching the lowering,
    // which stopped on the IR verifier (OSH7000).
    const char* two = "[shader(\"pixel\")] float4 Main(float4 p : SV_Position) : SV_Target { return p; }\n"
                      "[shader(\"vertex\")] float4 Main(float3 p : POSITION) : SV_Position { return float4(p, 1); }\n";
    CHECK(diags_of(two) == V{"OSH0345 2:27"});
    CHECK(message_of(two) == "Two entry points are named 'Main'; entry points are found by name, so rename one.");
    // Asked for by name, the overload marked with the requested stage is the entry point.
    CompileOptions pixel;
    pixel.entry_points = {{"Main", Stage::Pixel}};
    CHECK(diags_of(two, pixel).empty());
    // A helper overload is not an entry point either way.
    const char* helper = "float4 Main(float x) { return x; }\n"
                         "[shader(\"pixel\")] float4 Main(float4 p : SV_Position) : SV_Target { return Main(p.x); }\n";
    CHECK(diags_of(helper, pixel).empty());
    CompileOptions compute;
    compute.entry_points = {{"Main", Stage::Compute}};
    CHECK(diags_of(helper, compute) == V{"OSH0345 1:8"});
    CHECK(message_of(helper, compute) ==
          "The entry point name 'Main' names 2 overloaded functions. Rename the entry point or the other overloads, or "
          "mark the entry point with [shader(\"compute\")].");
}

TEST_CASE("check diagnostics: templates") {
    CHECK(diags_of("template<typename T> T f(T a, T b) { return a + b; }\n"
                   "[shader(\"pixel\")] float4 PS(float x : X, int y : Y) : SV_Target { return f(x, y); }\n") ==
          V{"OSH0325 2:79"});
    CHECK(diags_of("template<typename T> T f() { return 0; }\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { return f(); }\n") == V{"OSH0325 2:52"});
    CHECK(diags_of("template<typename T, uint N> struct Arr { T v[N]; };\n"
                   "[shader(\"pixel\")] float4 PS() : SV_Target { Arr<float> a; return 0; }\n") == V{"OSH0325 2:45"});
}

TEST_CASE("check diagnostics: OSH0372 for a stage-restricted intrinsic an entry point of another stage reaches") {
    // Found by the sweep: a compute-only barrier in a function a vertex shader calls gave a vertex
    // module with a workgroup barrier, which the validator rejects.
    std::string src = "void Sync() { GroupMemoryBarrierWithGroupSync(); }\n"
                      "[shader(\"compute\")] [numthreads(8, 1, 1)] void CS() { Sync(); }\n"
                      "[shader(\"vertex\")] float4 VS() : SV_Position { Sync(); return 0; }\n";
    CHECK(diags_of(src) == V{"OSH0372 1:15"});
    CHECK(message_of(src) ==
          "'GroupMemoryBarrierWithGroupSync' is only available in compute shaders, and 'Sync' is called from the vertex "
          "entry point 'VS'. Call it only from compute shaders, or compute the value there and pass it in.");
    // In the entry point's own body: the message of a direct use.
    CHECK(diags_of("[shader(\"vertex\")] float4 VS(float x : X) : SV_Position { return ddx(x); }\n") == V{"OSH0372 1:66"});
    // Reached only from stages that have it: no error.
    CHECK(diags_of("float D(float x) { return ddx(x); }\n"
                   "[shader(\"pixel\")] float4 PS(float x : X) : SV_Target { return D(x); }\n") == V{});
    // Two vertex entry points reaching one call: one error.
    CHECK(diags_of("void B() { GroupMemoryBarrier(); }\n"
                   "[shader(\"vertex\")] float4 V1() : SV_Position { B(); return 0; }\n"
                   "[shader(\"vertex\")] float4 V2() : SV_Position { B(); return 0; }\n") == V{"OSH0372 1:12"});
}
