// instance_cull.hlsl - GPU frustum culling of instances into a compacted visible list and indirect draw arguments.
cbuffer CullParams : register(b0)
{
    float4 FrustumPlanes[6];   // xyz normal (pointing inward), w distance
    uint InstanceCount;
    uint IndexCountPerInstance;
    float LodDistance;         // beyond this, instances use the low-detail mesh
    uint Padding;
};

struct InstanceBounds
{
    float3 Center;
    float Radius;
    uint MeshLod0;
    uint MeshLod1;
    uint2 Padding;
};

struct DrawIndexedArgs
{
    uint IndexCount;
    uint InstanceCount;
    uint FirstIndex;
    int VertexOffset;
    uint FirstInstance;
};

StructuredBuffer<InstanceBounds> Instances : register(t0);
RWStructuredBuffer<uint> VisibleInstances : register(u0);
RWStructuredBuffer<DrawIndexedArgs> DrawArgs : register(u1);
RWByteAddressBuffer Counters : register(u2);    // [0] visible count, [4] low-detail count

bool SphereInFrustum(float3 center, float radius)
{
    bool inside = true;
    [unroll] for (uint p = 0; p < 6; ++p)
        inside = inside && (dot(FrustumPlanes[p].xyz, center) + FrustumPlanes[p].w > -radius);
    return inside;
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSCull(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= InstanceCount)
        return;
    InstanceBounds b = Instances[id.x];
    if (!SphereInFrustum(b.Center, b.Radius))
        return;

    uint slot;
    Counters.InterlockedAdd(0, 1, slot);
    VisibleInstances[slot] = id.x;
    InterlockedAdd(DrawArgs[0].InstanceCount, 1);

    // Distance-based LOD statistics (camera at the origin of the culling space).
    if (length(b.Center) > LodDistance)
        Counters.InterlockedAdd(4, 1);
}

[shader("compute")]
[numthreads(1, 1, 1)]
void CSResetArgs()
{
    DrawIndexedArgs args;
    args.IndexCount = IndexCountPerInstance;
    args.InstanceCount = 0;
    args.FirstIndex = 0;
    args.VertexOffset = 0;
    args.FirstInstance = 0;
    DrawArgs[0] = args;
    Counters.Store2(0, uint2(0, 0));
}
