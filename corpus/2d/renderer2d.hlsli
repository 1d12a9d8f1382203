// renderer2d.hlsli - the shared vertex format, resources and vertex shader of the small 2D renderer.
// renderer2d_shapes.hlsl and renderer2d_textured.hlsl add pixel shaders on top of it.
#ifndef RENDERER2D_HLSLI
#define RENDERER2D_HLSLI
#include "../include/common.hlsli"
#include "../include/color.hlsli"

cbuffer Camera2D : register(b0)
{
    float4x4 ViewProjection;
    float PixelsPerUnit;
    float Time;
    float2 Padding;
};

struct Vertex2D
{
    float2 Position : POSITION;
    float2 Uv : TEXCOORD0;
    [[oneshader::format("unorm8x4")]] float4 Color : COLOR0;
    float4 Params : TEXCOORD1;     // meaning depends on the pixel shader
};

struct Varyings2D
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
    float4 Color : COLOR0;
    float4 Params : TEXCOORD1;
};

[shader("vertex")]
Varyings2D VS2D(Vertex2D v)
{
    Varyings2D o;
    o.Position = mul(ViewProjection, float4(v.Position, 0.0, 1.0));
    o.Uv = v.Uv;
    o.Color = float4(SrgbToLinear(v.Color.rgb), v.Color.a);
    o.Params = v.Params;
    return o;
}

// Antialiased coverage from a signed distance in uv units.
float Coverage(float d)
{
    float w = fwidth(d);
    return saturate(0.5 - d / max(w, 1e-5));
}

#endif
