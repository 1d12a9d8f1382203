// Fragment function PSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct DrawParams_mem {
    packed_float4 World[4];
    packed_float3 Tint;
    float Opacity;
    packed_float2 UvScale[3];
    uint MaterialId;
    uchar _pad0[4];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(DrawParams_mem) == 112, "DrawParams_mem size");
static_assert(__builtin_offsetof(DrawParams_mem, World) == 0, "DrawParams_mem.World offset");
static_assert(__builtin_offsetof(DrawParams_mem, Tint) == 64, "DrawParams_mem.Tint offset");
static_assert(__builtin_offsetof(DrawParams_mem, Opacity) == 76, "DrawParams_mem.Opacity offset");
static_assert(__builtin_offsetof(DrawParams_mem, UvScale) == 80, "DrawParams_mem.UvScale offset");
static_assert(__builtin_offsetof(DrawParams_mem, MaterialId) == 104, "DrawParams_mem.MaterialId offset");
#endif

struct PSMain_in {
    float3 WORLDPOS [[user(locn0)]];
    float2 TEXCOORD0 [[user(locn1)]];
    uint MATERIAL [[user(locn2), flat]];
};

struct PSMain_out {
    float4 SV_Target [[color(0)]];
};

fragment PSMain_out PSMain(
    PSMain_in in [[stage_in]],
    float4 frag_coord [[position]],
    const device DrawParams_mem& DrawParams [[buffer(0)]],
    texture2d<float> Albedo [[texture(0)]],
    sampler Linear [[sampler(0)]])
{
    float4 SV_Position = float4(frag_coord);
    float2 TEXCOORD0 = in.TEXCOORD0;
    float4 SV_Target = {};
    float3 WORLDPOS = in.WORLDPOS;
    uint MATERIAL = in.MATERIAL;
    float4 v = Albedo.sample(Linear, TEXCOORD0);
    SV_Target = float4((v.xyz * float3(DrawParams.Tint)), (v.w * DrawParams.Opacity));
    PSMain_out out = {}; out.SV_Target = SV_Target; return out;
}
