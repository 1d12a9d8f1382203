// cbuffers.hlsl - constant buffers every way: packoffset, ConstantBuffer<T>, arrays of ConstantBuffer<T>,
// register spaces, [[vk::binding(b, s)]], row_major / column_major members, #pragma pack_matrix, and loose globals
// that collect into the implicit $Globals buffer.
#pragma pack_matrix(row_major)

cbuffer Packed : register(b0)
{
    float3 LightDir : packoffset(c0);
    float LightIntensity : packoffset(c0.w);
    float2 JitterOffset : packoffset(c1.z);     // starts mid-row
    float4 Tint : packoffset(c2);
    float4x4 RowMajorByPragma : packoffset(c3);
};

struct CameraData
{
    float4x4 ViewProjection;          // row_major through the pragma
    column_major float3x3 NormalBasis;
    float3 Position;
    float Exposure;
};
ConstantBuffer<CameraData> Camera : register(b1, space2);

struct Tile { float4 Rect; uint Layer; float3 Padding; };
ConstantBuffer<Tile> Tiles[3] : register(b2);

[[vk::binding(5, 1)]] cbuffer Overrides { float OverrideAlpha; uint OverrideFlags; };
[[vk::binding(3, 1)]] Texture2D<float4> Albedo : register(t0, space3);   // vk::binding wins over the register
SamplerState LinearSampler : register(s4, space1);

// Globals outside any cbuffer go to the implicit constant buffer.
float GlobalFade;
uint GlobalTileIndex;

struct VSOut { float4 Position : SV_Position; float3 Normal : NORMAL; float2 Uv : TEXCOORD0; };

[shader("vertex")]
VSOut VSMain(float3 position : POSITION, float3 normal : NORMAL, float2 uv : TEXCOORD0)
{
    VSOut o;
    float4 clip = mul(float4(position, 1.0), Camera.ViewProjection);   // row-vector convention
    o.Position = clip + float4(JitterOffset * clip.w, 0, 0);
    o.Normal = mul(Camera.NormalBasis, normal);
    Tile t = Tiles[GlobalTileIndex % 3];
    o.Uv = t.Rect.xy + uv * t.Rect.zw;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    float4 c = Albedo.Sample(LinearSampler, i.Uv) * Tint;
    c.rgb *= saturate(dot(normalize(i.Normal), -LightDir)) * LightIntensity * Camera.Exposure;
    c.rgb += RowMajorByPragma[0].xyz * 0.001 + Tiles[1].Rect.xyz * 0.001;
    if (OverrideFlags & 1u)
        c.a = OverrideAlpha;
    return c * GlobalFade;
}
