// Fragment function PSPerSample (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

fragment void PSPerSample(
    float4 frag_coord [[position]],
    uint sample_index [[sample_id]],
    texture2d<float, access::write> Accum [[texture(0), raster_order_group(0)]])
{
    float4 SV_Position = float4(frag_coord);
    uint SV_SampleIndex = uint(sample_index);
    Accum.write(float4(float(SV_SampleIndex), 0.0f, 0.0f, 1.0f), uint2(uint2(SV_Position.xy)));
    return;
}
