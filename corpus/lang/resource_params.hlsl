// resource_params.hlsl - resource-typed locals, parameters and return values: textures, samplers and buffers
// chosen at run time into locals, passed to helpers, plus GetDimensions on several resource kinds.
cbuffer Params : register(b0) { uint UseDetail; float DetailScale; float2 Padding; };

Texture2D<float4> BaseMap : register(t0);
Texture2D<float4> DetailMap : register(t1);
Texture2DArray<float4> LayerMap : register(t2);
StructuredBuffer<float4> Tints : register(t3);
Buffer<float4> TypedTints : register(t4);
SamplerState LinearWrap : register(s0);
SamplerState PointClamp : register(s1);

float4 SampleScaled(Texture2D<float4> tex, SamplerState s, float2 uv, float scale)
{
    return tex.Sample(s, uv * scale);
}

float2 TextureSize(Texture2D<float4> tex)
{
    uint w, h, levels;
    tex.GetDimensions(0, w, h, levels);
    return float2(w, h);
}

float4 LastTint(StructuredBuffer<float4> buffer)
{
    uint count, stride;
    buffer.GetDimensions(count, stride);
    return count > 0 ? buffer[count - 1] : (float4)1;
}

struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; };

[shader("vertex")]
VSOut VSMain(uint id : SV_VertexID)
{
    VSOut o;
    o.Uv = float2((id << 1) & 2, id & 2);
    o.Position = float4(o.Uv * float2(2, -2) + float2(-1, 1), 0, 1);
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    Texture2D<float4> second = DetailMap;          // resource-typed local
    // A resource local must name one resource at each use (Vulkan cannot choose a sampler at run
    // time, and DXC requires the same), so the run-time choice is between two samples.
    SamplerState smp = PointClamp;
    float4 detail = SampleScaled(second, smp, i.Uv, DetailScale);
    smp = LinearWrap;
    if (UseDetail != 0)
        detail = SampleScaled(second, smp, i.Uv, DetailScale);
    float4 c = SampleScaled(BaseMap, LinearWrap, i.Uv, 1.0);
    c *= detail;
    float2 size = TextureSize(BaseMap);
    uint w, h, slices;
    LayerMap.GetDimensions(w, h, slices);
    uint typedCount;
    TypedTints.GetDimensions(typedCount);
    c *= LayerMap.Sample(LinearWrap, float3(i.Uv, (uint)(i.Uv.x * slices)));
    c *= LastTint(Tints) * TypedTints[min(1u, typedCount - 1)];
    return c * saturate(size.x / 1024.0);
}
