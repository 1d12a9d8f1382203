// resource_arrays.hlsl - bounded resource arrays: constant and dynamic indices, NonUniformResourceIndex,
// array elements passed to functions, arrays of samplers, structured buffers and storage images.
#define MATERIAL_TEXTURES 8

cbuffer DrawParams : register(b0) { uint TextureIndex; uint SamplerIndex; uint LayerCount; uint Padding; };

Texture2D<float4> MaterialTextures[MATERIAL_TEXTURES] : register(t0);
SamplerState Samplers[2] : register(s0);
StructuredBuffer<float4> Palettes[3] : register(t8);
[[vk::image_format("rgba8")]] RWTexture2D<float4> Layers[4] : register(u0);

struct VSOut
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
    nointerpolation uint MaterialId : MATERIAL;
};

[shader("vertex")]
VSOut VSMain(float3 position : POSITION, float2 uv : TEXCOORD0, uint materialId : MATERIAL)
{
    VSOut o;
    o.Position = float4(position, 1.0);
    o.Uv = uv;
    o.MaterialId = materialId;
    return o;
}

float4 SampleWith(Texture2D<float4> tex, SamplerState smp, float2 uv) { return tex.Sample(smp, uv); }

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    float4 base = MaterialTextures[0].Sample(Samplers[0], i.Uv);                  // constant index
    float4 uniformTex = MaterialTextures[TextureIndex].Sample(Samplers[SamplerIndex & 1], i.Uv);  // dynamic, uniform
    uint m = i.MaterialId % MATERIAL_TEXTURES;
    float4 perPixel = MaterialTextures[NonUniformResourceIndex(m)].Sample(Samplers[1], i.Uv);   // non-uniform
    float4 viaParam = SampleWith(MaterialTextures[3], Samplers[1], i.Uv * 2.0);
    float4 palette = Palettes[m % 3][0];
    return base * uniformTex + perPixel * palette + viaParam * 0.1;
}

[shader("compute")]
[numthreads(8, 8, 1)]
void CSClearLayers(uint3 id : SV_DispatchThreadID)
{
    [unroll] for (uint l = 0; l < 4; ++l)
        Layers[l][id.xy] = float4(0, 0, 0, 1);
    Layers[id.x % LayerCount][id.xy] = Palettes[2][id.y];
    uint n = NonUniformResourceIndex(id.y & 3);
    Layers[n][id.xy + uint2(0, 1)] = MaterialTextures[n].Load(int3(id.xy, 0));
}
