// Vertex input and varyings with [[vk::location]] on struct members (out of declaration order),
// as ports of GLSL pipelines do.
struct VSInput
{
    [[vk::location(0)]] float3 Position : POSITION;
    [[vk::location(2)]] float2 TexCoord : TEXCOORD0;
    [[vk::location(1)]] float3 Normal : NORMAL;
    [[vk::location(5)]] float4 Color : COLOR0;
};

struct VSOutput
{
    float4 Position : SV_POSITION;
    [[vk::location(3)]] float3 Normal : NORMAL;
    [[vk::location(0)]] float2 TexCoord : TEXCOORD0;
    [[vk::location(1)]] float4 Color : COLOR0;
};

cbuffer UBO : register(b0) { float4x4 Projection; float4x4 Model; };

[shader("vertex")]
VSOutput VSMain(VSInput input)
{
    VSOutput output;
    output.Position = mul(Projection, mul(Model, float4(input.Position, 1.0)));
    output.Normal = mul((float3x3)Model, input.Normal);
    output.TexCoord = input.TexCoord;
    output.Color = input.Color;
    return output;
}

[shader("pixel")]
float4 PSMain(VSOutput input) : SV_Target0
{
    return input.Color * float4(input.TexCoord, 1.0, 1.0) * float4(normalize(input.Normal) * 0.5 + 0.5, 1.0);
}
