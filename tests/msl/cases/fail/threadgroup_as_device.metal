// expect: cannot initialize a variable of type
#include <metal_stdlib>
using namespace metal;
kernel void k(uint lid [[thread_index_in_threadgroup]]) { threadgroup float s[4]; device float* p = s; p[lid] = 0.0f; }
