// expect: OSH0120
// spec page "Shader variants with defines and includes" ("A missing include is a diagnostic on the #include line"; the spec reports (1,10), here (4,10)).
// defines: RADIUS=2
#include "common/sample.hlsli"
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
