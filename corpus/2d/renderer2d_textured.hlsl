// renderer2d_textured.hlsl - textured quads, nine-slice panels and gradients for the 2D renderer.
#include "renderer2d.hlsli"

Texture2D<float4> Texture : register(t1);
SamplerState LinearWrap : register(s1);

[shader("pixel")]
float4 PSTextured(Varyings2D i) : SV_Target
{
    return Texture.Sample(LinearWrap, i.Uv) * i.Color;
}

// Nine-slice: Params.xy = border size / quad size, Params.zw = border size / texture size.
float NineSliceAxis(float t, float border, float texBorder)
{
    if (t < border) return t / border * texBorder;
    if (t > 1.0 - border) return 1.0 - (1.0 - t) / border * texBorder;
    return lerp(texBorder, 1.0 - texBorder, (t - border) / (1.0 - 2.0 * border));
}

[shader("pixel")]
float4 PSNineSlice(Varyings2D i) : SV_Target
{
    float2 uv = float2(NineSliceAxis(i.Uv.x, i.Params.x, i.Params.z),
                       NineSliceAxis(i.Uv.y, i.Params.y, i.Params.w));
    return Texture.SampleGrad(LinearWrap, uv, ddx(i.Uv), ddy(i.Uv)) * i.Color;
}

// Params = second colour; uv.x is the gradient parameter, dithered to avoid banding.
[shader("pixel")]
float4 PSGradient(Varyings2D i) : SV_Target
{
    float dither = (Random01(Hash((uint)i.Position.x) ^ (uint)i.Position.y) - 0.5) / 255.0;
    float4 c = lerp(i.Color, i.Params, saturate(i.Uv.x));
    return c + dither;
}
