// expect: a kernel returns void, not float
#include <metal_stdlib>
using namespace metal;
kernel float k(device float* o [[buffer(0)]]) { return o[0]; }
