// expect: no matching function for call to 'r'
// expect: no known conversion from 'threadgroup float[4]' to 'float *'
#include <metal_stdlib>
using namespace metal;
static float r(thread float* p) { return p[0]; }
kernel void k(device float* o [[buffer(0)]]) { threadgroup float t[4]; t[0] = 1.0f; o[0] = r(t); }
