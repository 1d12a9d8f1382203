// lights.hlsli - punctual lights and the clustered-lighting grid shared by the renderer and the culling passes.
#ifndef CORPUS_LIGHTS_HLSLI
#define CORPUS_LIGHTS_HLSLI

#define LIGHT_TYPE_POINT 0
#define LIGHT_TYPE_SPOT 1

#define CLUSTER_X 16
#define CLUSTER_Y 9
#define CLUSTER_Z 24
#define MAX_LIGHTS_PER_CLUSTER 64

struct Light
{
    float3 Position;
    float Range;
    float3 Color;
    float Intensity;
    float3 Direction;
    uint Type;
    float SpotCosInner;
    float SpotCosOuter;
    float2 Padding;
};

struct ClusterBounds
{
    float4 MinPoint;   // view space, w unused
    float4 MaxPoint;
};

struct ClusterParams
{
    float4x4 InvProjection;
    float2 ScreenSize;
    float ZNear;
    float ZFar;
    uint LightCount;
    float LogDepthScale;   // CLUSTER_Z / log(ZFar / ZNear)
    float LogDepthBias;    // -CLUSTER_Z * log(ZNear) / log(ZFar / ZNear)
    uint Padding;
};

uint ClusterIndex(uint3 cell) { return cell.x + CLUSTER_X * (cell.y + CLUSTER_Y * cell.z); }

uint3 ClusterCell(float2 pixel, float viewDepth, ClusterParams p)
{
    uint slice = (uint)max(log(viewDepth) * p.LogDepthScale + p.LogDepthBias, 0.0);
    uint2 tile = (uint2)(pixel / p.ScreenSize * float2(CLUSTER_X, CLUSTER_Y));
    return uint3(min(tile, uint2(CLUSTER_X - 1, CLUSTER_Y - 1)), min(slice, CLUSTER_Z - 1u));
}

float DistanceAttenuation(float distanceSq, float range)
{
    float factor = distanceSq / (range * range);
    float smoothFactor = saturate(1.0 - factor * factor);
    return smoothFactor * smoothFactor / max(distanceSq, 1e-4);
}

float SpotAttenuation(Light light, float3 l)
{
    float cd = dot(-l, light.Direction);
    float t = saturate((cd - light.SpotCosOuter) / max(light.SpotCosInner - light.SpotCosOuter, 1e-4));
    return t * t;
}

bool SphereIntersectsAabb(float3 center, float radius, float3 aabbMin, float3 aabbMax)
{
    float3 closest = clamp(center, aabbMin, aabbMax);
    float3 d = closest - center;
    return dot(d, d) <= radius * radius;
}

#endif
