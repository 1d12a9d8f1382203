// expect: no matching function for call to 'fwidth'
#include <metal_stdlib>
using namespace metal;
fragment float4 f(float4 p [[position]]) { return float4(float(fwidth(int(p.x)))); }
