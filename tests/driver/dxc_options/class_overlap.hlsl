// The usual D3D register layout: t0, s0, b0 and u0 are all binding 0 of set 0 for Vulkan unless
// the registers are shifted apart.
Texture2D<float4> Albedo : register(t0);
SamplerState LinearSampler : register(s0);
cbuffer PerDraw : register(b0) {
    float4 Tint;
};
RWStructuredBuffer<float4> Output : register(u0);

float4 main(float2 uv : TEXCOORD0) : SV_Target {
    float4 c = Albedo.Sample(LinearSampler, uv) * Tint;
    Output[0] = c;
    return c;
}
