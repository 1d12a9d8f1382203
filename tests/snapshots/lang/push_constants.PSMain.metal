// Fragment function PSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct DrawPush_mem {
    packed_float4 Model[4];
    packed_float3 Tint;
    float Alpha;
    uint MaterialIndex;
    packed_float2 UvScale;
    uchar _pad0[4];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(DrawPush_mem) == 96, "DrawPush_mem size");
static_assert(__builtin_offsetof(DrawPush_mem, Model) == 0, "DrawPush_mem.Model offset");
static_assert(__builtin_offsetof(DrawPush_mem, Tint) == 64, "DrawPush_mem.Tint offset");
static_assert(__builtin_offsetof(DrawPush_mem, Alpha) == 76, "DrawPush_mem.Alpha offset");
static_assert(__builtin_offsetof(DrawPush_mem, MaterialIndex) == 80, "DrawPush_mem.MaterialIndex offset");
static_assert(__builtin_offsetof(DrawPush_mem, UvScale) == 84, "DrawPush_mem.UvScale offset");
#endif

struct PSMain_in {
    float2 TEXCOORD0 [[user(locn0)]];
};

struct PSMain_out {
    float4 SV_Target [[color(0)]];
};

fragment PSMain_out PSMain(
    PSMain_in in [[stage_in]],
    float4 frag_coord [[position]],
    constant DrawPush_mem& Draw [[buffer(0)]],
    array<texture2d<float>, 4> Materials [[texture(0)]],
    sampler Linear [[sampler(0)]])
{
    float4 SV_Position = float4(frag_coord);
    float2 TEXCOORD0 = in.TEXCOORD0;
    float4 SV_Target = {};
    float4 v = Materials[(Draw.MaterialIndex & 3u)].sample(Linear, TEXCOORD0);
    SV_Target = float4((v.xyz * float3(Draw.Tint)), (v.w * Draw.Alpha));
    PSMain_out out = {}; out.SV_Target = SV_Target; return out;
}
