// float_atomics.hlsl - Shader Model 6.6's float atomics: InterlockedExchange on a float in a
// structured buffer and in groupshared memory, and RWByteAddressBuffer's InterlockedExchangeFloat,
// InterlockedCompareExchangeFloatBitwise and InterlockedCompareStoreFloatBitwise, which compare the
// float's bits (so -0.0 does not match 0.0). WGSL has no atomics on a float in workgroup memory.
RWStructuredBuffer<float> Values : register(u0);
RWByteAddressBuffer Raw : register(u1);
RWStructuredBuffer<float> Output : register(u2);

[shader("compute")]
[numthreads(4, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    float original;
    InterlockedExchange(Values[id.x], float(id.x) + 0.5, original);
    Output[id.x] = original;
    float before;
    Raw.InterlockedExchangeFloat(id.x * 4, -float(id.x), before);
    Output[4 + id.x] = before;
    float seen;
    Raw.InterlockedCompareExchangeFloatBitwise(16 + id.x * 4, 2.0, 8.0, seen);
    Output[8 + id.x] = seen;
    Raw.InterlockedCompareStoreFloatBitwise(32 + id.x * 4, 0.0, 9.0);
}

groupshared float Shared[4];

[shader("compute")]
[numthreads(4, 1, 1)]
void CSGroupshared(uint3 id : SV_GroupThreadID)
{
    Shared[id.x] = 1.0 + id.x;
    GroupMemoryBarrierWithGroupSync();
    float old;
    InterlockedExchange(Shared[(id.x + 1) % 4], 10.0, old);
    GroupMemoryBarrierWithGroupSync();
    Output[id.x] = Shared[id.x] + old;
}
