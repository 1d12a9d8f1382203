// skinning.hlsl - linear blend skinning in the vertex shader, and a compute pre-skinning pass writing a vertex buffer.
#include "../include/common.hlsli"

#define MAX_BONES 128

cbuffer SkinnedDraw : register(b0)
{
    float4x4 ViewProjection;
    float4x4 World;
    uint BoneOffset;      // first palette entry of this instance
    uint VertexCount;
    float2 Padding;
};

StructuredBuffer<float3x4> BonePalette : register(t0);        // row-major affine bone transforms
ByteAddressBuffer SourceVertices : register(t1);               // 48-byte records for the compute path
RWByteAddressBuffer SkinnedVertices : register(u0);            // position + normal, 24 bytes each

struct SkinnedVertex
{
    float3 Position : POSITION;
    float3 Normal : NORMAL;
    float2 Uv : TEXCOORD0;
    uint4 Joints : BLENDINDICES;
    float4 Weights : BLENDWEIGHT;
};

struct VSOut
{
    float4 Position : SV_Position;
    float3 Normal : NORMAL;
    float2 Uv : TEXCOORD0;
};

float3x4 BlendBones(uint4 joints, float4 weights)
{
    float3x4 m = BonePalette[BoneOffset + joints.x] * weights.x;
    m += BonePalette[BoneOffset + joints.y] * weights.y;
    m += BonePalette[BoneOffset + joints.z] * weights.z;
    m += BonePalette[BoneOffset + joints.w] * weights.w;
    return m;
}

[shader("vertex")]
VSOut VSSkinned(SkinnedVertex v)
{
    float3x4 skin = BlendBones(v.Joints, v.Weights);
    float3 skinnedPos = mul(skin, float4(v.Position, 1.0));
    float3 skinnedNormal = mul((float3x3)skin, v.Normal);
    VSOut o;
    o.Position = mul(ViewProjection, mul(World, float4(skinnedPos, 1.0)));
    o.Normal = normalize(mul((float3x3)World, skinnedNormal));
    o.Uv = v.Uv;
    return o;
}

[shader("pixel")]
float4 PSNormals(VSOut i) : SV_Target
{
    return float4(normalize(i.Normal) * 0.5 + 0.5, 1.0);
}

// Source record: float3 position, float3 normal, uint packed joints (4 x 8 bits), float4 weights, pad.
[shader("compute")]
[numthreads(64, 1, 1)]
void CSSkin(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= VertexCount)
        return;
    uint src = id.x * 48;
    float3 position = asfloat(SourceVertices.Load3(src));
    float3 normal = asfloat(SourceVertices.Load3(src + 12));
    uint packedJoints = SourceVertices.Load(src + 24);
    float4 weights = asfloat(SourceVertices.Load4(src + 28));
    uint4 joints = uint4(packedJoints & 0xff, (packedJoints >> 8) & 0xff, (packedJoints >> 16) & 0xff, packedJoints >> 24);

    float3x4 skin = BlendBones(min(joints, MAX_BONES - 1), weights / max(dot(weights, 1.0.xxxx), 1e-5));
    float3 p = mul(skin, float4(position, 1.0));
    float3 n = normalize(mul((float3x3)skin, normal));
    uint dst = id.x * 24;
    SkinnedVertices.Store3(dst, asuint(p));
    SkinnedVertices.Store3(dst + 12, asuint(n));
}
