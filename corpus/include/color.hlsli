// color.hlsli - colour-space conversions and tone-mapping operators.
#ifndef CORPUS_COLOR_HLSLI
#define CORPUS_COLOR_HLSLI

float Luminance(float3 rgb) { return dot(rgb, float3(0.2126, 0.7152, 0.0722)); }

float3 SrgbToLinear(float3 c)
{
    float3 lo = c / 12.92;
    float3 hi = pow(abs((c + 0.055) / 1.055), 2.4);
    return lerp(hi, lo, float3(c <= 0.04045));
}

float3 LinearToSrgb(float3 c)
{
    float3 lo = c * 12.92;
    float3 hi = 1.055 * pow(abs(c), 1.0 / 2.4) - 0.055;
    return lerp(hi, lo, float3(c <= 0.0031308));
}

float3 Reinhard(float3 c) { return c / (1.0 + Luminance(c)); }

// Narkowicz's fit of the ACES reference rendering transform.
float3 AcesFilmic(float3 x)
{
    const float a = 2.51, b = 0.03, c = 2.43, d = 0.59, e = 0.14;
    return saturate((x * (a * x + b)) / (x * (c * x + d) + e));
}

// Uncharted 2 style curve with a white point.
float3 HableCurve(float3 x)
{
    const float A = 0.15, B = 0.50, C = 0.10, D = 0.20, E = 0.02, F = 0.30;
    return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

float3 Hable(float3 c, float whitePoint)
{
    return HableCurve(c) / HableCurve(whitePoint.xxx);
}

float3 RgbToYCoCg(float3 c)
{
    return float3(dot(c, float3(0.25, 0.5, 0.25)), dot(c, float3(0.5, 0.0, -0.5)), dot(c, float3(-0.25, 0.5, -0.25)));
}

float3 YCoCgToRgb(float3 c)
{
    return float3(c.x + c.y - c.z, c.x + c.z, c.x - c.y - c.z);
}

float4 UnpackRgba8(uint packed)
{
    return float4(packed & 0xff, (packed >> 8) & 0xff, (packed >> 16) & 0xff, packed >> 24) / 255.0;
}

uint PackRgba8(float4 c)
{
    uint4 u = uint4(saturate(c) * 255.0 + 0.5);
    return u.x | (u.y << 8) | (u.z << 16) | (u.w << 24);
}

#endif
