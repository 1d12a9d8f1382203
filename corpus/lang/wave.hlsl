// wave.hlsl - the one corpus file that uses wave (subgroup) and quad intrinsics (SM 6.0 wave ops): compaction with
// a per-wave atomic, wave reductions and prefixes, lane reads, ballots, and quad shuffles in a pixel shader.
StructuredBuffer<float> Values : register(t0);
RWStructuredBuffer<float> Compacted : register(u0);
RWByteAddressBuffer Counter : register(u1);
RWStructuredBuffer<float4> Stats : register(u2);
Texture2D<float4> Image : register(t1);

[shader("compute")]
[numthreads(64, 1, 1)]
void CSCompact(uint3 id : SV_DispatchThreadID)
{
    float v = Values[id.x];
    bool keep = v > 0.5;
    uint laneOffset = WavePrefixCountBits(keep);
    uint waveCount = WaveActiveCountBits(keep);
    uint base = 0;
    if (WaveIsFirstLane())
        Counter.InterlockedAdd(0, waveCount, base);
    base = WaveReadLaneFirst(base);
    if (keep)
        Compacted[base + laneOffset] = v;

    float sum = WaveActiveSum(v);
    float prefix = WavePrefixSum(v);
    float product = WavePrefixProduct(1.0 + v * 0.01);
    float mx = WaveActiveMax(v), mn = WaveActiveMin(v);
    uint bits = WaveActiveBitOr(1u << (WaveGetLaneIndex() & 31));
    uint4 ballot = WaveActiveBallot(keep);
    bool allTrue = WaveActiveAllTrue(v >= 0.0), anyTrue = WaveActiveAnyTrue(v > 0.99);
    bool allEqual = WaveActiveAllEqual(v);
    float neighbour = WaveReadLaneAt(v, (WaveGetLaneIndex() + 1) % WaveGetLaneCount());
    if (WaveGetLaneIndex() == 0)
        Stats[id.x / WaveGetLaneCount()] = float4(sum, mx - mn, countbits(ballot.x) + (allTrue ? 1 : 0) + (anyTrue ? 2 : 0) + (allEqual ? 4 : 0), bits + product);
    Compacted[id.x + 4096] = prefix + neighbour;
}

[shader("pixel")]
float4 PSQuad(float4 position : SV_Position) : SV_Target
{
    float4 c = Image.Load(int3(position.xy, 0));
    float4 x = QuadReadAcrossX(c);
    float4 y = QuadReadAcrossY(c);
    float4 d = QuadReadAcrossDiagonal(c);
    float4 first = QuadReadLaneAt(c, 0);
    float4 waveAvg = WaveActiveSum(c) / WaveActiveCountBits(true);
    return (c + x + y + d) * 0.25 + (first - waveAvg) * 0.1;
}
