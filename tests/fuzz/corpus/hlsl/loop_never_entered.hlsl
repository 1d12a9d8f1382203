// HLSL mutation finding: a loop a constant condition never enters left its kept continue block
// passing the removed body's value to the header's phi (OSH7000 with --verify-ir).
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1,1,1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    uint offset = 1;
    [unroll] for (uint d = 4; d = 0; d >>= 1)
    {
        offset *= 2;
    }
    Out[0] = offset;
}
