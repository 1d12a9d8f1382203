#include <metal_stdlib>
using namespace metal;
// A threadgroup tree reduction with barriers, then a simd_sum cross-check, then an atomic histogram.
kernel void reduce(device const uint* values [[buffer(0)]], device uint* sums [[buffer(1)]],
                   device atomic_uint* histogram [[buffer(2)]], device uint* simd_sums [[buffer(3)]],
                   uint gid [[thread_position_in_grid]], uint lid [[thread_index_in_threadgroup]],
                   uint3 group [[threadgroup_position_in_grid]], uint lane [[thread_index_in_simdgroup]])
{
    threadgroup uint partial[64];
    partial[lid] = values[gid];
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (uint stride = 32; stride > 0; stride /= 2) {
        if (lid < stride)
            partial[lid] += partial[lid + stride];
        threadgroup_barrier(mem_flags::mem_threadgroup);
    }
    if (lid == 0)
        sums[group.x] = partial[0];
    uint s = simd_sum(values[gid]);
    if (lane == 0)
        simd_sums[gid / 32] = s;
    atomic_fetch_add_explicit(&histogram[values[gid] % 4], 1u, memory_order_relaxed);
}
