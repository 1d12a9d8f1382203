// sdf_text.hlsl - single-channel signed-distance-field glyphs with outline and drop shadow.
#include "../include/common.hlsli"

cbuffer TextParams : register(b0)
{
    float4x4 ViewProjection;
    float4 OutlineColor;
    float4 ShadowColor;
    float2 ShadowOffset;     // in atlas uv
    float OutlineWidth;      // in distance units (0..0.5)
    float Softness;
    float DistanceRange;     // pixel range the SDF was generated with
    float3 Padding;
};

Texture2D<float> GlyphAtlas : register(t0);
SamplerState LinearClamp : register(s0);

struct GlyphVertex
{
    float2 Position : POSITION;
    float2 Uv : TEXCOORD0;
    float4 Color : COLOR0;
};

struct GlyphVaryings
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
    float4 Color : COLOR0;
};

[shader("vertex")]
GlyphVaryings VSGlyph(GlyphVertex v)
{
    GlyphVaryings o;
    o.Position = mul(ViewProjection, float4(v.Position, 0.0, 1.0));
    o.Uv = v.Uv;
    o.Color = v.Color;
    return o;
}

// Screen-space width of one distance unit, so edges stay one pixel wide at every scale.
float EdgeWidth(float2 uv)
{
    uint w, h;
    GlyphAtlas.GetDimensions(w, h);
    float2 unitsPerPixel = DistanceRange / float2(w, h);
    float2 screenTexSize = 1.0 / fwidth(uv);
    return max(0.5 / dot(unitsPerPixel, screenTexSize) * 2.0, 1e-3) + Softness;
}

[shader("pixel")]
float4 PSGlyph(GlyphVaryings i) : SV_Target
{
    float d = GlyphAtlas.Sample(LinearClamp, i.Uv);
    float w = EdgeWidth(i.Uv);
    float alpha = smoothstep(0.5 - w, 0.5 + w, d);
    return float4(i.Color.rgb, i.Color.a * alpha);
}

[shader("pixel")]
float4 PSGlyphOutlineShadow(GlyphVaryings i) : SV_Target
{
    float w = EdgeWidth(i.Uv);
    float d = GlyphAtlas.Sample(LinearClamp, i.Uv);
    float fill = smoothstep(0.5 - w, 0.5 + w, d);
    float outline = smoothstep(0.5 - OutlineWidth - w, 0.5 - OutlineWidth + w, d);
    float shadowD = GlyphAtlas.Sample(LinearClamp, i.Uv - ShadowOffset);
    float shadow = smoothstep(0.5 - OutlineWidth - w * 4.0, 0.5 - OutlineWidth + w * 4.0, shadowD);

    float4 c = float4(ShadowColor.rgb, ShadowColor.a * shadow);
    c = lerp(c, OutlineColor, outline);
    c = lerp(c, i.Color, fill);
    return c;
}
