// shadow_depth.hlsl - the shadow-map depth pass: opaque and alpha-tested casters, one cascade per draw.
#define SHADOW_CASCADE_COUNT 4
#include "../include/shadows.hlsli"

cbuffer ShadowPass : register(b0)
{
    CascadeData Cascades;
    uint CascadeIndex;
    float SlopeScale;        // extra depth offset along the light direction, in clip units
    float2 Padding;
};

StructuredBuffer<float4x4> InstanceWorld : register(t0);
Texture2D<float4> AlphaMap : register(t1);
SamplerState AlphaSampler : register(s0);

struct CasterOut
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
};

float4 ToShadowClip(float3 position, uint instance)
{
    float4 world = mul(InstanceWorld[instance], float4(position, 1.0));
    float4 clip = mul(Cascades.LightViewProjection[CascadeIndex], world);
    // Pancaking: casters in front of the near plane are clamped onto it.
    clip.z = max(clip.z, 0.0);
    return clip;
}

[shader("vertex")]
float4 VSShadow(float3 position : POSITION, uint instance : SV_InstanceID) : SV_Position
{
    return ToShadowClip(position, instance);
}

[shader("vertex")]
CasterOut VSShadowAlpha(float3 position : POSITION, float2 uv : TEXCOORD0, uint instance : SV_InstanceID)
{
    CasterOut o;
    o.Position = ToShadowClip(position, instance);
    o.Uv = uv;
    return o;
}

[shader("pixel")]
void PSShadowAlpha(CasterOut i)
{
    clip(AlphaMap.Sample(AlphaSampler, i.Uv).a - 0.5);
}

// Variance shadow maps store depth and depth squared instead.
[shader("pixel")]
float2 PSShadowVsm(CasterOut i) : SV_Target
{
    float d = i.Position.z;
    float dx = ddx(d), dy = ddy(d);
    return float2(d, d * d + 0.25 * (dx * dx + dy * dy));
}
