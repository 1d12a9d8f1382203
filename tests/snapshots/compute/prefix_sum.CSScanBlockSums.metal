// Kernel function CSScanBlockSums (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct ScanParams_mem {
    uint ElementCount;
    uint BlockCount;
    packed_uint2 Padding;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(ScanParams_mem) == 16, "ScanParams_mem size");
static_assert(__builtin_offsetof(ScanParams_mem, ElementCount) == 0, "ScanParams_mem.ElementCount offset");
static_assert(__builtin_offsetof(ScanParams_mem, BlockCount) == 4, "ScanParams_mem.BlockCount offset");
static_assert(__builtin_offsetof(ScanParams_mem, Padding) == 8, "ScanParams_mem.Padding offset");
#endif

kernel void CSScanBlockSums(
    uint local_invocation_index [[thread_index_in_threadgroup]],
    constant ScanParams_mem& ScanParams [[buffer(0)]],
    device uint* BlockSums [[buffer(3)]])
{
    uint SV_GroupIndex = uint(local_invocation_index);
    threadgroup uint Temp[512];
    uint phi = {};
    uint phi_1 = {};
    uint offset = {};
    uint d = {};
    uint offset_1 = {};
    uint d2 = {};
    uint v = SV_GroupIndex;
    uint v_1 = (2u * v);
    uint v_2 = ScanParams.BlockCount;
    bool v_3 = (v_1 < v_2);
    if (v_3) {
        uint v_4 = BlockSums[v_1];
        phi = v_4;
    } else {
        phi = 0u;
    }
    Temp[v_1] = phi;
    uint v_5 = (v_1 + 1u);
    bool v_6 = (v_5 < v_2);
    if (v_6) {
        uint v_7 = BlockSums[v_5];
        phi_1 = v_7;
    } else {
        phi_1 = 0u;
    }
    Temp[v_5] = phi_1;
    offset = 1u;
    d = 256u;
    for (;;) {
        if (!(d > 0u)) {
            break;
        }
        threadgroup_barrier(mem_flags::mem_threadgroup);
        if (v < d) {
            uint v_8 = ((offset * (v_1 + 2u)) - 1u);
            Temp[v_8] = (Temp[v_8] + Temp[((offset * v_5) - 1u)]);
        }
        uint v_9 = (offset * 2u);
        uint v_10 = (d >> (1u & 31u));
        offset = v_9;
        d = v_10;
    }
    if (v == 0u) {
        Temp[511u] = 0u;
    }
    offset_1 = offset;
    d2 = 1u;
    for (;;) {
        if (!(d2 < 512u)) {
            break;
        }
        uint v_11 = (offset_1 >> (1u & 31u));
        threadgroup_barrier(mem_flags::mem_threadgroup);
        if (v < d2) {
            uint v_12 = ((v_11 * v_5) - 1u);
            uint v_13 = ((v_11 * (v_1 + 2u)) - 1u);
            uint v_14 = Temp[v_12];
            Temp[v_12] = Temp[v_13];
            Temp[v_13] = (Temp[v_13] + v_14);
        }
        uint v_15 = (d2 * 2u);
        offset_1 = v_11;
        d2 = v_15;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (v_3) {
        BlockSums[v_1] = Temp[v_1];
    }
    if (v_6) {
        BlockSums[v_5] = Temp[v_5];
    }
    return;
}
