// depth_reduce.hlsl - min/max depth of the frame (for tight shadow cascades): a groupshared reduction per tile,
// then one InterlockedMin / InterlockedMax per group on the float bits (valid because depths are non-negative).
cbuffer ReduceParams : register(b0) { uint2 DepthSize; float NearPlane; float FarPlane; };

Texture2D<float> DepthBuffer : register(t0);
RWStructuredBuffer<uint> DepthBounds : register(u0);   // [0] min bits, [1] max bits
RWStructuredBuffer<float2> LinearBounds : register(u1);

groupshared uint TileMin;
groupshared uint TileMax;

[shader("compute")]
[numthreads(16, 16, 1)]
void CSReduceDepth(uint3 id : SV_DispatchThreadID, uint groupIndex : SV_GroupIndex)
{
    if (groupIndex == 0)
    {
        TileMin = 0x7f7fffff;     // FLT_MAX bits
        TileMax = 0;
    }
    GroupMemoryBarrierWithGroupSync();

    if (all(id.xy < DepthSize))
    {
        float d = DepthBuffer.Load(int3(id.xy, 0));
        if (d > 0.0)              // reversed Z: 0 is the sky
        {
            InterlockedMin(TileMin, asuint(d));
            InterlockedMax(TileMax, asuint(d));
        }
    }
    GroupMemoryBarrierWithGroupSync();

    if (groupIndex == 0 && TileMax != 0)
    {
        uint previous;
        InterlockedMin(DepthBounds[0], TileMin, previous);
        InterlockedMax(DepthBounds[1], TileMax);
    }
}

[shader("compute")]
[numthreads(1, 1, 1)]
void CSResolveBounds()
{
    float minDepth = asfloat(DepthBounds[0]);
    float maxDepth = asfloat(DepthBounds[1]);
    // Reversed Z: the largest depth is the nearest surface.
    float nearest = NearPlane * FarPlane / (NearPlane + maxDepth * (FarPlane - NearPlane));
    float farthest = NearPlane * FarPlane / (NearPlane + minDepth * (FarPlane - NearPlane));
    LinearBounds[0] = float2(nearest, farthest);
    DepthBounds[0] = 0x7f7fffff;
    DepthBounds[1] = 0;
}
