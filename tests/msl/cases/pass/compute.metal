// A compute kernel in the style of the spec page "The MSL backend": buffers, a push constant as constant T&,
// groupshared memory as a threadgroup local passed to a helper, atomics with a compare-exchange loop, function
// constants, simd-group and quad functions, textures and a constexpr sampler, precise arithmetic.
#include <metal_stdlib>
using namespace metal;

struct Params { uint count; float scale; packed_float3 offset; uint pad0; };
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Params) == 24, "Params size");
static_assert(__builtin_offsetof(Params, offset) == 8, "Params.offset offset");
#endif
struct Item { float4 value; uint key; uchar pad0[12]; };
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Item) == 32, "Item size");
#endif

constant int Radius [[function_constant(0)]];
constant int Radius_value = is_function_constant_defined(Radius) ? Radius : 4;
constant bool UseFast [[function_constant(1)]];
constant bool UseFast_value = is_function_constant_defined(UseFast) ? UseFast : false;

constexpr sampler LinearClamp(filter::linear, address::clamp_to_edge, coord::normalized);

static float accumulate(threadgroup float (&shared)[64], uint lid, thread float& total)
{
    total += shared[lid];
    return total;
}

static float precise_sum(float a, float b, float c)
{
    #pragma clang fp reassociate(off)
    #pragma clang fp contract(off)
    return precise::divide(a * b + c, b);
}

kernel void CSMain(
    device Item* Items [[buffer(0)]],
    device atomic_uint* Counter [[buffer(1)]],
    const device float* Input [[buffer(2)]],
    constant Params& Push [[buffer(3)]],
    texture2d<float, access::read> Source [[texture(0)]],
    texture2d<float, access::write> Dest [[texture(1)]],
    texture2d<float> Sampled [[texture(2)]],
    depth2d<float> Shadow [[texture(3)]],
    texture2d_array<uint, access::read_write> Layers [[texture(4)]],
    sampler ShadowSampler [[sampler(0)]],
    uint3 gid [[thread_position_in_grid]],
    uint3 lid3 [[thread_position_in_threadgroup]],
    uint lid [[thread_index_in_threadgroup]],
    uint3 group [[threadgroup_position_in_grid]],
    uint3 group_size [[threads_per_threadgroup]],
    uint lane [[thread_index_in_simdgroup]],
    uint lanes [[threads_per_simdgroup]],
    threadgroup float* scratch [[threadgroup(0)]])
{
    threadgroup float shared[64];
    threadgroup int shared_max_bits[1];
    threadgroup atomic_int* shared_max = (threadgroup atomic_int*)&shared_max_bits[0];
    shared[lid] = Input[gid.x] * Push.scale;
    if (lid == 0)
        atomic_store_explicit(shared_max, 0, memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    float total = 0.0f;
    for (int i = -Radius_value; i <= Radius_value; ++i)
        accumulate(shared, uint(clamp(int(lid) + i, 0, 63)), total);
    atomic_fetch_max_explicit(shared_max, int(total), memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device | mem_flags::mem_texture);

    uint slot = atomic_fetch_add_explicit(Counter, 1u, memory_order_relaxed);
    uint expected = atomic_load_explicit(Counter, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(Counter, &expected, max(expected, slot), memory_order_relaxed,
                                                  memory_order_relaxed)) {
    }
    atomic_fetch_add_explicit((device atomic_uint*)&Items[0].key, 1u, memory_order_relaxed);

    Item item = Items[slot];
    item.value = float4(float3(Push.offset) + float3(total), 1.0f);
    item.value.xy = item.value.yx * 2.0f;
    item.key = as_type<uint>(item.value.x) ^ popcount(slot) ^ reverse_bits(slot) ^ extract_bits(slot, 2, 3);
    Items[slot] = item;

    float4 texel = Source.read(gid.xy) + Source.read(ushort2(gid.xy));
    half4 h = half4(texel) * half(2);
    texel = float4(h) + float4(scratch[lid]);
    float4 s = Sampled.sample(LinearClamp, float2(gid.xy) / float2(Source.get_width(), Source.get_height()));
    float shadow = Shadow.sample_compare(ShadowSampler, float2(0.5f), 0.25f);
    uint4 layer = Layers.read(gid.xy, 1u);
    Layers.write(layer + uint4(1), gid.xy, 1u);
    float sum = simd_sum(texel.x) + simd_prefix_exclusive_sum(s.y) + simd_broadcast_first(shadow);
    sum += simd_shuffle(sum, ushort(0)) + simd_shuffle_xor(sum, ushort(1)) + quad_shuffle(sum, ushort(2)) +
           quad_shuffle_xor(sum, ushort(3));
    bool first = simd_is_first();
    ulong vote = ulong(simd_ballot(texel.x > 0.5f));
    if (simd_all(first) || simd_any(vote != 0) || UseFast_value)
        sum = fast::sqrt(abs(sum));
    float3x3 m = float3x3(1.0f);
    float3 v = m * float3(sum) + float3(sum) * m + transpose(m)[0] * determinant(m);
    float4 mixed = mix(float4(v, 1.0f), float4(0.0f), 0.5f) + select(float4(1.0f), float4(2.0f), texel < s);
    mixed += float4(dot(v, v), length(v), distance(v, -v), normalize(v + 1.0f).x);
    mixed.xyz += cross(v, v.zyx) + reflect(v, v) + refract(v, normalize(v), 1.5f) + faceforward(v, v, v);
    mixed += fma(mixed, mixed, float4(1)) + step(0.5f, mixed) + smoothstep(float4(0), float4(1), mixed);
    mixed += float4(int4(mixed)) + floor(mixed) + ceil(mixed) + fract(mixed) + round(mixed) + rint(mixed) +
             trunc(mixed) + sign(mixed) + exp2(mixed) + log2(abs(mixed)) + pow(mixed, float4(2)) +
             sin(mixed) + cos(mixed) + rsqrt(mixed) + fmod(mixed, float4(3));
    if (any(isnan(mixed)) || all(isfinite(mixed)) || isinf(mixed.x))
        mixed = float4(0);
    int bits = clz(int(lane)) + ctz(int(lanes)) + insert_bits(int(lid), 1, 0u, 1u);
    Dest.write(mixed + float4(float(bits), precise_sum(1, 2, 3), 0, float(group.x + group_size.x + lid3.y)),
               gid.xy);
}
