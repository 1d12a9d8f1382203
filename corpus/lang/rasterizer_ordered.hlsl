// rasterizer_ordered.hlsl - rasterizer-ordered views in pixel shaders (fragment shader interlock on
// SPIR-V, a raster order group on MSL; WGSL has neither): a read-modify-write blend with counts
// (the critical section from the first access to the last, GetDimensions inside it, a plain RW
// texture write after it), a loop over a per-pixel fragment list (the section leaves the loop), a
// write in one arm of a branch followed by one after it (the other arm begins the section), and a
// per-sample shader whose only access is in a helper function (SampleInterlockOrderedEXT).
struct Fragment
{
    float4 Color;
    float Depth;
    uint Next;
};

RasterizerOrderedTexture2D<float4> Accum : register(u0);
RasterizerOrderedTexture2D<uint> Counts : register(u1);
RasterizerOrderedStructuredBuffer<Fragment> Fragments : register(u2);
RasterizerOrderedByteAddressBuffer Heads : register(u3);
RasterizerOrderedBuffer<float> Depths : register(u4);
RWTexture2D<float4> Debug : register(u5);
Texture2D<float4> Source : register(t6);
SamplerState Linear : register(s7);

float4 Blend(float4 dst, float4 src) { return src * src.a + dst * (1.0 - src.a); }

[shader("pixel")]
void PSBlend(float4 pos : SV_Position, float2 uv : TEXCOORD0)
{
    uint2 p = uint2(pos.xy);
    float4 src = Source.Sample(Linear, uv);
    uint w, h;
    Accum.GetDimensions(w, h);
    float4 dst = Accum[min(p, uint2(w, h) - 1)];
    Accum[p] = Blend(dst, src);
    Counts[p] = Counts[p] + 1;
    Debug[p] = src;
}

[shader("pixel")]
void PSResolve(float4 pos : SV_Position, nointerpolation uint width : WIDTH)
{
    uint2 p = uint2(pos.xy);
    uint node = Heads.Load((p.y * width + p.x) * 4);
    float4 color = 0;
    [loop] for (uint i = 0; i < 8 && node != 0xffffffff; ++i) {
        Fragment f = Fragments[node];
        color = Blend(color, f.Color);
        node = f.Next;
    }
    Accum[p] = color;
}

[shader("pixel")]
float4 PSDepthTest(float4 pos : SV_Position, float depth : DEPTH) : SV_Target
{
    uint slot = uint(pos.y) * 1024 + uint(pos.x);
    if (depth < 0.5)
        Depths[slot] = depth;
    uint2 p = uint2(pos.xy);
    Counts[p] = Counts[p] + 1;
    return float4(depth.xxx, 1.0);
}

void StoreSample(uint2 p, uint sample)
{
    Accum[p] = float4(float(sample), 0.0, 0.0, 1.0);
}

[shader("pixel")]
void PSPerSample(float4 pos : SV_Position, uint sample : SV_SampleIndex)
{
    StoreSample(uint2(pos.xy), sample);
}
