// Kernel function CSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct DispatchPush_mem {
    packed_uint2 Size;
    uchar _pad0[8];
    packed_float3 Bias;
    uint Flags;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(DispatchPush_mem) == 32, "DispatchPush_mem size");
static_assert(__builtin_offsetof(DispatchPush_mem, Size) == 0, "DispatchPush_mem.Size offset");
static_assert(__builtin_offsetof(DispatchPush_mem, Bias) == 16, "DispatchPush_mem.Bias offset");
static_assert(__builtin_offsetof(DispatchPush_mem, Flags) == 28, "DispatchPush_mem.Flags offset");
#endif

kernel void CSMain(
    uint3 global_invocation_id [[thread_position_in_grid]],
    constant DispatchPush_mem& Dispatch [[buffer(1)]],
    texture2d<float, access::read_write> Target [[texture(4)]])
{
    uint3 SV_DispatchThreadID = uint3(global_invocation_id);
    float4 v = {};
    uint3 v_1 = SV_DispatchThreadID;
    for (;;) {
        uint2 v_2 = v_1.xy;
        float3 v_3 = float3(Dispatch.Bias);
        uint v_4 = Dispatch.Flags;
        if (any(bool2(v_2 >= uint2(Dispatch.Size)))) {
            break;
        }
        float4 v_5 = Target.read(uint2(v_2));
        float3 v_6 = (v_5.xyz + v_3);
        float4 v_7 = v_5;
        v_7.x = v_6.x;
        float4 v_8 = v_7;
        v_8.y = v_6.y;
        float4 v_9 = v_8;
        v_9.z = v_6.z;
        if (bool((v_4 & 1u))) {
            float3 v_10 = saturate(v_9.xyz);
            float4 v_11 = v_9;
            v_11.x = v_10.x;
            float4 v_12 = v_11;
            v_12.y = v_10.y;
            float4 v_13 = v_12;
            v_13.z = v_10.z;
            v = v_13;
        } else {
            v = v_9;
        }
        Target.write(v, uint2(v_2));
        break;
    }
    return;
}
