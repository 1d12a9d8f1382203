// color_grading.hlsl - 3D LUT colour grading in log space, plus a compute pass that bakes the LUT.
#include "../include/common.hlsli"
#include "../include/color.hlsli"

#define LUT_SIZE 32

cbuffer GradingParams : register(b0)
{
    float3 Lift;
    float LutContribution;   // 0 = bypass, 1 = full grade
    float3 Gamma;
    float Saturation;
    float3 Gain;
    float Contrast;
    float3 WhiteBalance;     // multipliers in linear RGB
    float ExposureEv;
};

Texture2D<float4> SceneColor : register(t0);
Texture3D<float4> GradingLut : register(t1);
SamplerState LinearClamp : register(s0);
[[vk::image_format("rgba16f")]] RWTexture3D<float4> LutOut : register(u0);

// Map linear HDR colour into [0,1] log space and back, so the LUT covers several stops.
float3 LinearToLogC(float3 x) { return saturate(0.244161 * log10(5.555556 * x + 0.047996) + 0.386036); }
float3 LogCToLinear(float3 x) { return (pow(10.0, (x - 0.386036) / 0.244161) - 0.047996) / 5.555556; }

float3 ApplyLut(float3 linearColor)
{
    float3 uvw = LinearToLogC(linearColor);
    // Sample texel centres: scale into [0.5/N, 1-0.5/N].
    uvw = uvw * ((LUT_SIZE - 1.0) / LUT_SIZE) + 0.5 / LUT_SIZE;
    return GradingLut.SampleLevel(LinearClamp, uvw, 0).rgb;
}

float3 Grade(float3 c)
{
    c *= WhiteBalance * exp2(ExposureEv);
    float luma = Luminance(c);
    c = lerp(luma.xxx, c, Saturation);
    c = (c - 0.18) * Contrast + 0.18;
    c = max(c, 0.0);
    // Lift / gamma / gain, ASC CDL flavour.
    c = pow(max(c * Gain + Lift * (1.0 - c), 0.0), 1.0 / max(Gamma, 1e-3));
    return c;
}

[shader("vertex")]
FullscreenVaryings VSMain(uint id : SV_VertexID) { return FullscreenTriangle(id); }

[shader("pixel")]
float4 PSGrade(FullscreenVaryings i) : SV_Target
{
    float4 scene = SceneColor.SampleLevel(LinearClamp, i.Uv, 0);
    float3 graded = ApplyLut(scene.rgb);
    return float4(lerp(scene.rgb, graded, LutContribution), scene.a);
}

[shader("compute")]
[numthreads(4, 4, 4)]
void CSBakeLut(uint3 id : SV_DispatchThreadID)
{
    if (any(id >= LUT_SIZE))
        return;
    float3 logColor = id / (LUT_SIZE - 1.0);
    float3 graded = Grade(LogCToLinear(logColor));
    LutOut[id] = float4(graded, 1.0);
}
