// expect: sample and gather need access::sample
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::read> t [[texture(0)]], sampler s [[sampler(0)]], device float4* o [[buffer(0)]]) { o[0] = t.sample(s, float2(0.5f)); }
