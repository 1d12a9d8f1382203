// byte_address.hlsl - a raw-buffer user: packs a mesh into a compact 16-byte vertex format and
// builds a meshlet index list, with Load/Store of 1-4 words and byte-buffer atomics.
cbuffer PackParams : register(b0) { uint VertexCount; uint TriangleCount; float3 BoundsMin; float Padding0; float3 BoundsExtent; float Padding1; };

ByteAddressBuffer Positions : register(t0);       // float3, 12-byte stride
ByteAddressBuffer Normals : register(t1);         // float3, 12-byte stride
ByteAddressBuffer Uvs : register(t2);             // float2, 8-byte stride
ByteAddressBuffer Indices : register(t3);         // uint32 indices
RWByteAddressBuffer Packed : register(u0);        // 16 bytes per vertex
RWByteAddressBuffer Stats : register(u1);         // [0] degenerate triangles, [4] max index, [8] checksum

uint PackUnorm16x2(float2 v)
{
    uint2 u = uint2(saturate(v) * 65535.0 + 0.5);
    return u.x | (u.y << 16);
}

uint PackSnorm10x3(float3 n)
{
    int3 i = int3(round(clamp(n, -1.0, 1.0) * 511.0));
    uint3 u = uint3(i) & 0x3ffu;
    return u.x | (u.y << 10) | (u.z << 20);
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSPackVertices(uint3 id : SV_DispatchThreadID)
{
    uint v = id.x;
    if (v >= VertexCount)
        return;
    float3 p = asfloat(Positions.Load3(v * 12));
    float3 n = asfloat(Normals.Load3(v * 12));
    float2 uv = asfloat(Uvs.Load2(v * 8));

    float3 q = (p - BoundsMin) / BoundsExtent;
    uint4 record;
    record.x = PackUnorm16x2(q.xy);
    record.y = PackUnorm16x2(float2(q.z, 0.0));
    record.z = PackSnorm10x3(normalize(n));
    record.w = f32tof16(uv.x) | (f32tof16(uv.y) << 16);
    Packed.Store4(v * 16, record);
    Stats.InterlockedXor(8, record.x ^ record.z);
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSCheckTriangles(uint3 id : SV_DispatchThreadID)
{
    uint t = id.x;
    if (t >= TriangleCount)
        return;
    uint3 tri = Indices.Load3(t * 12);
    Stats.InterlockedMax(4, max(tri.x, max(tri.y, tri.z)));
    float3 a = asfloat(Positions.Load3(tri.x * 12));
    float3 b = asfloat(Positions.Load3(tri.y * 12));
    float3 c = asfloat(Positions.Load3(tri.z * 12));
    float area2 = length(cross(b - a, c - a));
    if (tri.x == tri.y || tri.y == tri.z || tri.x == tri.z || area2 < 1e-12)
    {
        uint previous;
        Stats.InterlockedAdd(0, 1, previous);
        Packed.Store(VertexCount * 16 + previous * 4, t);   // list of degenerate triangles after the vertices
    }
}
