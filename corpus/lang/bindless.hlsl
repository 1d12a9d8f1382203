// bindless.hlsl - unbounded resource arrays (descriptor indexing): a material table in a structured
// buffer names texture and sampler slots; NonUniformResourceIndex on a per-pixel index and on
// arithmetic over it; a compute pass that writes through an unbounded array of storage buffers.
struct Material
{
    uint AlbedoIndex;
    uint NormalIndex;
    uint SamplerIndex;
    float Roughness;
};

struct DrawConstants
{
    uint MaterialBase;
    uint LightCount;
};

ConstantBuffer<DrawConstants> Draw : register(b0);
StructuredBuffer<Material> Materials : register(t1);
Texture2D<float4> Textures[] : register(t2);
SamplerState Samplers[] : register(s0, space1);
RWStructuredBuffer<float4> Accumulators[] : register(u0, space2);
ByteAddressBuffer Blobs[] : register(t0, space3);

struct VSOut
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
    nointerpolation uint MaterialId : MATERIAL;
};

float4 SampleSlot(Texture2D<float4> tex, SamplerState smp, float2 uv) { return tex.Sample(smp, uv); }

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    Material m = Materials[Draw.MaterialBase + i.MaterialId];
    float4 albedo = Textures[NonUniformResourceIndex(m.AlbedoIndex)].Sample(Samplers[NonUniformResourceIndex(m.SamplerIndex)], i.Uv);
    // The normal map sits next to the albedo map: arithmetic on a non-uniform index stays non-uniform.
    float4 normal = SampleSlot(Textures[NonUniformResourceIndex(m.AlbedoIndex) + 1], Samplers[0], i.Uv);
    float4 detail = Textures[0].SampleLevel(Samplers[0], i.Uv * 8.0, 0);
    return albedo * (1.0 - m.Roughness) + normal * 0.25 + detail * 0.1;
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSAccumulate(uint3 id : SV_DispatchThreadID)
{
    uint target = NonUniformResourceIndex(id.x % Draw.LightCount);
    uint packed = Blobs[target].Load(id.x * 4);
    float4 color = float4(packed & 0xFF, (packed >> 8) & 0xFF, (packed >> 16) & 0xFF, packed >> 24) / 255.0;
    Accumulators[target][id.y] += color;
}
