// A forward material in the style of DirectX samples: each texture has a sampler on the same
// register number (t2/s2, t3/s3), which DXC maps to the same Vulkan binding.
cbuffer PerObject : register(b0)
{
    float4x4 WorldViewProj;
    float4 Tint;
};

Texture2D AlbedoTexture : register(t2);
SamplerState AlbedoSampler : register(s2);
Texture2D NormalTexture : register(t3);
SamplerState NormalSampler : register(s3);

struct VSInput { float3 Position : POSITION; float2 TexCoord : TEXCOORD0; };
struct PSInput { float4 Position : SV_POSITION; float2 TexCoord : TEXCOORD0; };

PSInput VSMain(VSInput input)
{
    PSInput output;
    output.Position = mul(WorldViewProj, float4(input.Position, 1.0f));
    output.TexCoord = input.TexCoord;
    return output;
}

float4 PSMain(PSInput input) : SV_TARGET
{
    float4 albedo = AlbedoTexture.Sample(AlbedoSampler, input.TexCoord);
    float3 n = NormalTexture.Sample(NormalSampler, input.TexCoord).xyz * 2.0f - 1.0f;
    return albedo * Tint * saturate(n.z);
}
