// Vertex function VSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct Transform_mem {
    packed_float4 ViewProjection[4];
    packed_float3 Origin;
    float Scale;
    packed_float3 Offset;
    float Padding;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Transform_mem) == 96, "Transform_mem size");
static_assert(__builtin_offsetof(Transform_mem, ViewProjection) == 0, "Transform_mem.ViewProjection offset");
static_assert(__builtin_offsetof(Transform_mem, Origin) == 64, "Transform_mem.Origin offset");
static_assert(__builtin_offsetof(Transform_mem, Scale) == 76, "Transform_mem.Scale offset");
static_assert(__builtin_offsetof(Transform_mem, Offset) == 80, "Transform_mem.Offset offset");
static_assert(__builtin_offsetof(Transform_mem, Padding) == 92, "Transform_mem.Padding offset");
#endif

struct VSMain_in {
    float3 POSITION [[attribute(0)]];
    float3 POSITION1 [[attribute(1)]];
    float BLENDWEIGHT [[attribute(2)]];
};

struct VSMain_out {
    float4 SV_Position [[position]];
    float3 TEXCOORD0 [[user(locn0)]];
};

vertex VSMain_out VSMain(
    VSMain_in in [[stage_in]],
    constant Transform_mem& Transform [[buffer(0)]])
{
    #pragma clang fp reassociate(off)
    #pragma clang fp contract(off)
    float3 POSITION = in.POSITION;
    float3 POSITION1 = in.POSITION1;
    float BLENDWEIGHT = in.BLENDWEIGHT;
    float4 SV_Position = {};
    float3 TEXCOORD0 = {};
    float v = BLENDWEIGHT;
    float3 v_1 = ((float3(Transform.Origin) + (((POSITION * float3((1.0f - v))) + (POSITION1 * float3(v))) * float3(Transform.Scale))) + float3(Transform.Offset));
    SV_Position = ((((float4(Transform.ViewProjection[0].x, Transform.ViewProjection[1].x, Transform.ViewProjection[2].x, Transform.ViewProjection[3].x) * float4(v_1.x)) + (float4(Transform.ViewProjection[0].y, Transform.ViewProjection[1].y, Transform.ViewProjection[2].y, Transform.ViewProjection[3].y) * float4(v_1.y))) + (float4(Transform.ViewProjection[0].z, Transform.ViewProjection[1].z, Transform.ViewProjection[2].z, Transform.ViewProjection[3].z) * float4(v_1.z))) + float4(Transform.ViewProjection[0].w, Transform.ViewProjection[1].w, Transform.ViewProjection[2].w, Transform.ViewProjection[3].w));
    TEXCOORD0 = v_1;
    VSMain_out out = {}; out.SV_Position = SV_Position; out.TEXCOORD0 = TEXCOORD0; return out;
}
