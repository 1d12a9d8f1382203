// Texture arrays two ways, as terrain and decal shaders use them: a Texture2DArray (one image
// with layers) and an array of Texture2D descriptors, plus a texture with no register.
Texture2DArray<float4> TerrainLayers : register(t0);
Texture2D<float4> DecalTextures[4] : register(t1);
SamplerState WrapSampler : register(s5);
Texture2D<float> BlendMask;   // no register: DXC gives it the lowest free binding

cbuffer TerrainParams : register(b6)
{
    float4 LayerScale;
    uint DecalCount;
};

[shader("pixel")]
float4 PSMain(float4 position : SV_Position, float2 uv : TEXCOORD0, nointerpolation uint decal : TEXCOORD1) : SV_Target
{
    float mask = BlendMask.Sample(WrapSampler, uv);
    float4 a = TerrainLayers.Sample(WrapSampler, float3(uv * LayerScale.x, 0));
    float4 b = TerrainLayers.Sample(WrapSampler, float3(uv * LayerScale.y, 1));
    float4 c = lerp(a, b, mask);
    if (decal < DecalCount)
        c = lerp(c, DecalTextures[decal % 4].Sample(WrapSampler, uv), 0.5);
    return c;
}
