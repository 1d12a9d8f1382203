// preprocessor.hlsl - function-like macros, stringizing (#), token pasting (##), variadic macros, nested expansion,
// #if expressions with defined(), arithmetic and comparisons, #elif chains, #undef, and line continuations.
#define QUALITY 2
#define SAMPLE_COUNT (QUALITY * 4)
#define SQUARE(x) ((x) * (x))
#define LERP3(a, b, c, t) lerp(lerp(a, b, saturate(t * 2.0)), c, saturate(t * 2.0 - 1.0))
#define CONCAT(a, b) a##b
#define MAKE_GETTER(name, type, expr) type CONCAT(Get, name)(float2 uv) { return expr; }
#define STRINGIFY(x) #x
#define DEBUG_FORMAT STRINGIFY(rgba8)
#define SUM(...) SumOf(__VA_ARGS__)
#define FIRST(a, ...) a
#define MULTI_LINE(a, b) \
    ((a) + \
     (b))

#if defined(QUALITY) && QUALITY >= 2 && !defined(LOW_END)
#define USE_HIGH_QUALITY 1
#elif QUALITY == 1
#define USE_HIGH_QUALITY 0
#else
#error "unsupported QUALITY"
#endif

#if (SAMPLE_COUNT % 4) != 0 || SAMPLE_COUNT > 16
#error "bad SAMPLE_COUNT"
#endif

#define TEMP_VALUE 3
#undef TEMP_VALUE
#ifdef TEMP_VALUE
#error "TEMP_VALUE should be undefined"
#endif

#ifndef PREPROCESSOR_TINT
#define PREPROCESSOR_TINT float3(1.0, 0.9, 0.8)
#endif

Texture2D<float4> CONCAT(Scene, Color) : register(t0);     // declares SceneColor
SamplerState CONCAT(Linear, Sampler) : register(s0);
[[vk::image_format(DEBUG_FORMAT)]] RWTexture2D<float4> CONCAT(Debug, View) : register(u0);   // "rgba8" via #

float SumOf(float a, float b) { return a + b; }
float SumOf(float a, float b, float c) { return a + b + c; }

MAKE_GETTER(Luma, float, dot(SceneColor.Sample(LinearSampler, uv).rgb, float3(0.299, 0.587, 0.114)))
MAKE_GETTER(Alpha, float, SceneColor.Sample(LinearSampler, uv).a)

[shader("pixel")]
float4 PSMain(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float acc = 0.0;
    [unroll] for (int i = 0; i < SAMPLE_COUNT; ++i)
        acc += GetLuma(uv + float2(i, SQUARE(i)) * 0.001);
    acc /= SAMPLE_COUNT;
#if USE_HIGH_QUALITY
    acc = SUM(acc, GetAlpha(uv), FIRST(0.5, 1.0, 2.0)) / 3.0;
#else
    acc = SUM(acc, GetAlpha(uv));
#endif
    float3 c = LERP3(float3(0, 0, 0), PREPROCESSOR_TINT, float3(1, 1, 1), acc);
    float4 result = float4(c * MULTI_LINE(0.5, 0.5), __LINE__ / 1000.0);
    DebugView[uint2(position.xy)] = result;
    return result;
}
