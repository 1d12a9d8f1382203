// tilemap.hlsl - a layered tile map drawn as one full-screen pass: tile indices in a texture, tiles in an atlas array.
#include "../include/common.hlsli"

cbuffer TilemapParams : register(b0, space1)
{
    float2 CameraOrigin;     // world position of the screen's top-left corner, in tiles
    float2 TilesPerPixel;
    uint2 MapSize;           // in tiles
    float AnimationTime;
    uint AnimatedTileFirst;  // tiles >= this index cycle through 4 frames
};

Texture2D<uint> TileIndices : register(t0, space1);        // 0 = empty, else tile + 1
Texture2DArray<float4> TileAtlas : register(t1, space1);    // one slice per tile
SamplerState PointWrap : register(s0, space1);

[shader("vertex")]
FullscreenVaryings VSTilemap(uint id : SV_VertexID)
{
    return FullscreenTriangle(id);
}

uint AnimatedTile(uint tile)
{
    if (tile >= AnimatedTileFirst)
    {
        uint frame = (uint)(AnimationTime * 8.0) & 3u;
        tile = AnimatedTileFirst + (((tile - AnimatedTileFirst) & ~3u) | frame);
    }
    return tile;
}

[shader("pixel")]
float4 PSTilemap(FullscreenVaryings i) : SV_Target
{
    float2 worldTile = CameraOrigin + i.Position.xy * TilesPerPixel;
    int2 cell = (int2)floor(worldTile);
    if (any(cell < 0) || any(cell >= (int2)MapSize))
        return float4(0, 0, 0, 0);

    uint raw = TileIndices.Load(int3(cell, 0));
    if (raw == 0)
        discard;
    uint tile = AnimatedTile(raw - 1);

    float2 inTile = frac(worldTile);
    // Explicit gradients keep mip selection continuous across tile borders.
    float2 ddxUv = ddx(worldTile), ddyUv = ddy(worldTile);
    float4 c = TileAtlas.SampleGrad(PointWrap, float3(inTile, tile), ddxUv, ddyUv);
    return c;
}
