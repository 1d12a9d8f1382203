// sky.hlsl - sky drawn at the far plane: a cubemap skybox and a simple analytic atmosphere with a sun disc.
#include "../include/common.hlsli"

cbuffer SkyConstants : register(b0)
{
    float4x4 InvViewProjectionNoTranslation;
    float3 SunDirection;
    float SunAngularRadius;
    float3 SunColor;
    float Turbidity;
    float3 ZenithColor;
    float SkyboxIntensity;
    float3 HorizonColor;
    float SkyboxRotation;    // radians around +Y
};

TextureCube<float4> Skybox : register(t0);
SamplerState LinearClamp : register(s0);

struct SkyVaryings
{
    float4 Position : SV_Position;
    float3 Direction : TEXCOORD0;
};

[shader("vertex")]
SkyVaryings VSSky(uint id : SV_VertexID)
{
    FullscreenVaryings f = FullscreenTriangle(id);
    SkyVaryings o;
    o.Position = float4(f.Position.xy, 0.0, 1.0);     // reversed Z: depth 0 is the far plane
    float4 world = mul(InvViewProjectionNoTranslation, float4(f.Position.xy, 1.0, 1.0));
    o.Direction = world.xyz / world.w;
    return o;
}

float3 Atmosphere(float3 dir)
{
    float height = saturate(dir.y);
    float3 sky = lerp(HorizonColor, ZenithColor, pow(height, 0.5));
    float sunDot = saturate(dot(dir, SunDirection));
    float mie = pow(sunDot, 8.0) * 0.25 * Turbidity;
    float disc = smoothstep(cos(SunAngularRadius * 1.2), cos(SunAngularRadius), sunDot);
    float3 ground = HorizonColor * 0.3;
    float3 c = dir.y >= 0.0 ? sky : lerp(HorizonColor, ground, saturate(-dir.y * 8.0));
    return c + SunColor * (mie + disc * 50.0);
}

[shader("pixel")]
float4 PSAtmosphere(SkyVaryings i) : SV_Target
{
    return float4(Atmosphere(normalize(i.Direction)), 1.0);
}

[shader("pixel")]
float4 PSSkybox(SkyVaryings i) : SV_Target
{
    float3 d = normalize(i.Direction);
    float s, c;
    sincos(SkyboxRotation, s, c);
    d = float3(c * d.x + s * d.z, d.y, -s * d.x + c * d.z);
    return float4(Skybox.SampleLevel(LinearClamp, d, 0).rgb * SkyboxIntensity, 1.0);
}
