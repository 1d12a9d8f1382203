// renderer2d_shapes.hlsl - solid, circle/ring and line-segment pixel shaders of the 2D renderer.
#include "renderer2d.hlsli"

[shader("pixel")]
float4 PSSolid(Varyings2D i) : SV_Target
{
    return i.Color;
}

// Params.x = inner radius (0 for a disc), uv in [-1,1].
[shader("pixel")]
float4 PSCircle(Varyings2D i) : SV_Target
{
    float r = length(i.Uv);
    float outer = Coverage(r - 1.0);
    float inner = i.Params.x > 0.0 ? Coverage(i.Params.x - r) : 1.0;
    return float4(i.Color.rgb, i.Color.a * outer * inner);
}

// Params.xy = segment end in uv space (start at origin), Params.z = half thickness, Params.w = dash length.
[shader("pixel")]
float4 PSLine(Varyings2D i) : SV_Target
{
    float2 b = i.Params.xy;
    float h = saturate(dot(i.Uv, b) / dot(b, b));
    float d = length(i.Uv - b * h) - i.Params.z;
    float a = Coverage(d);
    if (i.Params.w > 0.0)
    {
        float along = h * length(b) / i.Params.w;
        a *= step(0.5, frac(along - Time));
    }
    return float4(i.Color.rgb, i.Color.a * a);
}
