// expect: components must be scalars or vectors of the same element type
#include <metal_stdlib>
using namespace metal;
float4 f(int2 i) { return float4(i, 0.0f, 1.0f); }
