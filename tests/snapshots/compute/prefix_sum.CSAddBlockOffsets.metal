// Kernel function CSAddBlockOffsets (Metal Shading Language 2.4), written by OneShader from HLSL.
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

kernel void CSAddBlockOffsets(
    uint3 global_invocation_id [[thread_position_in_grid]],
    constant ScanParams_mem& ScanParams [[buffer(0)]],
    device uint* Output [[buffer(2)]],
    device uint* BlockSums [[buffer(3)]])
{
    uint3 SV_DispatchThreadID = uint3(global_invocation_id);
    uint3 v = SV_DispatchThreadID;
    uint v_1 = v.x;
    if (v_1 < ScanParams.ElementCount) {
        Output[v_1] = (Output[v_1] + BlockSums[(v_1 / 512u)]);
    }
    return;
}
