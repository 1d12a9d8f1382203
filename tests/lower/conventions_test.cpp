// One test per lowering convention of the spec ("Lowering conventions (front end)"), each on a
// small shader: the dump must show the convention's shape, and every module must verify.
#include "lower_fixture.hpp"

using namespace lower_test;

namespace {

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The dump of `source`, after checking that it lowered without diagnostics and verifies.
std::string lowered(const std::string& source) {
    Lowered l = lower_text(source);
    INFO(l.diagnostics());
    REQUIRE(l.errors() == "");
    std::string problems;
    for (const std::string& p : l.problems) problems += p + "\n";
    INFO(l.text);
    CHECK(problems == "");
    CHECK(reprint(l.text) == l.text);
    return l.text;
}

const char* kCompute = "RWStructuredBuffer<uint> Out : register(u0);\n";

}  // namespace

TEST_CASE("lower: an entry point is a body function and a wrapper that moves the stage variables") {
    std::string t = lowered(R"(
struct VSIn { float3 Pos : POSITION; float2 Uv : TEXCOORD0; };
struct VSOut { float4 Pos : SV_Position; float2 Uv : TEXCOORD0; };
[shader("vertex")]
VSOut VSMain(VSIn v, uint id : SV_VertexID) { VSOut o; o.Pos = float4(v.Pos, 1); o.Uv = v.Uv + id; return o; }
)");
    CHECK(contains(t, "func @VSMain_body(%arg0: VSIn, %arg1: uint) -> VSOut"));
    CHECK(contains(t, "func @VSMain() -> void"));
    CHECK(contains(t, "global input float3 location(0) ; in.var.POSITION"));
    CHECK(contains(t, "global input float2 location(1) ; in.var.TEXCOORD0"));
    CHECK(contains(t, "builtin(vertex_index)"));
    CHECK(contains(t, "global output float4 builtin(position) ; out.var.SV_Position"));
    CHECK(contains(t, "global output float2 location(0) ; out.var.TEXCOORD0"));
    CHECK(contains(t, "call @VSMain_body("));
    CHECK(contains(t, "entry vertex @VSMain inputs("));
    CHECK(count(t, "\nentry ") == 1);
}

TEST_CASE("lower: && and || are control flow joined by a phi, a pure ?: is a select") {
    std::string t = lowered(std::string(kCompute) + R"(
uint F(uint x) { Out[0] = x; return x; }
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    bool a = id.x > 1 && id.y < 2;
    bool b = id.x == 0 || F(id.y) == 3;
    Out[1] = a ? 4u : 5u;
    Out[2] = b ? F(1) : 7u;
}
)");
    CHECK(contains(t, "(and.rhs)"));
    CHECK(contains(t, "phi [false:bool, bb0]"));
    CHECK(contains(t, "(or.rhs)"));
    CHECK(contains(t, "phi [true:bool,"));
    CHECK(contains(t, "select "));
    // The ?: whose arm calls a function is control flow.
    CHECK(contains(t, "(cond.then)"));
    CHECK(count(t, " = phi ") == 3);
}

TEST_CASE("lower: switch sections fall through, break leaves, the default can be anywhere") {
    std::string t = lowered(std::string(kCompute) + R"(
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    uint v = id.x;
    switch (v) {
    case 0: v += 1;
    case 1: v += 2; break;
    default: v = 9; break;
    case 5: v = 3;
    }
    Out[0] = v;
}
)");
    CHECK(contains(t, "selection merge=bb5"));
    CHECK(contains(t, "switch %4 default bb3 [0: bb1, 1: bb2, 5: bb4]"));
    // Section 0 falls into section 1; section 5, the last, falls out to the merge.
    CHECK(contains(t, "  store %1, %6\n  br bb2\n"));
    CHECK(contains(t, "  store %1, 3:uint\n  br bb5\n"));
}

TEST_CASE("lower: nothing after return, break, continue or discard, unreachable merges end in unreachable") {
    std::string t = lowered(std::string(kCompute) + R"(
uint F(uint x) {
    if (x > 3) { return 1; Out[9] = 9; } else { return 2; }
    Out[8] = 8;
}
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    for (uint i = 0; i < 4; ++i) { if (i == 2) { continue; Out[7] = 7; } Out[i] = F(i); break; Out[6] = 6; }
    while (true) { Out[5] = 5; return; }
}
)");
    CHECK_FALSE(contains(t, "9:uint"));
    CHECK_FALSE(contains(t, "8:uint"));
    CHECK_FALSE(contains(t, "7:uint"));
    CHECK_FALSE(contains(t, "6:uint"));
    CHECK(contains(t, "(if.merge)\n  unreachable\n"));
    // The `while (true)` body never reaches its continue block, which only branches back.
    CHECK(contains(t, "(loop.continue)\n  br bb8\n"));
}

