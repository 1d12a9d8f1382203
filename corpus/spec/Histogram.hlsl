// spec page "InterlockedAdd in HLSL, and what to do for floats"
Texture2D<float4> Image : register(t0);
RWStructuredBuffer<uint> Bins : register(u1);     // 256 bins
RWStructuredBuffer<uint> Total : register(u2);    // one float, stored as its bits

// There is no float InterlockedAdd: add with a compare-exchange loop on the bits.
void AtomicAddFloat(uint index, float value)
{
    uint expected = Total[index];
    for (;;)
    {
        uint desired = asuint(asfloat(expected) + value);
        uint original;
        InterlockedCompareExchange(Total[index], expected, desired, original);
        if (original == expected)
            break;
        expected = original;
    }
}

[shader("compute")]
[numthreads(16, 16, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    float3 rgb = Image[id.xy].rgb;
    float luma = dot(rgb, float3(0.2126, 0.7152, 0.0722));
    uint bin = min(uint(luma * 256.0), 255u);

    InterlockedAdd(Bins[bin], 1u);   // 32-bit int or uint
    AtomicAddFloat(0, luma);
}
