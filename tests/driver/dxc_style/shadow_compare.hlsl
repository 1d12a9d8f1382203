// Shadow mapping with a comparison sampler (SamplerComparisonState) and PCF, and a cbuffer without
// a register that DXC binds implicitly.
Texture2D<float> ShadowMap : register(t4);
SamplerComparisonState ShadowSampler : register(s4);
Texture2DArray<float> CascadeMaps : register(t5);

cbuffer ShadowParams
{
    float4x4 LightViewProj;
    float DepthBias;
    float2 TexelSize;
};

float SampleShadow(float3 uvz)
{
    float sum = 0;
    [unroll] for (int y = -1; y <= 1; ++y)
        [unroll] for (int x = -1; x <= 1; ++x)
            sum += ShadowMap.SampleCmpLevelZero(ShadowSampler, uvz.xy + float2(x, y) * TexelSize, uvz.z - DepthBias);
    return sum / 9.0;
}

[shader("pixel")]
float4 PSMain(float4 position : SV_Position, float3 worldPos : POSITION) : SV_Target
{
    float4 lp = mul(LightViewProj, float4(worldPos, 1.0));
    float3 uvz = lp.xyz / lp.w;
    uvz.xy = uvz.xy * float2(0.5, -0.5) + 0.5;
    float s = SampleShadow(uvz);
    s *= CascadeMaps.SampleCmp(ShadowSampler, float3(uvz.xy, 1), uvz.z);
    return float4(s.xxx, 1.0);
}
