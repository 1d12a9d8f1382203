// spec page "Shader variants with defines and includes" (C# raw string "blur.hlsl")
// defines: RADIUS=2 HORIZONTAL=1
#include "common/sampling.hlsli"
Texture2D<float4> Source : register(t0);
SamplerState Linear : register(s1);

[shader("pixel")]
float4 PSMain(float2 uv : TEXCOORD0) : SV_Target
{
    float4 sum = 0;
    [unroll] for (int i = -RADIUS; i <= RADIUS; i++)
        sum += Source.Sample(Linear, uv + TexelOffset(i));
    return sum / (2 * RADIUS + 1);
}
