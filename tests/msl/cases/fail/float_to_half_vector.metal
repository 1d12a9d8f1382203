// expect: cannot initialize a variable of type 'metal::half4'
#include <metal_stdlib>
using namespace metal;
half4 f(float4 v) { half4 h = v; return h; }
