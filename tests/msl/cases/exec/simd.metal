#include <metal_stdlib>
using namespace metal;
// SIMD-group and quad functions over 32 lanes; each lane writes what it saw.
kernel void simd(device uint* scan [[buffer(0)]], device uint* shuffled [[buffer(1)]],
                 device uint* quads [[buffer(2)]], device uint* votes [[buffer(3)]],
                 uint lane [[thread_index_in_simdgroup]], uint lanes [[threads_per_simdgroup]])
{
    uint v = lane + 1u;
    scan[lane] = simd_prefix_exclusive_sum(v);
    shuffled[lane] = simd_shuffle_xor(v, ushort(1)) + 100u * simd_broadcast_first(v);
    quads[lane] = quad_shuffle(v, ushort(3));
    ulong vote = ulong(simd_ballot((lane & 1u) == 0u));
    // Every lane calls the simd functions; only the writes are under the condition.
    uint flags = uint(simd_all(v > 0u)) + 2u * uint(simd_any(v > 31u)) + 4u * uint(simd_any(v > 32u));
    uint largest = simd_max(v);
    if (lane == 0) {
        votes[0] = uint(vote);
        votes[1] = lanes;
        votes[2] = flags;
        votes[3] = largest;
    }
}
