// Skinning constants with row_major matrices next to column-major ones, in a register space, as
// engines that upload row-major matrices from C++ declare them.
cbuffer Transforms : register(b0, space1)
{
    row_major float4x4 World;
    float4x4 ViewProj;
    row_major float3x4 Bones[2];
    float3x3 NormalMatrix;
    float4 Params;
};

struct VSIn { float3 Position : POSITION; float3 Normal : NORMAL; uint4 Indices : BLENDINDICES; float4 Weights : BLENDWEIGHT; };
struct VSOut { float4 Position : SV_Position; float3 Normal : NORMAL; };

[shader("vertex")]
VSOut VSMain(VSIn v)
{
    float3x4 skin = Bones[v.Indices.x] * v.Weights.x + Bones[v.Indices.y] * v.Weights.y;
    float3 p = mul(skin, float4(v.Position, 1.0));
    VSOut o;
    o.Position = mul(ViewProj, mul(World, float4(p, 1.0)));
    o.Normal = mul(NormalMatrix, v.Normal) * Params.x;
    return o;
}
