// blur.hlsl - separable Gaussian blur; BLUR_HORIZONTAL picks the direction (default horizontal).
// blur_vertical.hlsl includes this file with BLUR_HORIZONTAL 0.
#include "../include/common.hlsli"

#ifndef BLUR_HORIZONTAL
#define BLUR_HORIZONTAL 1
#endif
#ifndef BLUR_TAPS
#define BLUR_TAPS 5      // linear-sampled taps per side
#endif

cbuffer BlurParams : register(b0)
{
    float2 TexelSize;
    float Radius;         // scales the tap offsets
    float Padding;
    float4 Weights[BLUR_TAPS];   // x = weight, y = offset in texels (bilinear-optimised)
};

Texture2D<float4> Source : register(t0);
SamplerState LinearClamp : register(s0);

static const float2 BlurDirection =
#if BLUR_HORIZONTAL
    float2(1.0, 0.0);
#else
    float2(0.0, 1.0);
#endif

[shader("vertex")]
FullscreenVaryings VSBlur(uint id : SV_VertexID)
{
    return FullscreenTriangle(id);
}

[shader("pixel")]
float4 PSBlur(FullscreenVaryings i) : SV_Target
{
    float2 step = BlurDirection * TexelSize * Radius;
    float4 sum = Source.SampleLevel(LinearClamp, i.Uv, 0) * Weights[0].x;
    [unroll] for (int t = 1; t < BLUR_TAPS; ++t)
    {
        float2 offset = step * Weights[t].y;
        sum += Source.SampleLevel(LinearClamp, i.Uv + offset, 0) * Weights[t].x;
        sum += Source.SampleLevel(LinearClamp, i.Uv - offset, 0) * Weights[t].x;
    }
    return sum;
}
