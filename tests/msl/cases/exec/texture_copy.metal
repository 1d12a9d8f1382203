#include <metal_stdlib>
using namespace metal;
constant float Gain [[function_constant(0)]];
constant float Gain_value = is_function_constant_defined(Gain) ? Gain : 1.0f;
kernel void texture_copy(texture2d<float, access::read> src [[texture(0)]],
                         texture2d<float, access::write> dst [[texture(1)]],
                         texture2d<float> sampled [[texture(2)]], device float4* out [[buffer(0)]],
                         uint2 gid [[thread_position_in_grid]])
{
    constexpr sampler linear(filter::linear, address::clamp_to_edge);
    constexpr sampler point(filter::nearest, address::repeat, coord::pixel);
    dst.write(src.read(gid).wzyx * Gain_value, gid);
    if (gid.x == 0 && gid.y == 0) {
        out[0] = sampled.sample(linear, float2(0.5f, 0.5f));
        out[1] = sampled.sample(point, float2(2.5f, 0.5f));
    }
}