TEST_CASE("lower: discard is kill and clip a conditional kill") {
    std::string t = lowered(R"(
[shader("pixel")]
float4 PSMain(float4 c : COLOR0) : SV_Target { clip(c.xy - 0.5); if (c.r > 0.9) discard; return c; }
)");
    CHECK(count(t, "  kill\n") == 2);
    CHECK(contains(t, "(clip.discard)"));
    CHECK(contains(t, "intrinsic any("));
}

TEST_CASE("lower: initializer lists are flat, braces start a new element only by position") {
    std::string t = lowered(std::string(kCompute) + R"(
struct S { float2 a; uint b[2]; };
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    S s = { float2(1, 2), 3, id.x };
    float3 v[2] = { 1, 2, 3, { 4, 5, 6 } };
    Out[0] = s.b[1] + (uint)v[1].x;
}
)");
    CHECK(contains(t, "store %2, float3[2]{{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}"));
    CHECK(contains(t, "construct float2{1.0, 2.0}, %"));  // S from a constant float2 and a uint[2]
    CHECK(contains(t, ": uint[2]"));
}

TEST_CASE("lower: out and inout arguments are copied in and out through temporaries") {
    std::string t = lowered(std::string(kCompute) + R"(
void Bump(inout uint x, out uint y) { x += 1; y = x * 2; }
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) { uint a = id.x; Bump(a, Out[id.x]); Out[0] = a; }
)");
    CHECK(contains(t, "func @Bump(%arg0: ptr<function, uint>, %arg1: ptr<function, uint>) -> void"));
    // inout: copied in before the call; both copied back after it, in parameter order.
    CHECK(contains(t, "  %6 = load %1 : uint\n  store %2, %6\n"));
    CHECK(contains(t, "call @Bump(%2, %3)\n  %10 = load %2 : uint\n  store %1, %10\n  %11 = load %3 : uint\n  store %9, %11\n"));
}

TEST_CASE("lower: a function taking a resource is compiled once per resource, run-time indices are arguments") {
    std::string t = lowered(R"(
Texture2D<float4> A : register(t0);
Texture2D<float4> Many[4] : register(t1);
SamplerState S : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
float4 Get(Texture2D<float4> t) { return t.SampleLevel(S, float2(0.5, 0.5), 0); }
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    Out[0] = Get(A) + Get(A) + Get(Many[2]) + Get(Many[id.x]) + Get(Many[NonUniformResourceIndex(id.y)]);
}
)");
    CHECK(contains(t, "func @Get() -> float4"));
    CHECK(contains(t, "func @Get.1() -> float4"));
    CHECK(contains(t, "func @Get.2(%arg0: uint) -> float4 { ; t.index"));
    CHECK_FALSE(contains(t, "func @Get.3"));
    CHECK(contains(t, "access %g1, %arg0 : ptr<uniform_constant, Texture2D<float4>>"));
    CHECK(contains(t, "access %g1, 2:int"));
    CHECK(contains(t, " = nonuniform %"));
}

TEST_CASE("lower: append and consume go through the counter global") {
    std::string t = lowered(R"(
AppendStructuredBuffer<uint> Hits : register(u0);
ConsumeStructuredBuffer<uint> Work : register(u1);
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) { Hits.Append(Work.Consume() + id.x); }
)");
    CHECK(contains(t, "global storage RWByteAddressBuffer set(0) binding(2) ; counter.var.Hits"));
    CHECK(contains(t, "global storage RWByteAddressBuffer set(0) binding(3) ; counter.var.Work"));
    CHECK(contains(t, "atomic add %2, 4294967295:uint : uint"));
    CHECK(contains(t, "sub %3, 1:uint : uint"));
    CHECK(contains(t, "atomic add %1, 1:uint : uint"));
}

