// Fragment function PSLights (Metal Shading Language 2.4), written by OneShader from HLSL.
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

struct Light_mem {
    packed_float3 Position;
    float Radius;
    packed_float3 Color;
    uint Flags;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Light_mem) == 32, "Light_mem size");
static_assert(__builtin_offsetof(Light_mem, Position) == 0, "Light_mem.Position offset");
static_assert(__builtin_offsetof(Light_mem, Radius) == 12, "Light_mem.Radius offset");
static_assert(__builtin_offsetof(Light_mem, Color) == 16, "Light_mem.Color offset");
static_assert(__builtin_offsetof(Light_mem, Flags) == 28, "Light_mem.Flags offset");
#endif

struct PSLights_in {
    float3 WORLDPOS [[user(locn0)]];
    float2 TEXCOORD0 [[user(locn1)]];
    uint MATERIAL [[user(locn2), flat]];
};

struct PSLights_out {
    float4 SV_Target [[color(0)]];
};

fragment PSLights_out PSLights(
    PSLights_in in [[stage_in]],
    float4 frag_coord [[position]],
    const device DrawParams_mem& DrawParams [[buffer(0)]],
    array<const device Light_mem*, 2> Lights [[buffer(2)]])
{
    float4 SV_Position = float4(frag_coord);
    float3 WORLDPOS = in.WORLDPOS;
    uint MATERIAL = in.MATERIAL;
    float4 SV_Target = {};
    float2 TEXCOORD0 = in.TEXCOORD0;
    float3 v = WORLDPOS;
    float v_1 = (*Lights[0u]).Radius;
    float3 v_2 = (float3((*Lights[0u]).Position) - v);
    uint v_3 = (MATERIAL & 1u);
    float v_4 = (*Lights[v_3]).Radius;
    float3 v_5 = (float3((*Lights[v_3]).Position) - v);
    SV_Target = float4(((((((*Lights[0u]).Flags & 1u) != 0u) ? (float3((*Lights[0u]).Color) * float3(saturate((1.0f - (dot(v_2, v_2) / (v_1 * v_1)))))) : float3(0.0f, 0.0f, 0.0f)) + (((((*Lights[v_3]).Flags & 1u) != 0u) ? (float3((*Lights[v_3]).Color) * float3(saturate((1.0f - (dot(v_5, v_5) / (v_4 * v_4)))))) : float3(0.0f, 0.0f, 0.0f)) * float3((*Lights[1u]).Color))) * float3(DrawParams.Tint)), DrawParams.Opacity);
    PSLights_out out = {}; out.SV_Target = SV_Target; return out;
}
