// cluster_build.hlsl - view-space AABBs of the froxel grid (exponential depth slices) for clustered shading.
#include "../include/lights.hlsli"

cbuffer ClusterBuild : register(b0) { ClusterParams Params; };
RWStructuredBuffer<ClusterBounds> Clusters : register(u0);

float3 ScreenToView(float2 screen, float ndcDepth)
{
    float2 ndc = screen / Params.ScreenSize * float2(2.0, -2.0) + float2(-1.0, 1.0);
    float4 view = mul(Params.InvProjection, float4(ndc, ndcDepth, 1.0));
    return view.xyz / view.w;
}

// Intersection of the ray from the eye through p with the plane z = depth.
float3 LineToDepth(float3 p, float depth) { return p * (depth / p.z); }

[shader("compute")]
[numthreads(CLUSTER_X, CLUSTER_Y, 1)]
void CSBuildClusters(uint3 cell : SV_DispatchThreadID, uint3 group : SV_GroupID)
{
    float2 tileSize = Params.ScreenSize / float2(CLUSTER_X, CLUSTER_Y);
    float3 minView = ScreenToView(cell.xy * tileSize, 1.0);
    float3 maxView = ScreenToView((cell.xy + 1) * tileSize, 1.0);

    uint slice = group.z;
    float nearZ = Params.ZNear * pow(Params.ZFar / Params.ZNear, slice / (float)CLUSTER_Z);
    float farZ = Params.ZNear * pow(Params.ZFar / Params.ZNear, (slice + 1) / (float)CLUSTER_Z);

    float3 a = LineToDepth(minView, nearZ);
    float3 b = LineToDepth(minView, farZ);
    float3 c = LineToDepth(maxView, nearZ);
    float3 d = LineToDepth(maxView, farZ);

    ClusterBounds bounds;
    bounds.MinPoint = float4(min(min(a, b), min(c, d)), 0.0);
    bounds.MaxPoint = float4(max(max(a, b), max(c, d)), 0.0);
    Clusters[ClusterIndex(uint3(cell.xy, slice))] = bounds;
}
