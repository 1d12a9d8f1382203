// Fragment function PSBlend (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct PSBlend_in {
    float2 TEXCOORD0 [[user(locn0)]];
};

fragment void PSBlend(
    PSBlend_in in [[stage_in]],
    float4 frag_coord [[position]],
    texture2d<float, access::read_write> Accum [[texture(0), raster_order_group(0)]],
    texture2d<uint, access::read_write> Counts [[texture(1), raster_order_group(0)]],
    texture2d<float, access::write> Debug [[texture(3)]],
    texture2d<float> Source [[texture(4)]],
    sampler Linear [[sampler(0)]])
{
    float4 SV_Position = float4(frag_coord);
    float2 TEXCOORD0 = in.TEXCOORD0;
    uint2 v = uint2(SV_Position.xy);
    float4 v_1 = Source.sample(Linear, TEXCOORD0);
    float v_2 = v_1.w;
    Accum.write(((v_1 * float4(v_2)) + (Accum.read(uint2(min(v, (uint2(Accum.get_width(), Accum.get_height()) - uint2(1u, 1u))))) * float4((1.0f - v_2)))), uint2(v));
    Counts.write(uint4((Counts.read(uint2(v)).x + 1u)), uint2(v));
    Debug.write(v_1, uint2(v));
    return;
}
