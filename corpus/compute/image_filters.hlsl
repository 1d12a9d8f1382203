// image_filters.hlsl - storage-image filters: unsharp mask with a groupshared tile, Sobel edges, 2x box downsample
// with a typed uint image, and an in-place r32f exposure scale.
cbuffer FilterParams : register(b0)
{
    uint2 ImageSize;
    float SharpenAmount;
    float EdgeThreshold;
    float ExposureScale;
    float3 Padding;
};

Texture2D<float4> InputImage : register(t0);
[[vk::image_format("rgba8")]] RWTexture2D<float4> SharpenedOut : register(u0);
[[vk::image_format("r8")]] RWTexture2D<float> EdgesOut : register(u1);
[[vk::image_format("rgba16f")]] RWTexture2D<float4> HalfResOut : register(u2);
[[vk::image_format("r32ui")]] RWTexture2D<uint> MaskOut : register(u3);
[[vk::image_format("r32f")]] RWTexture2D<float> InPlace : register(u4);

#define TILE 8
#define APRON 1
#define CACHE (TILE + 2 * APRON)

groupshared float3 Cache[CACHE * CACHE];

float3 LoadClamped(int2 p) { return InputImage.Load(int3(clamp(p, int2(0, 0), int2(ImageSize) - 1), 0)).rgb; }

[shader("compute")]
[numthreads(TILE, TILE, 1)]
void CSSharpen(uint3 id : SV_DispatchThreadID, uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID)
{
    int2 origin = int2(gid.xy * TILE) - APRON;
    for (uint i = gtid.y * TILE + gtid.x; i < CACHE * CACHE; i += TILE * TILE)
        Cache[i] = LoadClamped(origin + int2(i % CACHE, i / CACHE));
    GroupMemoryBarrierWithGroupSync();

    if (any(id.xy >= ImageSize))
        return;
    uint2 c = gtid.xy + APRON;
    float3 center = Cache[c.y * CACHE + c.x];
    float3 blur = (Cache[(c.y - 1) * CACHE + c.x] + Cache[(c.y + 1) * CACHE + c.x] +
                   Cache[c.y * CACHE + c.x - 1] + Cache[c.y * CACHE + c.x + 1]) * 0.25;
    SharpenedOut[id.xy] = float4(saturate(center + (center - blur) * SharpenAmount), 1.0);
}

[shader("compute")]
[numthreads(8, 8, 1)]
void CSSobel(uint3 id : SV_DispatchThreadID)
{
    if (any(id.xy >= ImageSize))
        return;
    int2 p = int2(id.xy);
    float l[9];
    [unroll] for (int k = 0; k < 9; ++k)
        l[k] = dot(LoadClamped(p + int2(k % 3 - 1, k / 3 - 1)), float3(0.299, 0.587, 0.114));
    float gx = (l[2] + 2 * l[5] + l[8]) - (l[0] + 2 * l[3] + l[6]);
    float gy = (l[6] + 2 * l[7] + l[8]) - (l[0] + 2 * l[1] + l[2]);
    float g = sqrt(gx * gx + gy * gy);
    EdgesOut[id.xy] = g;
    MaskOut[id.xy] = g > EdgeThreshold ? 1u : 0u;
}

[shader("compute")]
[numthreads(8, 8, 1)]
void CSDownsample(uint3 id : SV_DispatchThreadID)
{
    uint2 src = id.xy * 2;
    if (any(src >= ImageSize))
        return;
    float4 sum = InputImage[src] + InputImage[src + uint2(1, 0)] + InputImage[src + uint2(0, 1)] + InputImage[src + uint2(1, 1)];
    HalfResOut[id.xy] = sum * 0.25;
}

// Read-modify-write of the same storage image (the only read-write format WGSL allows).
[shader("compute")]
[numthreads(8, 8, 1)]
void CSScaleInPlace(uint3 id : SV_DispatchThreadID)
{
    uint w, h;
    InPlace.GetDimensions(w, h);
    if (id.x < w && id.y < h)
        InPlace[id.xy] = InPlace[id.xy] * ExposureScale;
}
