// histogram.hlsl - log-luminance histogram for auto exposure (groupshared bins, then InterlockedAdd to global),
// and the pass that turns it into an adapted average luminance.
#include "../include/color.hlsli"

#define BIN_COUNT 256

cbuffer HistogramParams : register(b0)
{
    uint2 InputSize;
    float MinLogLuminance;
    float InvLogLuminanceRange;   // 1 / (max - min)
    float LogLuminanceRange;
    float AdaptationRate;         // 1 - exp(-dt * speed)
    uint PixelCount;
    float Padding;
};

Texture2D<float4> HdrInput : register(t0);
RWStructuredBuffer<uint> Histogram : register(u0);
RWStructuredBuffer<float> AverageLuminance : register(u1);

groupshared uint LocalBins[BIN_COUNT];

uint LuminanceToBin(float3 c)
{
    float lum = Luminance(c);
    if (lum < 1e-3)
        return 0;      // bin 0 collects black pixels
    float logLum = saturate((log2(lum) - MinLogLuminance) * InvLogLuminanceRange);
    return (uint)(logLum * 254.0 + 1.0);
}

[shader("compute")]
[numthreads(16, 16, 1)]
void CSBuildHistogram(uint3 id : SV_DispatchThreadID, uint groupIndex : SV_GroupIndex)
{
    LocalBins[groupIndex] = 0;
    GroupMemoryBarrierWithGroupSync();

    if (all(id.xy < InputSize))
        InterlockedAdd(LocalBins[LuminanceToBin(HdrInput.Load(int3(id.xy, 0)).rgb)], 1);
    GroupMemoryBarrierWithGroupSync();

    uint count = LocalBins[groupIndex];
    if (count != 0)
        InterlockedAdd(Histogram[groupIndex], count);
}

groupshared float WeightedBins[BIN_COUNT];

[shader("compute")]
[numthreads(BIN_COUNT, 1, 1)]
void CSAverage(uint groupIndex : SV_GroupIndex)
{
    uint count = Histogram[groupIndex];
    WeightedBins[groupIndex] = count * (float)groupIndex;
    Histogram[groupIndex] = 0;                 // clear for the next frame
    GroupMemoryBarrierWithGroupSync();

    [unroll] for (uint stride = BIN_COUNT / 2; stride > 0; stride >>= 1)
    {
        if (groupIndex < stride)
            WeightedBins[groupIndex] += WeightedBins[groupIndex + stride];
        GroupMemoryBarrierWithGroupSync();
    }

    if (groupIndex == 0)
    {
        float blackPixels = (float)count;     // thread 0 read bin 0
        float weighted = WeightedBins[0] / max(PixelCount - blackPixels, 1.0) - 1.0;
        float logAvg = weighted / 254.0 * LogLuminanceRange + MinLogLuminance;
        float target = exp2(logAvg);
        float previous = AverageLuminance[0];
        AverageLuminance[0] = previous + (target - previous) * AdaptationRate;
    }
}
