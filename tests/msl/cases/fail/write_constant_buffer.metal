// expect: cannot assign to variable
#include <metal_stdlib>
using namespace metal;
struct P { float a; };
kernel void k(constant P& p [[buffer(0)]]) { p.a = 1.0f; }
