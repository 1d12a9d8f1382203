// expect: no matching member function for call to 'read'
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::read> t [[texture(0)]], device float4* o [[buffer(0)]], uint2 gid [[thread_position_in_grid]]) { o[0] = t.read(int2(gid)); }
