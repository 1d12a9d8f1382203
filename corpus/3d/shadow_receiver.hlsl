// shadow_receiver.hlsl - cascaded shadow lookups on a G-buffer: PCF, Poisson disk, golden spiral, and a cascade debug view.
#include "../include/common.hlsli"
#include "../include/shadows.hlsli"

cbuffer ShadowReceiver : register(b0)
{
    float4x4 InvViewProjection;
    float4x4 View;
    CascadeData Cascades;
    uint SpiralTaps;
    float BlendBand;            // fraction of a cascade over which to blend into the next
    float2 Padding;
};

Texture2D<float> SceneDepth : register(t0);
Texture2D<float2> SceneNormal : register(t1);   // octahedral
Texture2DArray<float> ShadowMap : register(t2);
SamplerComparisonState ShadowCmp : register(s0);

struct Receiver
{
    float3 WorldPos;
    float3 Normal;
    float ViewDepth;
};

Receiver LoadReceiver(float2 uv, int2 pixel)
{
    Receiver r;
    float depth = SceneDepth.Load(int3(pixel, 0));
    r.WorldPos = ReconstructWorldPosition(uv, depth, InvViewProjection);
    r.Normal = DecodeOctahedral(SceneNormal.Load(int3(pixel, 0)));
    r.ViewDepth = mul(View, float4(r.WorldPos, 1.0)).z;
    return r;
}

[shader("vertex")]
FullscreenVaryings VSMain(uint id : SV_VertexID) { return FullscreenTriangle(id); }

[shader("pixel")]
float PSShadowPcf(FullscreenVaryings i) : SV_Target
{
    Receiver r = LoadReceiver(i.Uv, int2(i.Position.xy));
    uint c = SelectCascade(Cascades, r.ViewDepth);
    float texel = 1.0 / Cascades.ShadowMapSize;
    float s = ShadowPcf3x3(ShadowMap, ShadowCmp, ShadowCoord(Cascades, c, r.WorldPos, r.Normal), c, texel);
    // Blend into the next cascade near the split to hide the seam.
    float split = Cascades.SplitDepths[c];
    float band = (split - r.ViewDepth) / (split * BlendBand);
    if (c + 1 < SHADOW_CASCADE_COUNT && band < 1.0)
    {
        float next = ShadowPcf3x3(ShadowMap, ShadowCmp, ShadowCoord(Cascades, c + 1, r.WorldPos, r.Normal), c + 1, texel);
        s = lerp(next, s, saturate(band));
    }
    return s;
}

[shader("pixel")]
float PSShadowPoisson(FullscreenVaryings i) : SV_Target
{
    Receiver r = LoadReceiver(i.Uv, int2(i.Position.xy));
    uint c = SelectCascade(Cascades, r.ViewDepth);
    float radius = Cascades.FilterRadius / Cascades.ShadowMapSize;
    return ShadowPoisson(ShadowMap, ShadowCmp, ShadowCoord(Cascades, c, r.WorldPos, r.Normal), c, radius, i.Position.xy);
}

[shader("pixel")]
float PSShadowSpiral(FullscreenVaryings i) : SV_Target
{
    Receiver r = LoadReceiver(i.Uv, int2(i.Position.xy));
    uint c = SelectCascade(Cascades, r.ViewDepth);
    float radius = Cascades.FilterRadius / Cascades.ShadowMapSize;
    float rotation = Random01((uint)i.Position.x * 7919u + (uint)i.Position.y) * TWO_PI;
    return ShadowSpiral(ShadowMap, ShadowCmp, ShadowCoord(Cascades, c, r.WorldPos, r.Normal), c, radius, SpiralTaps, rotation);
}

[shader("pixel")]
float4 PSCascadeDebug(FullscreenVaryings i) : SV_Target
{
    static const float3 Colors[4] = { float3(1, 0.2, 0.2), float3(0.2, 1, 0.2), float3(0.2, 0.2, 1), float3(1, 1, 0.2) };
    Receiver r = LoadReceiver(i.Uv, int2(i.Position.xy));
    uint c = SelectCascade(Cascades, r.ViewDepth);
    return float4(Colors[c & 3], 1.0);
}
