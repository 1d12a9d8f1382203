// light_cull.hlsl - per-cluster light lists: lights are staged through groupshared memory in batches.
#include "../include/lights.hlsli"

#define THREADS 64
#define BATCH 64

cbuffer LightCull : register(b0) { ClusterParams Params; float4x4 View; };

StructuredBuffer<Light> Lights : register(t0);
StructuredBuffer<ClusterBounds> Clusters : register(t1);
RWStructuredBuffer<uint2> ClusterRanges : register(u0);       // offset, count
RWStructuredBuffer<uint> ClusterLightIndices : register(u1);
RWStructuredBuffer<uint> GlobalIndexCount : register(u2);

groupshared float4 SharedLights[BATCH];   // view-space position, range

[shader("compute")]
[numthreads(THREADS, 1, 1)]
void CSCullLights(uint3 dispatchId : SV_DispatchThreadID, uint groupIndex : SV_GroupIndex)
{
    uint clusterIndex = dispatchId.x;
    bool valid = clusterIndex < CLUSTER_X * CLUSTER_Y * CLUSTER_Z;
    ClusterBounds bounds = Clusters[min(clusterIndex, CLUSTER_X * CLUSTER_Y * CLUSTER_Z - 1)];

    uint visible[MAX_LIGHTS_PER_CLUSTER];
    uint visibleCount = 0;

    for (uint batchStart = 0; batchStart < Params.LightCount; batchStart += BATCH)
    {
        uint lightIndex = batchStart + groupIndex;
        if (lightIndex < Params.LightCount)
        {
            Light l = Lights[lightIndex];
            SharedLights[groupIndex] = float4(mul(View, float4(l.Position, 1.0)).xyz, l.Range);
        }
        GroupMemoryBarrierWithGroupSync();

        uint batchCount = min(BATCH, Params.LightCount - batchStart);
        for (uint k = 0; k < batchCount && visibleCount < MAX_LIGHTS_PER_CLUSTER; ++k)
        {
            float4 s = SharedLights[k];
            if (SphereIntersectsAabb(s.xyz, s.w, bounds.MinPoint.xyz, bounds.MaxPoint.xyz))
                visible[visibleCount++] = batchStart + k;
        }
        GroupMemoryBarrierWithGroupSync();
    }

    if (!valid)
        return;
    uint offset;
    InterlockedAdd(GlobalIndexCount[0], visibleCount, offset);
    for (uint i = 0; i < visibleCount; ++i)
        ClusterLightIndices[offset + i] = visible[i];
    ClusterRanges[clusterIndex] = uint2(offset, visibleCount);
}
