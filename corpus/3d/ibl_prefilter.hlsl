// ibl_prefilter.hlsl - GGX-prefiltered specular environment, one dispatch per mip, with PDF-based source mip selection.
#include "../include/pbr.hlsli"

cbuffer PrefilterParams : register(b0)
{
    float Roughness;
    uint MipSize;
    uint SampleCount;
    float SourceResolution;   // face size of mip 0 of the source
};

TextureCube<float4> Environment : register(t0);
SamplerState LinearClamp : register(s0);
[[vk::image_format("rgba16f")]] RWTexture2DArray<float4> PrefilteredOut : register(u0);

[shader("compute")]
[numthreads(8, 8, 1)]
void CSPrefilter(uint3 id : SV_DispatchThreadID)
{
    if (any(id.xy >= MipSize))
        return;
    float3 n = CubeFaceDirection(id.z, (id.xy + 0.5) / MipSize);
    float3 v = n;   // the usual isotropic assumption: view = normal

    float3 color = 0.0;
    float totalWeight = 0.0;
    float saTexel = 4.0 * PI / (6.0 * SourceResolution * SourceResolution);
    for (uint i = 0; i < SampleCount; ++i)
    {
        float2 xi = Hammersley(i, SampleCount);
        float3 h = ImportanceSampleGgx(xi, n, Roughness);
        float3 l = normalize(2.0 * dot(v, h) * h - v);
        float nDotL = saturate(dot(n, l));
        if (nDotL > 0.0)
        {
            float nDotH = saturate(dot(n, h));
            float pdf = DistributionGgx(nDotH, Roughness) * 0.25 + 1e-4;
            float saSample = 1.0 / (SampleCount * pdf + 1e-4);
            float mip = Roughness == 0.0 ? 0.0 : 0.5 * log2(saSample / saTexel);
            color += Environment.SampleLevel(LinearClamp, l, mip).rgb * nDotL;
            totalWeight += nDotL;
        }
    }
    PrefilteredOut[id] = float4(color / max(totalWeight, 1e-4), 1.0);
}
