// expect: cannot be [[thread_position_in_grid]]
#include <metal_stdlib>
using namespace metal;
vertex float4 v(uint gid [[thread_position_in_grid]]) { return float4(float(gid)); }
