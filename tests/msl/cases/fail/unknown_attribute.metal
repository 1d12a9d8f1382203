// expect: unknown attribute [[bufer]]
#include <metal_stdlib>
using namespace metal;
kernel void k(device float* o [[bufer(0)]]) { o[0] = 1.0f; }
