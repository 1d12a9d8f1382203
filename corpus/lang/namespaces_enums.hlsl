// namespaces_enums.hlsl - namespaces (nested, qualified calls, using-free), enums (unscoped and enum class with
// explicit values and underlying type), typedef, and enum values in switch and arithmetic.
RWStructuredBuffer<float4> Output : register(u0);
StructuredBuffer<uint> Modes : register(t0);

typedef float4 Color;
typedef uint LightMask;
typedef vector<float, 3> Vec3;
typedef matrix<float, 2, 2> Mat2;

enum BlendMode { BlendOpaque, BlendAlpha = 4, BlendAdditive, BlendMultiply };

enum class Channel : uint { Red = 1, Green = 2, Blue = 4, All = 7 };

namespace Math
{
    static const float Pi = 3.14159265;
    float Wrap(float x) { return x - floor(x); }
    namespace Easing
    {
        float SmoothStep(float t) { return t * t * (3.0 - 2.0 * t); }
        float InOutSine(float t) { return 0.5 - 0.5 * cos(Pi * t); }
    }
}

namespace Blend
{
    Color Apply(BlendMode mode, Color dst, Color src)
    {
        switch (mode)
        {
        case BlendAlpha: return lerp(dst, src, src.a);
        case BlendAdditive: return dst + src;
        case BlendMultiply: return dst * src;
        default: return src;
        }
    }
}

Color MaskChannels(Color c, Channel mask)
{
    uint m = (uint)mask;
    return Color(m & (uint)Channel::Red ? c.r : 0.0, m & (uint)Channel::Green ? c.g : 0.0,
                 m & (uint)Channel::Blue ? c.b : 0.0, c.a);
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    uint raw = Modes[id.x];
    BlendMode mode = (BlendMode)(raw & 7);
    Channel channels = (Channel)((raw >> 3) & 7);
    float t = Math::Wrap(id.x / 64.0);
    Color src = Color(Math::Easing::SmoothStep(t), Math::Easing::InOutSine(t), t, 0.5);
    Color dst = Color(0.2, 0.3, 0.4, 1.0);
    Vec3 v = src.rgb;
    Mat2 m = Mat2(1, 0, 0, 1);
    LightMask lm = 1u << (id.x & 31);
    Color c = MaskChannels(Blend::Apply(mode, dst, src), channels);
    c.rg = mul(m, c.rg);
    Output[id.x] = c + float4(v * (countbits(lm) + (uint)BlendAdditive - 5), 0.0);
}
