// Vertex function VSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct DrawPush_mem {
    packed_float4 Model[4];
    packed_float3 Tint;
    float Alpha;
    uint MaterialIndex;
    packed_float2 UvScale;
    uchar _pad0[4];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(DrawPush_mem) == 96, "DrawPush_mem size");
static_assert(__builtin_offsetof(DrawPush_mem, Model) == 0, "DrawPush_mem.Model offset");
static_assert(__builtin_offsetof(DrawPush_mem, Tint) == 64, "DrawPush_mem.Tint offset");
static_assert(__builtin_offsetof(DrawPush_mem, Alpha) == 76, "DrawPush_mem.Alpha offset");
static_assert(__builtin_offsetof(DrawPush_mem, MaterialIndex) == 80, "DrawPush_mem.MaterialIndex offset");
static_assert(__builtin_offsetof(DrawPush_mem, UvScale) == 84, "DrawPush_mem.UvScale offset");
#endif

struct Camera_mem {
    packed_float4 ViewProjection[4];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Camera_mem) == 64, "Camera_mem size");
static_assert(__builtin_offsetof(Camera_mem, ViewProjection) == 0, "Camera_mem.ViewProjection offset");
#endif

struct VSMain_in {
    float3 POSITION [[attribute(0)]];
    float2 TEXCOORD0 [[attribute(1)]];
};

struct VSMain_out {
    float4 SV_Position [[position]];
    float2 TEXCOORD0_1 [[user(locn0)]];
};

vertex VSMain_out VSMain(
    VSMain_in in [[stage_in]],
    constant DrawPush_mem& Draw [[buffer(0)]],
    constant Camera_mem& Camera [[buffer(2)]])
{
    float3 POSITION = in.POSITION;
    float2 TEXCOORD0 = in.TEXCOORD0;
    float4 SV_Position = {};
    float2 TEXCOORD0_1 = {};
    float2 v = (TEXCOORD0 * float2(Draw.UvScale));
    SV_Position = ((float4(POSITION, 1.0f) * transpose(float4x4(float4(Draw.Model[0]), float4(Draw.Model[1]), float4(Draw.Model[2]), float4(Draw.Model[3])))) * transpose(float4x4(float4(Camera.ViewProjection[0]), float4(Camera.ViewProjection[1]), float4(Camera.ViewProjection[2]), float4(Camera.ViewProjection[3]))));
    TEXCOORD0_1 = v;
    VSMain_out out = {}; out.SV_Position = SV_Position; out.TEXCOORD0_1 = TEXCOORD0_1; return out;
}
