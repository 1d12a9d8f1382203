// Per-draw data in a push constant block, as Vulkan ports of HLSL renderers declare it.
struct DrawConstants
{
    float4x4 Model;
    uint MaterialIndex;
    float3 Tint;
    float2 UvScale;
    uint Flags;
};

[[vk::push_constant]] DrawConstants Draw;

Texture2D Materials[8] : register(t0, space1);
SamplerState LinearSampler : register(s0);

struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; };

[shader("vertex")]
VSOut VSMain(float3 position : POSITION, float2 uv : TEXCOORD0)
{
    VSOut o;
    o.Position = mul(Draw.Model, float4(position, 1.0));
    o.Uv = uv * Draw.UvScale;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    float4 c = Materials[Draw.MaterialIndex].Sample(LinearSampler, i.Uv);
    if ((Draw.Flags & 1u) != 0) c.rgb *= Draw.Tint;
    return c;
}
