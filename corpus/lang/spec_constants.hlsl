// spec_constants.hlsl - [[vk::constant_id]] specialization constants of every allowed type (bool, int, uint,
// float), used in branches, loop bounds, arithmetic and a static const derived from one.
[[vk::constant_id(0)]] const bool UseFastPath = false;
[[vk::constant_id(1)]] const int Iterations = 8;
[[vk::constant_id(2)]] const uint ChannelMask = 0xF;
[[vk::constant_id(5)]] const float Strength = 0.75;

static const float HalfStrength = Strength * 0.5;   // derived: computed per pipeline

cbuffer Params : register(b0) { uint2 Size; float2 Padding; };
Texture2D<float4> Source : register(t0);
[[vk::image_format("rgba8")]] RWTexture2D<float4> Destination : register(u0);

[shader("compute")]
[numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    if (any(id.xy >= Size))
        return;
    float4 c = Source[id.xy];
    if (UseFastPath)
    {
        Destination[id.xy] = c * Strength;
        return;
    }
    float4 acc = 0.0;
    for (int i = 0; i < Iterations; ++i)
    {
        int2 p = clamp(int2(id.xy) + int2(i - Iterations / 2, 0), int2(0, 0), int2(Size) - 1);
        acc += Source[p];
    }
    acc /= max(Iterations, 1);
    float4 mask = float4((ChannelMask & 1u) != 0, (ChannelMask & 2u) != 0, (ChannelMask & 4u) != 0, (ChannelMask & 8u) != 0);
    Destination[id.xy] = lerp(c, acc, mask * HalfStrength);
}
