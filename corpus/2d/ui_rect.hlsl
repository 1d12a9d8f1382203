// ui_rect.hlsl - UI rectangles with per-corner radii, borders and a vertical gradient, antialiased with an SDF.
#include "../include/color.hlsli"

cbuffer UiFrame : register(b0)
{
    float2 InvScreenSize;
    float Scale;           // UI scale factor (DPI)
    float Padding;
};

struct UiRect
{
    float4 Bounds;         // x, y, width, height in pixels
    float4 CornerRadii;    // top-left, top-right, bottom-right, bottom-left
    float4 FillTop;
    float4 FillBottom;
    float4 BorderColor;
    float BorderWidth;
    float Shadow;          // blur radius of an outer shadow, 0 for none
    uint ClipIndex;
    uint Padding2;
};

StructuredBuffer<UiRect> Rects : register(t0);
StructuredBuffer<float4> ClipRects : register(t1);

struct VSOut
{
    float4 Position : SV_Position;
    float2 Local : TEXCOORD0;       // pixel position relative to the rect centre
    nointerpolation uint RectIndex : TEXCOORD1;
    float2 Pixel : TEXCOORD2;
};

[shader("vertex")]
VSOut VSRect(uint vertexId : SV_VertexID, uint instanceId : SV_InstanceID)
{
    UiRect r = Rects[instanceId];
    float2 corner = float2(vertexId & 1, vertexId >> 1);
    float grow = r.Shadow * 2.0;                         // room for the shadow
    float2 pixel = r.Bounds.xy - grow + corner * (r.Bounds.zw + 2.0 * grow);
    pixel *= Scale;
    VSOut o;
    o.Position = float4(pixel * InvScreenSize * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
    o.Local = pixel / Scale - (r.Bounds.xy + r.Bounds.zw * 0.5);
    o.RectIndex = instanceId;
    o.Pixel = pixel;
    return o;
}

// Signed distance to a box with a different radius in each quadrant.
float RoundedBoxSdf(float2 p, float2 halfSize, float4 radii)
{
    float2 rs = p.x > 0.0 ? radii.yz : radii.xw;
    float r = p.y > 0.0 ? rs.y : rs.x;
    float2 q = abs(p) - halfSize + r;
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

[shader("pixel")]
float4 PSRect(VSOut i) : SV_Target
{
    UiRect r = Rects[i.RectIndex];
    float4 clipRect = ClipRects[r.ClipIndex];
    if (any(i.Pixel < clipRect.xy) || any(i.Pixel > clipRect.zw))
        discard;

    float2 halfSize = r.Bounds.zw * 0.5;
    float d = RoundedBoxSdf(i.Local, halfSize, r.CornerRadii);
    float aa = fwidth(d);

    float t = saturate(i.Local.y / r.Bounds.w + 0.5);
    float4 fill = lerp(r.FillTop, r.FillBottom, t);
    float borderMask = smoothstep(-r.BorderWidth - aa, -r.BorderWidth + aa, d);
    float4 c = lerp(fill, r.BorderColor, r.BorderWidth > 0.0 ? borderMask : 0.0);
    float coverage = 1.0 - smoothstep(-aa, aa, d);

    float4 result = float4(c.rgb, c.a * coverage);
    if (r.Shadow > 0.0)
    {
        float shadow = (1.0 - smoothstep(-r.Shadow, r.Shadow, d - r.Shadow * 0.5)) * 0.35;
        result = lerp(float4(0, 0, 0, shadow), result, result.a);
        result.a = max(result.a, shadow);
    }
    result.rgb *= result.a;          // premultiplied output
    return result;
}
