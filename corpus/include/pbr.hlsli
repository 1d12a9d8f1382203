// pbr.hlsli - metallic/roughness BRDF (GGX, Smith, Schlick) and sampling helpers.
#ifndef CORPUS_PBR_HLSLI
#define CORPUS_PBR_HLSLI
#include "common.hlsli"

struct SurfaceData
{
    float3 Albedo;
    float Metallic;
    float3 Normal;
    float Roughness;
    float3 Emissive;
    float Occlusion;
};

float DistributionGgx(float nDotH, float roughness)
{
    float a = roughness * roughness;
    float a2 = a * a;
    float d = nDotH * nDotH * (a2 - 1.0) + 1.0;
    return a2 / max(PI * d * d, EPSILON);
}

float VisibilitySmithGgxCorrelated(float nDotV, float nDotL, float roughness)
{
    float a2 = Square(roughness * roughness);
    float ggxV = nDotL * sqrt(nDotV * nDotV * (1.0 - a2) + a2);
    float ggxL = nDotV * sqrt(nDotL * nDotL * (1.0 - a2) + a2);
    return 0.5 / max(ggxV + ggxL, EPSILON);
}

float3 FresnelSchlick(float vDotH, float3 f0)
{
    return f0 + (1.0 - f0) * Pow5(1.0 - vDotH);
}

float3 FresnelSchlickRoughness(float nDotV, float3 f0, float roughness)
{
    return f0 + (max((1.0 - roughness).xxx, f0) - f0) * Pow5(1.0 - nDotV);
}

// Radiance reflected toward v from a light of the given colour arriving along l.
float3 EvaluateBrdf(SurfaceData s, float3 v, float3 l, float3 radiance)
{
    float3 h = normalize(v + l);
    float nDotL = saturate(dot(s.Normal, l));
    float nDotV = max(dot(s.Normal, v), 1e-4);
    float nDotH = saturate(dot(s.Normal, h));
    float vDotH = saturate(dot(v, h));

    float3 f0 = lerp(0.04.xxx, s.Albedo, s.Metallic);
    float3 f = FresnelSchlick(vDotH, f0);
    float d = DistributionGgx(nDotH, s.Roughness);
    float vis = VisibilitySmithGgxCorrelated(nDotV, nDotL, s.Roughness);

    float3 kd = (1.0 - f) * (1.0 - s.Metallic);
    float3 diffuse = kd * s.Albedo * INV_PI;
    float3 specular = d * vis * f;
    return (diffuse + specular) * radiance * nDotL;
}

float2 Hammersley(uint i, uint count)
{
    return float2(float(i) / float(count), reversebits(i) * 2.3283064365386963e-10);
}

// GGX importance sample around normal n; returns the half vector.
float3 ImportanceSampleGgx(float2 xi, float3 n, float roughness)
{
    float a = roughness * roughness;
    float phi = TWO_PI * xi.x;
    float cosTheta = sqrt((1.0 - xi.y) / (1.0 + (a * a - 1.0) * xi.y));
    float sinTheta = sqrt(1.0 - cosTheta * cosTheta);
    float3 h = float3(cos(phi) * sinTheta, sin(phi) * sinTheta, cosTheta);

    float3 up = abs(n.z) < 0.999 ? float3(0, 0, 1) : float3(1, 0, 0);
    float3 tangentX = normalize(cross(up, n));
    float3 tangentY = cross(n, tangentX);
    return normalize(tangentX * h.x + tangentY * h.y + n * h.z);
}

float3 CubeFaceDirection(uint face, float2 uv)
{
    float2 p = uv * 2.0 - 1.0;
    switch (face)
    {
    case 0: return normalize(float3(1.0, -p.y, -p.x));
    case 1: return normalize(float3(-1.0, -p.y, p.x));
    case 2: return normalize(float3(p.x, 1.0, p.y));
    case 3: return normalize(float3(p.x, -1.0, -p.y));
    case 4: return normalize(float3(p.x, -p.y, 1.0));
    default: return normalize(float3(-p.x, -p.y, -1.0));
    }
}

#endif
