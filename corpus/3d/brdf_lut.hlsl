// brdf_lut.hlsl - split-sum environment BRDF lookup table (scale, bias), as a compute pass and as a pixel pass.
#include "../include/pbr.hlsli"

#define BRDF_SAMPLES 512

[[vk::image_format("rg16f")]] RWTexture2D<float2> BrdfLutOut : register(u0);

float GeometrySchlickIbl(float nDotX, float roughness)
{
    float k = roughness * roughness / 2.0;
    return nDotX / (nDotX * (1.0 - k) + k);
}

float2 IntegrateBrdf(float nDotV, float roughness)
{
    float3 v = float3(sqrt(1.0 - nDotV * nDotV), 0.0, nDotV);
    float3 n = float3(0.0, 0.0, 1.0);
    float a = 0.0, b = 0.0;
    for (uint i = 0; i < BRDF_SAMPLES; ++i)
    {
        float3 h = ImportanceSampleGgx(Hammersley(i, BRDF_SAMPLES), n, roughness);
        float3 l = normalize(2.0 * dot(v, h) * h - v);
        float nDotL = saturate(l.z);
        float nDotH = saturate(h.z);
        float vDotH = saturate(dot(v, h));
        if (nDotL > 0.0)
        {
            float g = GeometrySchlickIbl(nDotV, roughness) * GeometrySchlickIbl(nDotL, roughness);
            float gVis = g * vDotH / (nDotH * nDotV);
            float fc = Pow5(1.0 - vDotH);
            a += (1.0 - fc) * gVis;
            b += fc * gVis;
        }
    }
    return float2(a, b) / BRDF_SAMPLES;
}

[shader("compute")]
[numthreads(16, 16, 1)]
void CSBrdfLut(uint3 id : SV_DispatchThreadID)
{
    uint w, h;
    BrdfLutOut.GetDimensions(w, h);
    if (id.x >= w || id.y >= h)
        return;
    float2 uv = (id.xy + 0.5) / float2(w, h);
    BrdfLutOut[id.xy] = IntegrateBrdf(max(uv.x, 1e-3), uv.y);
}

[shader("vertex")]
FullscreenVaryings VSBrdfLut(uint id : SV_VertexID) { return FullscreenTriangle(id); }

[shader("pixel")]
float2 PSBrdfLut(FullscreenVaryings i) : SV_Target
{
    return IntegrateBrdf(max(i.Uv.x, 1e-3), 1.0 - i.Uv.y);
}
