// tonemap.hlsl - final composite: auto exposure from the luminance buffer, bloom, vignette, tone curve, sRGB out.
#include "../include/common.hlsli"
#include "../include/color.hlsli"

#define TONEMAP_ACES 0
#define TONEMAP_REINHARD 1
#define TONEMAP_HABLE 2

cbuffer TonemapParams : register(b0)
{
    float ExposureCompensation;
    float BloomStrength;
    float VignetteStrength;
    float WhitePoint;
    uint Operator;
    uint OutputSrgb;
    float2 Padding;
};

Texture2D<float4> SceneColor : register(t0);
Texture2D<float4> BloomTexture : register(t1);
StructuredBuffer<float> AverageLuminance : register(t2);   // written by compute/histogram.hlsl
SamplerState LinearClamp : register(s0);

[shader("vertex")]
FullscreenVaryings VSMain(uint id : SV_VertexID) { return FullscreenTriangle(id); }

float3 ApplyOperator(float3 c)
{
    switch (Operator)
    {
    case TONEMAP_REINHARD: return Reinhard(c);
    case TONEMAP_HABLE: return Hable(c, WhitePoint);
    default: return AcesFilmic(c);
    }
}

[shader("pixel")]
float4 PSTonemap(FullscreenVaryings i) : SV_Target
{
    float3 hdr = SceneColor.SampleLevel(LinearClamp, i.Uv, 0).rgb;
    hdr += BloomTexture.SampleLevel(LinearClamp, i.Uv, 0).rgb * BloomStrength;

    float avgLum = max(AverageLuminance[0], 1e-4);
    float exposure = 0.18 / avgLum * exp2(ExposureCompensation);
    hdr *= exposure;

    float2 d = i.Uv - 0.5;
    hdr *= saturate(1.0 - dot(d, d) * VignetteStrength);

    float3 ldr = ApplyOperator(hdr);
    if (OutputSrgb != 0)
        ldr = LinearToSrgb(ldr);
    // Luma in alpha for FXAA.
    return float4(ldr, Luminance(ldr));
}
