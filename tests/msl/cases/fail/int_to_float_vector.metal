// expect: cannot initialize
#include <metal_stdlib>
using namespace metal;
float4 f(int4 i) { float4 v = i; return v; }
