// expect: address argument to atomic operation must be a pointer to non-const
#include <metal_stdlib>
using namespace metal;
kernel void k(constant atomic_uint* c [[buffer(0)]]) { atomic_fetch_add_explicit(c, 1u, memory_order_relaxed); }
