// bloom.hlsl - physically based bloom: threshold prefilter, 13-tap downsample (Karis average on the first mip), 3x3 tent upsample.
#include "../include/common.hlsli"
#include "../include/color.hlsli"

cbuffer BloomParams : register(b0)
{
    float2 SourceTexelSize;
    float Threshold;
    float Knee;             // soft threshold width
    float UpsampleRadius;
    float Intensity;
    uint FirstMip;          // 1 when downsampling from the full-resolution scene
    float Padding;
};

Texture2D<float4> Source : register(t0);
Texture2D<float4> Previous : register(t1);   // the lower-resolution mip being added in the upsample
SamplerState LinearClamp : register(s0);

float KarisWeight(float3 c) { return 1.0 / (1.0 + Luminance(c)); }

float4 SampleSource(float2 uv) { return Source.SampleLevel(LinearClamp, uv, 0); }

[shader("vertex")]
FullscreenVaryings VSMain(uint id : SV_VertexID) { return FullscreenTriangle(id); }

[shader("pixel")]
float4 PSPrefilter(FullscreenVaryings i) : SV_Target
{
    float3 c = SampleSource(i.Uv).rgb;
    float brightness = max(c.r, max(c.g, c.b));
    float soft = clamp(brightness - Threshold + Knee, 0.0, 2.0 * Knee);
    soft = soft * soft / (4.0 * Knee + 1e-4);
    float contribution = max(soft, brightness - Threshold) / max(brightness, 1e-4);
    return float4(c * contribution, 1.0);
}

[shader("pixel")]
float4 PSDownsample(FullscreenVaryings i) : SV_Target
{
    float2 t = SourceTexelSize;
    float3 a = SampleSource(i.Uv + t * float2(-2,  2)).rgb;
    float3 b = SampleSource(i.Uv + t * float2( 0,  2)).rgb;
    float3 c = SampleSource(i.Uv + t * float2( 2,  2)).rgb;
    float3 d = SampleSource(i.Uv + t * float2(-2,  0)).rgb;
    float3 e = SampleSource(i.Uv).rgb;
    float3 f = SampleSource(i.Uv + t * float2( 2,  0)).rgb;
    float3 g = SampleSource(i.Uv + t * float2(-2, -2)).rgb;
    float3 h = SampleSource(i.Uv + t * float2( 0, -2)).rgb;
    float3 k = SampleSource(i.Uv + t * float2( 2, -2)).rgb;
    float3 j = SampleSource(i.Uv + t * float2(-1,  1)).rgb;
    float3 l = SampleSource(i.Uv + t * float2( 1,  1)).rgb;
    float3 m = SampleSource(i.Uv + t * float2(-1, -1)).rgb;
    float3 n = SampleSource(i.Uv + t * float2( 1, -1)).rgb;

    float3 result;
    if (FirstMip != 0)
    {
        // Karis average per 2x2 group stops fireflies from flickering.
        float3 g0 = (a + b + d + e) * 0.25, g1 = (b + c + e + f) * 0.25;
        float3 g2 = (d + e + g + h) * 0.25, g3 = (e + f + h + k) * 0.25;
        float3 g4 = (j + l + m + n) * 0.25;
        float w0 = KarisWeight(g0) * 0.125, w1 = KarisWeight(g1) * 0.125;
        float w2 = KarisWeight(g2) * 0.125, w3 = KarisWeight(g3) * 0.125, w4 = KarisWeight(g4) * 0.5;
        result = (g0 * w0 + g1 * w1 + g2 * w2 + g3 * w3 + g4 * w4) / (w0 + w1 + w2 + w3 + w4);
    }
    else
    {
        result = e * 0.125 + (a + c + g + k) * 0.03125 + (b + d + f + h) * 0.0625 + (j + l + m + n) * 0.125;
    }
    return float4(max(result, 1e-4), 1.0);
}

[shader("pixel")]
float4 PSUpsample(FullscreenVaryings i) : SV_Target
{
    float2 r = SourceTexelSize * UpsampleRadius;
    float3 sum = SampleSource(i.Uv).rgb * 4.0;
    sum += (SampleSource(i.Uv + float2(-r.x, 0)).rgb + SampleSource(i.Uv + float2(r.x, 0)).rgb +
            SampleSource(i.Uv + float2(0, -r.y)).rgb + SampleSource(i.Uv + float2(0, r.y)).rgb) * 2.0;
    sum += SampleSource(i.Uv + float2(-r.x, -r.y)).rgb + SampleSource(i.Uv + float2(r.x, -r.y)).rgb +
           SampleSource(i.Uv + float2(-r.x, r.y)).rgb + SampleSource(i.Uv + float2(r.x, r.y)).rgb;
    float3 upsampled = sum / 16.0;
    return float4(Previous.SampleLevel(LinearClamp, i.Uv, 0).rgb + upsampled * Intensity, 1.0);
}