TEST_CASE("lower: non-constant static initializers run in init_globals, constant ones initialize the global") {
    std::string t = lowered(std::string(kCompute) + R"(
Texture2D<float4> T : register(t0);
static float4 Dyn = T.Load(int3(0, 0, 0));
static const float W[3] = { 0.25, 0.5, 0.25 };
static uint Zero;
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) { Out[0] = (uint)(Dyn.x * W[1]) + Zero; }
)");
    CHECK(contains(t, "global private float[3] = float[3]{0.25, 0.5, 0.25} ; W"));
    CHECK(contains(t, "global private uint = zero:uint ; Zero"));
    CHECK(contains(t, "func @init_globals() -> void"));
    CHECK(contains(t, "bb0: ; (entry)\n  %0 = alloca : ptr<function, uint3> ; id\n  call @init_globals()"));
}

TEST_CASE("lower: cbuffers, ConstantBuffer<T> and push constants are buffer globals entered by member") {
    std::string t = lowered(R"(
cbuffer Frame : register(b0) { float4x4 View; float Time; };
struct Material { float4 Tint; uint Flags; };
ConstantBuffer<Material> Mat : register(b1);
struct PC { float Scale; };
[[vk::push_constant]] PC Push;
StructuredBuffer<Material> Mats : register(t0);
float4 Plain;
[shader("pixel")]
float4 PSMain(float4 p : SV_Position) : SV_Target {
    Material m = Mat;
    return mul(View, p) * Time * Push.Scale + m.Tint + Mats[1].Tint + Plain;
}
)");
    CHECK(contains(t, "global uniform ConstantBuffer<Frame> set(0) binding(0) ; Frame"));
    CHECK(contains(t, "global uniform ConstantBuffer<Material> set(0) binding(1) ; Mat"));
    CHECK(contains(t, "global push_constant ConstantBuffer<PC> ; Push"));
    CHECK(contains(t, "ConstantBuffer<_Globals>"));
    CHECK(contains(t, "access %g0, 0:int : ptr<uniform, float4x4>"));
    CHECK(contains(t, "matmul "));
    // A structured buffer's chain starts with the element index.
    CHECK(contains(t, "access %g3, 1:uint : ptr<storage, Material>"));
    // The whole ConstantBuffer<T> is read member by member.
    CHECK(contains(t, "construct %"));
}

