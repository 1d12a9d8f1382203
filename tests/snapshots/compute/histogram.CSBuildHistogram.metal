// Kernel function CSBuildHistogram (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct HistogramParams_mem {
    packed_uint2 InputSize;
    float MinLogLuminance;
    float InvLogLuminanceRange;
    float LogLuminanceRange;
    float AdaptationRate;
    uint PixelCount;
    float Padding;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(HistogramParams_mem) == 32, "HistogramParams_mem size");
static_assert(__builtin_offsetof(HistogramParams_mem, InputSize) == 0, "HistogramParams_mem.InputSize offset");
static_assert(__builtin_offsetof(HistogramParams_mem, MinLogLuminance) == 8, "HistogramParams_mem.MinLogLuminance offset");
static_assert(__builtin_offsetof(HistogramParams_mem, InvLogLuminanceRange) == 12, "HistogramParams_mem.InvLogLuminanceRange offset");
static_assert(__builtin_offsetof(HistogramParams_mem, LogLuminanceRange) == 16, "HistogramParams_mem.LogLuminanceRange offset");
static_assert(__builtin_offsetof(HistogramParams_mem, AdaptationRate) == 20, "HistogramParams_mem.AdaptationRate offset");
static_assert(__builtin_offsetof(HistogramParams_mem, PixelCount) == 24, "HistogramParams_mem.PixelCount offset");
static_assert(__builtin_offsetof(HistogramParams_mem, Padding) == 28, "HistogramParams_mem.Padding offset");
#endif

kernel void CSBuildHistogram(
    uint3 global_invocation_id [[thread_position_in_grid]],
    uint local_invocation_index [[thread_index_in_threadgroup]],
    constant HistogramParams_mem& HistogramParams [[buffer(0)]],
    texture2d<float> HdrInput [[texture(0)]],
    device uint* Histogram [[buffer(1)]])
{
    uint3 SV_DispatchThreadID = uint3(global_invocation_id);
    uint SV_GroupIndex = uint(local_invocation_index);
    threadgroup uint LocalBins[256];
    uint inline_result = {};
    uint3 v = SV_DispatchThreadID;
    uint v_1 = SV_GroupIndex;
    LocalBins[v_1] = 0u;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    uint2 v_2 = v.xy;
    if (all(bool2(v_2 < uint2(HistogramParams.InputSize)))) {
        int3 v_3 = int3(int2(v_2), 0);
        float3 v_4 = HdrInput.read(uint2(v_3.xy), uint(v_3.z)).xyz;
        for (;;) {
            float v_5 = dot(v_4, float3(0.2126f, 0.7152f, 0.0722f));
            if (v_5 < 0.001f) {
                inline_result = 0u;
                break;
            }
            uint v_6 = uint(((saturate(((log2(v_5) - HistogramParams.MinLogLuminance) * HistogramParams.InvLogLuminanceRange)) * 254.0f) + 1.0f));
            inline_result = v_6;
            break;
        }
        uint v_7 = atomic_fetch_add_explicit((threadgroup atomic_uint*)&LocalBins[inline_result], 1u, memory_order_relaxed);
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    uint v_8 = LocalBins[v_1];
    if (v_8 != 0u) {
        uint v_9 = atomic_fetch_add_explicit((device atomic_uint*)&Histogram[v_1], v_8, memory_order_relaxed);
    }
    return;
}
