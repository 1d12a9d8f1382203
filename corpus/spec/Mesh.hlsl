// spec page "Push constants on Vulkan, Metal and WebGPU"
struct PerDraw { float4x4 Model; float4 Tint; uint Index; };
[[vk::push_constant]] ConstantBuffer<PerDraw> Draw;

cbuffer Camera : register(b0) { float4x4 ViewProjection; };

struct VSOut { float4 Position : SV_Position; float4 Color : COLOR0; };

[shader("vertex")]
VSOut VSMain(float3 position : POSITION)
{
    VSOut o;
    o.Position = mul(ViewProjection, mul(Draw.Model, float4(position, 1)));
    o.Color = Draw.Tint;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target { return i.Color; }
