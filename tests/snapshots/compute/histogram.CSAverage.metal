// Kernel function CSAverage (Metal Shading Language 2.4), written by OneShader from HLSL.
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

kernel void CSAverage(
    uint local_invocation_index [[thread_index_in_threadgroup]],
    constant HistogramParams_mem& HistogramParams [[buffer(0)]],
    device uint* Histogram [[buffer(1)]],
    device float* AverageLuminance [[buffer(2)]])
{
    uint SV_GroupIndex = uint(local_invocation_index);
    threadgroup float WeightedBins[256];
    uint stride = {};
    uint v = SV_GroupIndex;
    float v_1 = float(Histogram[v]);
    WeightedBins[v] = (v_1 * float(v));
    Histogram[v] = 0u;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    stride = 128u;
    for (;;) {
        if (!(stride > 0u)) {
            break;
        }
        if (v < stride) {
            WeightedBins[v] = (WeightedBins[v] + WeightedBins[(v + stride)]);
        }
        threadgroup_barrier(mem_flags::mem_threadgroup);
        uint v_2 = (stride >> (1u & 31u));
        stride = v_2;
    }
    if (v == 0u) {
        float v_3 = AverageLuminance[0u];
        AverageLuminance[0u] = (v_3 + ((exp2((((((WeightedBins[0u] / max((float(HistogramParams.PixelCount) - v_1), 1.0f)) - 1.0f) / 254.0f) * HistogramParams.LogLuminanceRange) + HistogramParams.MinLogLuminance)) - v_3) * HistogramParams.AdaptationRate));
    }
    return;
}
