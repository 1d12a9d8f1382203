// vk_location.hlsl - explicit [[vk::location]] on vertex inputs, varyings and pixel outputs, mixed with
// implicit ones, and packed vertex formats with [[oneshader::format]].
cbuffer Frame : register(b0) { float4x4 ViewProjection; };

struct VSIn
{
    [[vk::location(3)]] float3 Position : POSITION;
    [[vk::location(0)]] [[oneshader::format("snorm8x4")]] float4 Normal : NORMAL;
    [[vk::location(1)]] [[oneshader::format("unorm16x2")]] float2 Uv : TEXCOORD0;
    [[vk::location(2)]] [[oneshader::format("uint8x4")]] uint4 Joints : BLENDINDICES;
};

struct Varyings
{
    float4 Position : SV_Position;
    [[vk::location(4)]] float2 Uv : TEXCOORD0;
    [[vk::location(1)]] float3 Normal : NORMAL;
    [[vk::location(7)]] nointerpolation uint4 Joints : BLENDINDICES;
};

struct PSOut
{
    [[vk::location(0)]] float4 Color : SV_Target0;
    [[vk::location(1)]] float4 Normal : SV_Target1;
};

[shader("vertex")]
Varyings VSMain(VSIn v)
{
    Varyings o;
    o.Position = mul(ViewProjection, float4(v.Position, 1.0));
    o.Uv = v.Uv;
    o.Normal = v.Normal.xyz;
    o.Joints = v.Joints;
    return o;
}

[shader("pixel")]
PSOut PSMain(Varyings i)
{
    PSOut o;
    o.Color = float4(i.Uv, (i.Joints.x & 0xff) / 255.0, 1.0);
    o.Normal = float4(normalize(i.Normal) * 0.5 + 0.5, 0.0);
    return o;
}
