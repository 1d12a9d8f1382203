// gbuffer.hlsl - deferred G-buffer fill (four targets) and a full-screen sun-light resolve.
// Includes by name through the include directory instead of a relative path:
// include-dirs: ../include
#include "pbr.hlsli"
#include "color.hlsli"

cbuffer GBufferFrame : register(b0) { ViewConstants View; };
cbuffer DeferredSun : register(b1) { float3 SunDir; float SunLux; float3 SunTint; float AmbientLevel; };

Texture2D<float4> AlbedoMap : register(t0);
Texture2D<float4> NormalMapTex : register(t1);
Texture2D<float4> GBuffer0 : register(t2);   // albedo, ao
Texture2D<float4> GBuffer1 : register(t3);   // oct normal, roughness, metallic
Texture2D<float> GBufferDepth : register(t4);
SamplerState AnisoWrap : register(s0);

struct MeshIn { float3 Position : POSITION; float3 Normal : NORMAL; float4 Tangent : TANGENT; float2 Uv : TEXCOORD0; };
struct MeshOut { float4 Position : SV_Position; float3 Normal : NORMAL; float4 Tangent : TANGENT; float2 Uv : TEXCOORD0; float4 PrevClip : TEXCOORD1; float4 CurClip : TEXCOORD2; };

cbuffer Object : register(b2) { float4x4 World; float4x4 PrevWorldViewProjection; float Roughness; float Metallic; float2 ObjPadding; };

[shader("vertex")]
MeshOut VSGBuffer(MeshIn v)
{
    MeshOut o;
    float4 world = mul(World, float4(v.Position, 1.0));
    o.Position = mul(View.ViewProjection, world);
    o.Normal = mul((float3x3)World, v.Normal);
    o.Tangent = float4(mul((float3x3)World, v.Tangent.xyz), v.Tangent.w);
    o.Uv = v.Uv;
    o.CurClip = o.Position;
    o.PrevClip = mul(PrevWorldViewProjection, float4(v.Position, 1.0));
    return o;
}

struct GBufferTargets
{
    float4 Albedo : SV_Target0;
    float4 NormalRm : SV_Target1;
    float2 Motion : SV_Target2;
    float4 Emissive : SV_Target3;
};

[shader("pixel")]
GBufferTargets PSGBuffer(MeshOut i)
{
    float3 n = normalize(i.Normal);
    float3 t = normalize(i.Tangent.xyz);
    float3 b = cross(n, t) * i.Tangent.w;
    float3 tn = NormalMapTex.Sample(AnisoWrap, i.Uv).xyz * 2.0 - 1.0;
    float3 wn = normalize(mul(tn, float3x3(t, b, n)));

    GBufferTargets o;
    o.Albedo = float4(AlbedoMap.Sample(AnisoWrap, i.Uv).rgb, 1.0);
    o.NormalRm = float4(EncodeOctahedral(wn), Roughness, Metallic);
    o.Motion = i.CurClip.xy / i.CurClip.w - i.PrevClip.xy / i.PrevClip.w;
    o.Emissive = 0.0;
    return o;
}

[shader("vertex")]
FullscreenVaryings VSResolve(uint id : SV_VertexID) { return FullscreenTriangle(id); }

[shader("pixel")]
float4 PSResolve(FullscreenVaryings i) : SV_Target
{
    int3 p = int3(i.Position.xy, 0);
    float4 g0 = GBuffer0.Load(p);
    float4 g1 = GBuffer1.Load(p);
    float depth = GBufferDepth.Load(p);
    if (depth == 0.0)
        discard;     // sky
    SurfaceData s;
    s.Albedo = g0.rgb;
    s.Occlusion = g0.a;
    s.Normal = DecodeOctahedral(g1.xy);
    s.Roughness = g1.z;
    s.Metallic = g1.w;
    s.Emissive = 0.0;
    float3 worldPos = ReconstructWorldPosition(i.Uv, depth, View.InvViewProjection);
    float3 v = normalize(View.CameraPosition - worldPos);
    float3 c = EvaluateBrdf(s, v, SunDir, SunTint * SunLux) + s.Albedo * AmbientLevel * s.Occlusion;
    return float4(c, 1.0);
}
