// expect: exactly N lanes
#include <metal_stdlib>
using namespace metal;
float4 f(float2 a) { return float4(a, 1.0f); }
