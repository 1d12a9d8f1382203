// prefix_sum.hlsl - exclusive scan of a uint array: Blelloch scan per 512-element block in groupshared memory,
// a scan of the block sums, and a pass that adds the block offsets back.
#define GROUP_SIZE 256
#define BLOCK_SIZE (GROUP_SIZE * 2)

cbuffer ScanParams : register(b0) { uint ElementCount; uint BlockCount; uint2 Padding; };

StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Output : register(u0);
RWStructuredBuffer<uint> BlockSums : register(u1);

groupshared uint Temp[BLOCK_SIZE];

void ScanBlock(uint tid)
{
    uint offset = 1;
    [unroll] for (uint d = BLOCK_SIZE >> 1; d > 0; d >>= 1)      // up-sweep
    {
        GroupMemoryBarrierWithGroupSync();
        if (tid < d)
        {
            uint ai = offset * (2 * tid + 1) - 1;
            uint bi = offset * (2 * tid + 2) - 1;
            Temp[bi] += Temp[ai];
        }
        offset *= 2;
    }
    if (tid == 0)
        Temp[BLOCK_SIZE - 1] = 0;
    [unroll] for (uint d2 = 1; d2 < BLOCK_SIZE; d2 *= 2)         // down-sweep
    {
        offset >>= 1;
        GroupMemoryBarrierWithGroupSync();
        if (tid < d2)
        {
            uint ai = offset * (2 * tid + 1) - 1;
            uint bi = offset * (2 * tid + 2) - 1;
            uint t = Temp[ai];
            Temp[ai] = Temp[bi];
            Temp[bi] += t;
        }
    }
    GroupMemoryBarrierWithGroupSync();
}

[shader("compute")]
[numthreads(GROUP_SIZE, 1, 1)]
void CSScanBlocks(uint3 group : SV_GroupID, uint tid : SV_GroupIndex)
{
    uint base = group.x * BLOCK_SIZE;
    uint i0 = base + 2 * tid, i1 = i0 + 1;
    uint v0 = i0 < ElementCount ? Input[i0] : 0;
    uint v1 = i1 < ElementCount ? Input[i1] : 0;
    Temp[2 * tid] = v0;
    Temp[2 * tid + 1] = v1;
    ScanBlock(tid);
    if (i0 < ElementCount) Output[i0] = Temp[2 * tid];
    if (i1 < ElementCount) Output[i1] = Temp[2 * tid + 1];
    if (tid == GROUP_SIZE - 1)
        BlockSums[group.x] = Temp[2 * tid + 1] + v1;    // inclusive total of the block
}

// One group scans up to BLOCK_SIZE block sums in place.
[shader("compute")]
[numthreads(GROUP_SIZE, 1, 1)]
void CSScanBlockSums(uint tid : SV_GroupIndex)
{
    Temp[2 * tid] = 2 * tid < BlockCount ? BlockSums[2 * tid] : 0;
    Temp[2 * tid + 1] = 2 * tid + 1 < BlockCount ? BlockSums[2 * tid + 1] : 0;
    ScanBlock(tid);
    if (2 * tid < BlockCount) BlockSums[2 * tid] = Temp[2 * tid];
    if (2 * tid + 1 < BlockCount) BlockSums[2 * tid + 1] = Temp[2 * tid + 1];
}

[shader("compute")]
[numthreads(GROUP_SIZE, 1, 1)]
void CSAddBlockOffsets(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    if (i < ElementCount)
        Output[i] += BlockSums[i / BLOCK_SIZE];
}
