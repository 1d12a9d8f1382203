// pbr_forward.hlsl - clustered forward+ PBR: per-cluster light lists, cascaded shadows, image-based ambient.
#include "../include/pbr.hlsli"
#include "../include/lights.hlsli"
#include "../include/shadows.hlsli"
#include "../include/color.hlsli"

cbuffer View : register(b0) { ViewConstants g_View; };
cbuffer Lighting : register(b1)
{
    ClusterParams g_Clusters;
    float3 SunDirection;       // towards the light
    float SunIntensity;
    float3 SunColor;
    float IblIntensity;
    CascadeData g_Cascades;
};
cbuffer Material : register(b2)
{
    float4 BaseColorFactor;
    float MetallicFactor;
    float RoughnessFactor;
    float NormalScale;
    float AlphaCutoff;
    float3 EmissiveFactor;
    uint MaterialFlags;        // bit 0: alpha test
};

struct InstanceData { float4x4 World; float4x4 NormalMatrix; };
StructuredBuffer<InstanceData> Instances : register(t0);
StructuredBuffer<Light> Lights : register(t1);
StructuredBuffer<uint2> ClusterRanges : register(t2);     // offset, count
StructuredBuffer<uint> ClusterLightIndices : register(t3);
Texture2D<float4> BaseColorMap : register(t4);
Texture2D<float4> NormalMap : register(t5);
Texture2D<float4> MetalRoughMap : register(t6);           // g = roughness, b = metallic (glTF)
Texture2DArray<float> ShadowMap : register(t7);
TextureCube<float4> IrradianceMap : register(t8);
TextureCube<float4> PrefilteredMap : register(t9);
Texture2D<float2> BrdfLut : register(t10);
SamplerState MaterialSampler : register(s0);
SamplerState LinearClamp : register(s1);
SamplerComparisonState ShadowSampler : register(s2);

struct VSIn
{
    float3 Position : POSITION;
    float3 Normal : NORMAL;
    float4 Tangent : TANGENT;
    float2 Uv : TEXCOORD0;
};

struct VSOut
{
    float4 Position : SV_Position;
    float3 WorldPos : POSITION1;
    float3 Normal : NORMAL;
    float4 Tangent : TANGENT;
    float2 Uv : TEXCOORD0;
    float ViewDepth : TEXCOORD1;
};

[shader("vertex")]
VSOut VSMain(VSIn v, uint instanceId : SV_InstanceID)
{
    InstanceData inst = Instances[instanceId];
    float4 world = mul(inst.World, float4(v.Position, 1.0));
    VSOut o;
    o.Position = mul(g_View.ViewProjection, world);
    o.WorldPos = world.xyz;
    o.Normal = normalize(mul((float3x3)inst.NormalMatrix, v.Normal));
    o.Tangent = float4(normalize(mul((float3x3)inst.World, v.Tangent.xyz)), v.Tangent.w);
    o.Uv = v.Uv;
    o.ViewDepth = mul(g_View.View, world).z;
    return o;
}

SurfaceData LoadSurface(VSOut i, bool frontFace)
{
    float4 base = BaseColorMap.Sample(MaterialSampler, i.Uv) * BaseColorFactor;
    if ((MaterialFlags & 1u) != 0)
        clip(base.a - AlphaCutoff);
    float3 n = normalize(i.Normal) * (frontFace ? 1.0 : -1.0);
    float3 t = normalize(i.Tangent.xyz - n * dot(n, i.Tangent.xyz));
    float3 b = cross(n, t) * i.Tangent.w;
    float3 tn = NormalMap.Sample(MaterialSampler, i.Uv).xyz * 2.0 - 1.0;
    tn.xy *= NormalScale;
    float4 mr = MetalRoughMap.Sample(MaterialSampler, i.Uv);

    SurfaceData s;
    s.Albedo = base.rgb;
    s.Normal = normalize(tn.x * t + tn.y * b + tn.z * n);
    s.Roughness = clamp(mr.g * RoughnessFactor, 0.045, 1.0);
    s.Metallic = saturate(mr.b * MetallicFactor);
    s.Emissive = EmissiveFactor;
    s.Occlusion = mr.r;
    return s;
}

float3 AmbientIbl(SurfaceData s, float3 v)
{
    float nDotV = saturate(dot(s.Normal, v));
    float3 f0 = lerp(0.04.xxx, s.Albedo, s.Metallic);
    float3 f = FresnelSchlickRoughness(nDotV, f0, s.Roughness);
    float3 diffuse = IrradianceMap.SampleLevel(LinearClamp, s.Normal, 0).rgb * s.Albedo * (1.0 - f) * (1.0 - s.Metallic);
    uint w, h, mips;
    PrefilteredMap.GetDimensions(0, w, h, mips);
    float3 r = reflect(-v, s.Normal);
    float3 prefiltered = PrefilteredMap.SampleLevel(LinearClamp, r, s.Roughness * (mips - 1)).rgb;
    float2 ab = BrdfLut.SampleLevel(LinearClamp, float2(nDotV, s.Roughness), 0);
    return (diffuse + prefiltered * (f0 * ab.x + ab.y)) * s.Occlusion * IblIntensity;
}

[shader("pixel")]
float4 PSMain(VSOut i, bool frontFace : SV_IsFrontFace) : SV_Target
{
    SurfaceData s = LoadSurface(i, frontFace);
    float3 v = normalize(g_View.CameraPosition - i.WorldPos);

    uint cascade = SelectCascade(g_Cascades, i.ViewDepth);
    float3 coord = ShadowCoord(g_Cascades, cascade, i.WorldPos, s.Normal);
    float shadow = ShadowPcf3x3(ShadowMap, ShadowSampler, coord, cascade, 1.0 / g_Cascades.ShadowMapSize);
    float3 color = EvaluateBrdf(s, v, SunDirection, SunColor * SunIntensity * shadow);

    uint2 range = ClusterRanges[ClusterIndex(ClusterCell(i.Position.xy, i.ViewDepth, g_Clusters))];
    for (uint k = 0; k < range.y; ++k)
    {
        Light light = Lights[ClusterLightIndices[range.x + k]];
        float3 toLight = light.Position - i.WorldPos;
        float distSq = dot(toLight, toLight);
        float3 l = toLight * rsqrt(distSq);
        float atten = DistanceAttenuation(distSq, light.Range);
        if (light.Type == LIGHT_TYPE_SPOT)
            atten *= SpotAttenuation(light, l);
        color += EvaluateBrdf(s, v, l, light.Color * light.Intensity * atten);
    }

    color += AmbientIbl(s, v) + s.Emissive;
    return float4(color, 1.0);
}

// Depth pre-pass for alpha-tested materials: only the clip matters.
[shader("pixel")]
void PSDepthPrepass(VSOut i)
{
    float a = BaseColorMap.Sample(MaterialSampler, i.Uv).a * BaseColorFactor.a;
    if ((MaterialFlags & 1u) != 0 && a < AlphaCutoff)
        discard;
}
