// Fragment function PSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct PSMain_in {
    float3 TEXCOORD0 [[user(locn0)]];
};

struct PSMain_out {
    float4 SV_Target [[color(0)]];
};

fragment PSMain_out PSMain(
    PSMain_in in [[stage_in]],
    float4 frag_coord [[position]])
{
    #pragma clang fp reassociate(off)
    #pragma clang fp contract(off)
    float4 SV_Position = float4(frag_coord);
    float3 TEXCOORD0 = in.TEXCOORD0;
    float4 SV_Target = {};
    float3 v = TEXCOORD0;
    SV_Target = float4(fract(((v.x * v.y) + v.z)), 0.0f, 0.0f, 1.0f);
    PSMain_out out = {}; out.SV_Target = SV_Target; return out;
}
