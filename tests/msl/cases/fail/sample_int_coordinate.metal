// expect: no matching member function for call to 'sample'
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]], device float4* o [[buffer(0)]]) { o[0] = t.sample(s, int2(0)); }
