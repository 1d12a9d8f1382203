// push_constants.hlsl - [[vk::push_constant]] blocks: a struct global read by a vertex+pixel pair, and a
// ConstantBuffer<T> block read by a compute entry (one block per entry point), with std430-style packing
// (float3 followed by a scalar sharing a row).
struct DrawPush
{
    float4x4 Model;
    float3 Tint;
    float Alpha;              // packs into the float3's row
    uint MaterialIndex;
    float2 UvScale;
};
[[vk::push_constant]] DrawPush Draw;

struct DispatchPush
{
    uint2 Size;
    float3 Bias;
    uint Flags;
};
[[vk::push_constant]] ConstantBuffer<DispatchPush> Dispatch;

cbuffer Camera : register(b0) { float4x4 ViewProjection; };
Texture2D<float4> Materials[4] : register(t0);
SamplerState Linear : register(s0);
[[vk::image_format("rgba16f")]] RWTexture2D<float4> Target : register(u0);

struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; };

[shader("vertex")]
VSOut VSMain(float3 position : POSITION, float2 uv : TEXCOORD0)
{
    VSOut o;
    o.Position = mul(ViewProjection, mul(Draw.Model, float4(position, 1.0)));
    o.Uv = uv * Draw.UvScale;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    float4 c = Materials[Draw.MaterialIndex & 3].Sample(Linear, i.Uv);
    return float4(c.rgb * Draw.Tint, c.a * Draw.Alpha);
}

[shader("compute")]
[numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    if (any(id.xy >= Dispatch.Size))
        return;
    float4 v = Target[id.xy];
    v.rgb += Dispatch.Bias;
    if (Dispatch.Flags & 1u)
        v.rgb = saturate(v.rgb);
    Target[id.xy] = v;
}
