// shadows.hlsli - cascaded shadow maps: cascade selection, PCF and a rotated Poisson / spiral kernel.
#ifndef CORPUS_SHADOWS_HLSLI
#define CORPUS_SHADOWS_HLSLI
#include "common.hlsli"

#ifndef SHADOW_CASCADE_COUNT
#define SHADOW_CASCADE_COUNT 4
#endif

struct CascadeData
{
    float4x4 LightViewProjection[SHADOW_CASCADE_COUNT];
    float4 SplitDepths;          // view-space far distance of each cascade
    float4 TexelSizes;           // world-space texel size of each cascade
    float DepthBias;
    float NormalBias;
    float FilterRadius;          // in shadow-map texels
    uint ShadowMapSize;
};

static const float2 PoissonDisk[12] =
{
    float2(-0.326, -0.406), float2(-0.840, -0.074), float2(-0.696, 0.457),
    float2(-0.203, 0.621),  float2(0.962, -0.195),  float2(0.473, -0.480),
    float2(0.519, 0.767),   float2(0.185, -0.893),  float2(0.507, 0.064),
    float2(0.896, 0.412),   float2(-0.322, -0.933), float2(-0.792, -0.598)
};

uint SelectCascade(CascadeData c, float viewDepth)
{
    uint cascade = 0;
    [unroll] for (uint i = 0; i < SHADOW_CASCADE_COUNT - 1; ++i)
        cascade += viewDepth > c.SplitDepths[i] ? 1u : 0u;
    return cascade;
}

float3 ShadowCoord(CascadeData c, uint cascade, float3 worldPos, float3 normal)
{
    float3 biased = worldPos + normal * c.NormalBias * c.TexelSizes[cascade];
    float4 p = mul(c.LightViewProjection[cascade], float4(biased, 1.0));
    p.xyz /= p.w;
    return float3(p.xy * float2(0.5, -0.5) + 0.5, p.z - c.DepthBias);
}

// 3x3 bilinear PCF: nine comparison taps, each hardware-filtered.
float ShadowPcf3x3(Texture2DArray<float> map, SamplerComparisonState cmp, float3 coord, uint cascade, float texel)
{
    float sum = 0.0;
    [unroll] for (int y = -1; y <= 1; ++y)
        [unroll] for (int x = -1; x <= 1; ++x)
            sum += map.SampleCmpLevelZero(cmp, float3(coord.xy + float2(x, y) * texel, cascade), coord.z);
    return sum / 9.0;
}

// Poisson disk rotated per pixel by an interleaved-gradient angle.
float ShadowPoisson(Texture2DArray<float> map, SamplerComparisonState cmp, float3 coord, uint cascade,
                    float radius, float2 pixel)
{
    float angle = TWO_PI * frac(52.9829189 * frac(dot(pixel, float2(0.06711056, 0.00583715))));
    float s, c;
    sincos(angle, s, c);
    float2x2 rotation = float2x2(c, -s, s, c);
    float sum = 0.0;
    [unroll] for (uint i = 0; i < 12; ++i)
    {
        float2 offset = mul(rotation, PoissonDisk[i]) * radius;
        sum += map.SampleCmpLevelZero(cmp, float3(coord.xy + offset, cascade), coord.z);
    }
    return sum / 12.0;
}

// Vogel (golden-angle spiral) kernel with a run-time tap count.
float ShadowSpiral(Texture2DArray<float> map, SamplerComparisonState cmp, float3 coord, uint cascade,
                   float radius, uint taps, float rotation)
{
    const float goldenAngle = 2.39996323;
    float sum = 0.0;
    for (uint i = 0; i < taps; ++i)
    {
        float r = sqrt((i + 0.5) / taps) * radius;
        float theta = i * goldenAngle + rotation;
        sum += map.SampleCmpLevelZero(cmp, float3(coord.xy + r * float2(cos(theta), sin(theta)), cascade), coord.z);
    }
    return sum / max(taps, 1u);
}

#endif
