// Fragment function PSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct PSMain_in {
    float2 TEXCOORD0 [[user(locn0)]];
    float4 COLOR0 [[user(locn1)]];
};

struct PSMain_out {
    float4 SV_Target [[color(0)]];
};

fragment PSMain_out PSMain(
    PSMain_in in [[stage_in]],
    float4 frag_coord [[position]],
    texture2d<float> Atlas [[texture(0)]],
    sampler AtlasSampler [[sampler(0)]])
{
    float4 SV_Position = float4(frag_coord);
    float2 TEXCOORD0 = in.TEXCOORD0;
    float4 COLOR0 = in.COLOR0;
    float4 SV_Target = {};
    float4 v = COLOR0;
    float4 v_1 = Atlas.sample(AtlasSampler, TEXCOORD0);
    SV_Target = float4((v_1.xyz * v.xyz), (v_1.w * v.w));
    PSMain_out out = {}; out.SV_Target = SV_Target; return out;
}
