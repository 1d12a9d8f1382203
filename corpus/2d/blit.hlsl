// blit.hlsl - full-screen copies: linear, point, and a scaled sub-rectangle with a channel mask.
#include "../include/common.hlsli"
#include "../include/color.hlsli"

cbuffer BlitParams : register(b0)
{
    float4 SourceRect;      // xy = offset, zw = scale, in uv
    float4 ChannelMask;     // multiply after sampling, e.g. (1,0,0,0) to show red only
    float MipLevel;
    uint ConvertToSrgb;
    float2 Padding;
};

Texture2D<float4> Source : register(t0);
SamplerState LinearClamp : register(s0);
SamplerState PointClamp : register(s1);

[shader("vertex")]
FullscreenVaryings VSFullscreen(uint id : SV_VertexID)
{
    FullscreenVaryings o = FullscreenTriangle(id);
    o.Uv = SourceRect.xy + o.Uv * SourceRect.zw;
    return o;
}

[shader("pixel")]
float4 PSBlitLinear(FullscreenVaryings i) : SV_Target
{
    float4 c = Source.SampleLevel(LinearClamp, i.Uv, MipLevel);
    if (ConvertToSrgb != 0)
        c.rgb = LinearToSrgb(c.rgb);
    return c;
}

[shader("pixel")]
float4 PSBlitPoint(FullscreenVaryings i) : SV_Target
{
    float4 c = Source.SampleLevel(PointClamp, i.Uv, MipLevel) * ChannelMask;
    // A single-channel view shows that channel as grey.
    float channels = dot(ChannelMask, 1.0.xxxx);
    if (channels == 1.0)
        c = float4(dot(c, 1.0.xxxx).xxx, 1.0);
    return c;
}

// Exact texel copy of the same size: Load instead of Sample.
[shader("pixel")]
float4 PSCopyTexel(float4 position : SV_Position) : SV_Target
{
    return Source.Load(int3(position.xy, 0));
}
