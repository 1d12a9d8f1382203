// spec page "Compile HLSL in a C# project with dotnet build"
Texture2D<float4> Source : register(t0);
SamplerState Linear : register(s1);
cbuffer Blur : register(b2) { float2 TexelSize; };

[shader("pixel")]
float4 PSMain(float2 uv : TEXCOORD0) : SV_Target
{
    float2 step = HORIZONTAL ? float2(TexelSize.x, 0) : float2(0, TexelSize.y);
    float4 sum = 0;
    [unroll] for (int i = -RADIUS; i <= RADIUS; i++)
        sum += Source.Sample(Linear, uv + step * i);
    return sum / (2 * RADIUS + 1);
}
