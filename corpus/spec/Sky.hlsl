// spec page "Shader variants with Axes in dotnet build"
// Variants: NIGHT=0 (Day) or NIGHT=1 with STARS (Night); the default here is Day.
cbuffer SkyParams : register(b0) { float3 SunDirection; float Time; };

[shader("pixel")]
float4 PSMain(float3 dir : TEXCOORD0) : SV_Target
{
    float sun = saturate(dot(normalize(dir), SunDirection));
#if NIGHT
    float3 c = float3(0.01, 0.02, 0.05);
#ifdef STARS
    c += step(0.999, frac(sin(dot(dir.xy, float2(12.9898, 78.233))) * 43758.5453));
#endif
#else
    float3 c = lerp(float3(0.4, 0.6, 0.9), float3(1.0, 0.9, 0.7), sun);
#endif
    return float4(c, 1);
}
