// msdf_text.hlsl - multi-channel SDF glyphs (median of three), per-glyph data from instances.
// Bindings are implicit: resources are numbered in declaration order.
cbuffer MsdfParams
{
    float4x4 Projection;
    float PixelRange;       // distance range in atlas pixels
    float Weight;           // > 0 makes glyphs bolder
    float2 AtlasSize;
};

Texture2D<float4> MsdfAtlas;
SamplerState MsdfSampler;

struct GlyphInstance
{
    float4 Rect : RECT;           // screen-space min / max
    float4 UvRect : UVRECT;
    float4 Color : COLOR0;
};

struct Varyings
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
    nointerpolation float4 Color : COLOR0;
};

float Median(float3 v) { return max(min(v.r, v.g), min(max(v.r, v.g), v.b)); }

[shader("vertex")]
Varyings VSMsdf(GlyphInstance g, uint vertexId : SV_VertexID)
{
    float2 t = float2(vertexId & 1, (vertexId >> 1) & 1);
    Varyings o;
    o.Position = mul(Projection, float4(lerp(g.Rect.xy, g.Rect.zw, t), 0.0, 1.0));
    o.Uv = lerp(g.UvRect.xy, g.UvRect.zw, t);
    o.Color = g.Color;
    return o;
}

[shader("pixel")]
float4 PSMsdf(Varyings i) : SV_Target
{
    float3 msd = MsdfAtlas.Sample(MsdfSampler, i.Uv).rgb;
    float sd = Median(msd) - 0.5 + Weight;
    float2 unitRange = PixelRange / AtlasSize;
    float2 screenTexSize = 1.0 / fwidth(i.Uv);
    float screenPxRange = max(0.5 * dot(unitRange, screenTexSize), 1.0);
    float opacity = saturate(sd * screenPxRange + 0.5);
    if (opacity <= 0.0)
        discard;
    return float4(i.Color.rgb, i.Color.a * opacity);
}
