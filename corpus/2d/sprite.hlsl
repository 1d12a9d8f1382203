// sprite.hlsl - instanced sprite batch: per-instance data from a structured buffer, corners from SV_VertexID.
#include "../include/common.hlsli"
#include "../include/color.hlsli"

struct SpriteInstance
{
    float2 Position;     // centre, in world units
    float2 Size;
    float4 UvRect;       // xy = min, zw = max in the atlas
    float Rotation;
    float Depth;
    uint Color;          // RGBA8
    uint Flags;          // bit 0: flip x, bit 1: flip y
};

cbuffer SpriteFrame : register(b0)
{
    float4x4 ViewProjection;
    float AlphaCutoff;
    float3 Padding;
};

StructuredBuffer<SpriteInstance> Sprites : register(t0);
Texture2D<float4> Atlas : register(t1);
SamplerState AtlasSampler : register(s0);

struct VSOut
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
    float4 Color : COLOR0;
};

[shader("vertex")]
VSOut VSMain(uint vertexId : SV_VertexID, uint instanceId : SV_InstanceID)
{
    SpriteInstance s = Sprites[instanceId];
    float2 corner = float2(vertexId & 1, vertexId >> 1);          // triangle strip: 0..3
    float2 local = (corner - 0.5) * s.Size;
    float sn, cs;
    sincos(s.Rotation, sn, cs);
    float2 world = s.Position + float2(local.x * cs - local.y * sn, local.x * sn + local.y * cs);

    float2 uvCorner = corner;
    if (s.Flags & 1u) uvCorner.x = 1.0 - uvCorner.x;
    if (s.Flags & 2u) uvCorner.y = 1.0 - uvCorner.y;

    VSOut o;
    o.Position = mul(ViewProjection, float4(world, s.Depth, 1.0));
    o.Uv = lerp(s.UvRect.xy, s.UvRect.zw, uvCorner);
    o.Color = UnpackRgba8(s.Color);
    o.Color.rgb = SrgbToLinear(o.Color.rgb);
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    float4 texel = Atlas.Sample(AtlasSampler, i.Uv);
    return float4(texel.rgb * i.Color.rgb, texel.a * i.Color.a);
}

// Cut-out sprites for the depth-sorted opaque pass.
[shader("pixel")]
float4 PSAlphaTest(VSOut i) : SV_Target
{
    float4 c = Atlas.Sample(AtlasSampler, i.Uv) * i.Color;
    clip(c.a - AlphaCutoff);
    return float4(c.rgb, 1.0);
}