TEST_CASE("lower: atomics, barriers and texture methods map to their opcodes") {
    std::string t = lowered(R"(
RWByteAddressBuffer Raw : register(u0);
RWTexture2D<uint> Img : register(u1);
RWStructuredBuffer<uint2> Pairs : register(u2);
groupshared uint Shared[8];
[shader("compute")] [numthreads(8,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    uint old;
    InterlockedAdd(Shared[gi], 1, old);
    GroupMemoryBarrierWithGroupSync();
    InterlockedMax(Img[id.xy], old);
    InterlockedOr(Pairs[gi].y, 4);
    Raw.InterlockedAdd(16, 1);
    uint w, h;
    Img.GetDimensions(w, h);
    Raw.Store2(0, uint2(w, h) + Raw.Load2(8));
}
)");
    CHECK(contains(t, "atomic add %"));
    CHECK(contains(t, "barrier group_sync|workgroup_memory"));
    CHECK(contains(t, "atomic max %g1, %"));
    CHECK(contains(t, "atomic or %"));
    CHECK(contains(t, "shr 16:uint, 2:uint"));
    CHECK(contains(t, "texture_size %g1 : uint2"));
    CHECK(contains(t, "byte_load %g0, 8:uint : uint2"));
    CHECK(contains(t, "byte_store %g0, 0:uint, %"));
}

TEST_CASE("lower: what the lowering cannot express is an OSH0400 error naming it") {
    Lowered l = lower_text(R"(
struct P { float4 c; };
ConstantBuffer<P> B : register(b0);
[shader("pixel")]
float4 PSMain(float4 p : SV_Position) : SV_Target {
    ConstantBuffer<P> t[2];
    return B.c;
}
)");
    CHECK(l.codes() == std::vector<std::string>{"OSH0400"});
    CHECK(contains(l.diagnostics(), "the local array of ConstantBuffers or TextureBuffers 't' (index the global array "
                                    "instead)"));
    CHECK(l.text.empty());
}

TEST_CASE("lower: resource locals, members, ?: and results are references to the globals") {
    // A local resource is a variable holding a reference (a pointer to the global); `?:` selects
    // between references; a struct holding resources is its mirror with references as members.
    std::string t = lowered(R"(
Texture2D<float4> A : register(t0);
Texture2D<float4> B : register(t1);
SamplerState S : register(s0);
cbuffer P : register(b0) { uint Mode; };
struct Layer { Texture2D<float4> tex; float scale; };
Texture2D<float4> Pick(bool first) { return first ? A : B; }
[shader("pixel")]
float4 PSMain(float4 p : SV_Position) : SV_Target {
    Texture2D<float4> t = A;
    if (Mode != 0) t = B;
    Layer l;
    l.tex = Mode > 1 ? A : B;
    l.scale = 2;
    return t.Sample(S, p.xy) + l.tex.Sample(S, p.xy) * l.scale + Pick(true).Sample(S, p.xy);
}
)");
    CHECK(contains(t, "struct Layer { tex: ptr<uniform_constant, Texture2D<float4>>, scale: float }"));
    CHECK(contains(t, "alloca : ptr<function, ptr<uniform_constant, Texture2D<float4>>> ; t"));
    CHECK(contains(t, "alloca : ptr<function, Layer> ; l"));
    CHECK(contains(t, "select %"));
    CHECK(contains(t, ", %g0, %g1 : ptr<uniform_constant, Texture2D<float4>>"));
    CHECK(contains(t, "func @Pick(%arg0: bool) -> ptr<uniform_constant, Texture2D<float4>>"));
}

TEST_CASE("lower: a texel offset must be constant (OSH0402)") {
    Lowered l = lower_text(R"(
Texture2D<float4> A : register(t0);
SamplerState S : register(s0);
[shader("pixel")]
float4 PSMain(float4 p : SV_Position, nointerpolation int2 o : OFFSET) : SV_Target { return A.Sample(S, p.xy, o); }
)");
    CHECK(l.codes() == std::vector<std::string>{"OSH0402"});
}

TEST_CASE("lower: deep nesting is bounded (OSH0401), not a stack overflow") {
    std::string expr = "x";
    for (int i = 0; i < 40; ++i) expr = "(" + expr + " + 1)";
    lower::Options o;
    o.max_depth = 16;
    std::string src = std::string(kCompute) + "[shader(\"compute\")] [numthreads(1,1,1)]\nvoid CSMain(uint3 id : "
                      "SV_DispatchThreadID) { uint x = id.x; Out[0] = " + expr + "; }\n";
    auto run = driver::lower_source(src, "t.hlsl", CompileOptions{}, true);
    REQUIRE(run->front.program);
    ir::Module m(run->ctx.arena, run->front.types);
    CHECK_FALSE(lower::lower_program(*run->front.program, m, run->front.layouts, run->ctx.diags, o));
    bool found = false;
    for (const support::Diag& d : run->ctx.diags.diagnostics()) found = found || support::format_code(d.code) == "OSH0401";
    CHECK(found);
}

TEST_CASE("lower: the dump is the same on every run") {
    std::string a = lower_file(corpus_root() / "3d" / "pbr_forward.hlsl").text;
    std::string b = lower_file(corpus_root() / "3d" / "pbr_forward.hlsl").text;
    CHECK(!a.empty());
    CHECK(a == b);
}

TEST_CASE("lower: an out/inout argument of another type goes through a temporary of the parameter's type") {
    std::string t = lowered(std::string(kCompute) + R"(
void Twice(inout float3 v) { v = v * 2; }
void Set(out float x) { x = 2.5; }
[shader("compute")] [numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    int3 k = int3(id);
    Twice(k);
    uint2 u = id.xy;
    Set(u.y);
    Out[0] = k.x + u.y;
}
)");
    // The temporary is a float3, initialised from the int3 and converted back after the call.
    CHECK(contains(t, "alloca : ptr<function, float3> ; arg"));
    CHECK(contains(t, "  %7 = load %1 : int3\n  %8 = convert %7 : float3\n  store %2, %8\n  call @Twice(%2)\n"
                      "  %9 = load %2 : float3\n  %10 = convert %9 : int3\n  store %1, %10\n"));
    // An out float stored back into one component of a uint2, converted first.
    CHECK(contains(t, "alloca : ptr<function, float> ; arg"));
    CHECK(contains(t, "  call @Set(%4)\n  %14 = load %4 : float\n  %15 = convert %14 : uint\n  store %13, %15\n"));
}
