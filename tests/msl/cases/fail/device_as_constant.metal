// expect: no matching function for call to 'r'
// expect: cannot pass pointer to generic address space as a pointer to address space '2'
#include <metal_stdlib>
using namespace metal;
static float r(constant float* p) { return p[0]; }
kernel void k(device float* o [[buffer(0)]]) { o[0] = r(o); }
