// texture_buffers.hlsl - read-only storage blocks: a tbuffer of per-draw values (the storage-buffer
// layout packs its float2 array at a stride of 8, where a cbuffer would take 16), TextureBuffer<T> of
// row_major bone matrices indexed at run time, and an array of TextureBuffer<T> read whole into a
// local, by a constant and by a per-pixel index.
struct Skin
{
    row_major float3x4 Bones[4];
    float4 Weights;
};

struct Light
{
    float3 Position;
    float Radius;
    float3 Color;
    uint Flags;
};

tbuffer DrawParams : register(t0)
{
    float4x4 World;
    float3 Tint;
    float Opacity;
    float2 UvScale[3];
    uint MaterialId;
};

TextureBuffer<Skin> SkinData : register(t1, space1);
TextureBuffer<Light> Lights[2] : register(t2);
Texture2D<float4> Albedo : register(t4);
SamplerState Linear : register(s5);

struct VSOut
{
    float4 Position : SV_Position;
    float3 WorldPos : WORLDPOS;
    float2 Uv : TEXCOORD0;
    nointerpolation uint Material : MATERIAL;
};

[shader("vertex")]
VSOut VSMain(float3 position : POSITION, float2 uv : TEXCOORD0, uint4 bones : BONES)
{
    float3 skinned = 0;
    [unroll] for (int i = 0; i < 4; ++i)
        skinned += mul(SkinData.Bones[bones[i]], float4(position, 1.0)) * SkinData.Weights[i];
    VSOut o;
    o.Position = mul(World, float4(skinned, 1.0));
    o.WorldPos = skinned;
    o.Uv = uv * UvScale[MaterialId % 3];
    o.Material = MaterialId;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut input) : SV_Target
{
    float4 albedo = Albedo.Sample(Linear, input.Uv);
    return float4(albedo.rgb * Tint, albedo.a * Opacity);
}

float3 Shade(Light l, float3 p)
{
    float3 d = l.Position - p;
    float falloff = saturate(1.0 - dot(d, d) / (l.Radius * l.Radius));
    return (l.Flags & 1) != 0 ? l.Color * falloff : 0;
}

[shader("pixel")]
float4 PSLights(VSOut input) : SV_Target
{
    Light key = Lights[0];
    float3 lit = Shade(key, input.WorldPos);
    lit += Shade(Lights[input.Material & 1], input.WorldPos) * Lights[1].Color;
    return float4(lit * Tint, Opacity);
}
