// expect: parameter 'gid' has no attribute
#include <metal_stdlib>
using namespace metal;
kernel void k(device float* o [[buffer(0)]], uint gid) { o[gid] = 1.0f; }
