// Kernel function CSScanBlocks (Metal Shading Language 2.4), written by OneShader from HLSL.
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

kernel void CSScanBlocks(
    uint3 workgroup_id [[threadgroup_position_in_grid]],
    uint local_invocation_index [[thread_index_in_threadgroup]],
    constant ScanParams_mem& ScanParams [[buffer(0)]],
    const device uint* Input [[buffer(1)]],
    device uint* Output [[buffer(2)]],
    device uint* BlockSums [[buffer(3)]])
{
    uint3 SV_GroupID = uint3(workgroup_id);
    uint SV_GroupIndex = uint(local_invocation_index);
    threadgroup uint Temp[512];
    uint phi = {};
    uint phi_1 = {};
    uint offset = {};
    uint d = {};
    uint offset_1 = {};
    uint d2 = {};
    uint3 v = SV_GroupID;
    uint v_1 = SV_GroupIndex;
    uint v_2 = v.x;
    uint v_3 = (2u * v_1);
    uint v_4 = ((v_2 * 512u) + v_3);
    uint v_5 = (v_4 + 1u);
    uint v_6 = ScanParams.ElementCount;
    bool v_7 = (v_4 < v_6);
    if (v_7) {
        uint v_8 = Input[v_4];
        phi = v_8;
    } else {
        phi = 0u;
    }
    bool v_9 = (v_5 < v_6);
    if (v_9) {
        uint v_10 = Input[v_5];
        phi_1 = v_10;
    } else {
        phi_1 = 0u;
    }
    Temp[v_3] = phi;
    uint v_11 = (v_3 + 1u);
    Temp[v_11] = phi_1;
    offset = 1u;
    d = 256u;
    for (;;) {
        if (!(d > 0u)) {
            break;
        }
        threadgroup_barrier(mem_flags::mem_threadgroup);
        if (v_1 < d) {
            uint v_12 = ((offset * (v_3 + 2u)) - 1u);
            Temp[v_12] = (Temp[v_12] + Temp[((offset * v_11) - 1u)]);
        }
        uint v_13 = (offset * 2u);
        uint v_14 = (d >> (1u & 31u));
        offset = v_13;
        d = v_14;
    }
    if (v_1 == 0u) {
        Temp[511u] = 0u;
    }
    offset_1 = offset;
    d2 = 1u;
    for (;;) {
        if (!(d2 < 512u)) {
            break;
        }
        uint v_15 = (offset_1 >> (1u & 31u));
        threadgroup_barrier(mem_flags::mem_threadgroup);
        if (v_1 < d2) {
            uint v_16 = ((v_15 * v_11) - 1u);
            uint v_17 = ((v_15 * (v_3 + 2u)) - 1u);
            uint v_18 = Temp[v_16];
            Temp[v_16] = Temp[v_17];
            Temp[v_17] = (Temp[v_17] + v_18);
        }
        uint v_19 = (d2 * 2u);
        offset_1 = v_15;
        d2 = v_19;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (v_7) {
        Output[v_4] = Temp[v_3];
    }
    if (v_9) {
        Output[v_5] = Temp[v_11];
    }
    if (v_1 == 255u) {
        BlockSums[v_2] = (Temp[v_11] + phi_1);
    }
    return;
}
