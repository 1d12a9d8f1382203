// Fragment function PSDepthTest (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct PSDepthTest_in {
    float DEPTH [[user(locn0)]];
};

struct PSDepthTest_out {
    float4 SV_Target [[color(0)]];
};

fragment PSDepthTest_out PSDepthTest(
    PSDepthTest_in in [[stage_in]],
    float4 frag_coord [[position]],
    texture2d<uint, access::read_write> Counts [[texture(1), raster_order_group(0)]],
    texture_buffer<float, access::write> Depths [[texture(2), raster_order_group(0)]])
{
    float4 SV_Position = float4(frag_coord);
    float DEPTH = in.DEPTH;
    float4 SV_Target = {};
    float4 v = SV_Position;
    float v_1 = DEPTH;
    uint v_2 = ((uint(v.y) * 1024u) + uint(v.x));
    if (v_1 < 0.5f) {
        Depths.write(float4(v_1), uint(v_2));
    }
    uint2 v_3 = uint2(v.xy);
    Counts.write(uint4((Counts.read(uint2(v_3)).x + 1u)), uint2(v_3));
    SV_Target = float4(float3(v_1), 1.0f);
    PSDepthTest_out out = {}; out.SV_Target = SV_Target; return out;
}
