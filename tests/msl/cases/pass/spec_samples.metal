// Every MSL line the spec prints, completed into a whole file: the vertex function of the sprite sample and the
// `main0` fragment function (page "Compile HLSL to Metal Shading Language"), the function constant and its
// `_value` form (pages "Specialization constants on Vulkan, Metal and WebGPU" and "The MSL backend"), the two fp
// pragmas and precise::divide (page "The HLSL precise keyword on Vulkan, Metal and WebGPU"), push constants as
// `constant T&`, resource arrays, the 64-bit atomics, and the wave functions the page "The MSL backend" names.
#include <metal_stdlib>
using namespace metal;

struct Frame_1_mem {
    float4 ViewProjection_col[4];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Frame_1_mem) == 64, "Frame_1_mem size");
static_assert(__builtin_offsetof(Frame_1_mem, ViewProjection_col) == 0, "Frame_1_mem.ViewProjection_col offset");
#endif
struct PerDraw_mem {
    float4 Model_col[4];
    float4 Tint;
    uint Index;
    uchar pad0[12];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(PerDraw_mem) == 96, "PerDraw_mem size");
static_assert(__builtin_offsetof(PerDraw_mem, Index) == 80, "PerDraw_mem.Index offset");
#endif

struct VSMain_in {
    float2 Position [[attribute(0)]];
    float2 UV [[attribute(1)]];
    float4 Color [[attribute(2)]];
};
struct VSMain_out {
    float4 gl_Position [[position]];
    float2 UV [[user(locn0)]];
    float4 Color [[user(locn1)]];
    float clip [[clip_distance]] [1];
};

vertex VSMain_out VSMain(
    VSMain_in stage_in [[stage_in]],
    constant Frame_1_mem& Frame [[buffer(0)]],
    constant PerDraw_mem& Draw [[buffer(1)]])
{
    float4x4 vp = float4x4(Frame.ViewProjection_col[0], Frame.ViewProjection_col[1], Frame.ViewProjection_col[2],
                           Frame.ViewProjection_col[3]);
    float4x4 model = float4x4(Draw.Model_col[0], Draw.Model_col[1], Draw.Model_col[2], Draw.Model_col[3]);
    VSMain_out out = {};
    // mul(a, b) in HLSL is b * a in MSL.
    out.gl_Position = float4(stage_in.Position, 0.0f, 1.0f) * (model * vp);
    out.UV = stage_in.UV;
    out.Color = stage_in.Color * Draw.Tint;
    out.clip[0] = float(Draw.Index);
    return out;
}

struct main0_in {
    float2 UV [[user(locn0)]];
    float4 Color [[user(locn1), centroid_perspective]];
    float Weight [[user(locn2), sample_perspective]];
};
struct main0_out {
    float4 SV_Target [[color(0)]];
    uint mask [[sample_mask]];
};

static float4 Shade(float4 c, float w)
{
    #pragma clang fp reassociate(off)
    #pragma clang fp contract(off)
    return c * w + float4(precise::divide(w, 3.0f));
}

fragment main0_out main0(
    main0_in in [[stage_in]],
    array<texture2d<float>, 4> Atlas [[texture(0)]],
    array<sampler, 2> AtlasSampler [[sampler(0)]],
    uint sample [[sample_id]],
    uint lane [[thread_index_in_simdgroup]],
    uint lanes [[threads_per_simdgroup]])
{
    main0_out out = {};
    float4 texel = Atlas[1].sample(AtlasSampler[0], in.UV) + Atlas[3].sample(AtlasSampler[1], in.UV);
    out.SV_Target = Shade(texel * in.Color, in.Weight) + float4(float(lane == lanes - 1));
    out.mask = 1u << sample;
    if (out.SV_Target.a == 0.0f)
        discard_fragment();
    return out;
}

constant int Radius [[function_constant(0)]];
constant int Radius_value = is_function_constant_defined(Radius) ? Radius : 4;
constant bool Horizontal [[function_constant(1)]];
constant bool Horizontal_value = is_function_constant_defined(Horizontal) ? Horizontal : false;
constant float Sigma [[function_constant(2)]];
constant float Sigma_value = is_function_constant_defined(Sigma) ? Sigma : 2.0f;

struct Values_mem { uint value; };

kernel void CSMain(
    device Values_mem* Values [[buffer(0)]],
    array<device Values_mem*, 2> Extra [[buffer(1)]],
    array<constant Frame_1_mem*, 2> Frames [[buffer(3)]],
    device atomic_ulong* Max64 [[buffer(5)]],
    device atomic_uint* Values_counter [[buffer(6)]],
    uint3 gl_GlobalInvocationID [[thread_position_in_grid]],
    uint gl_SubgroupInvocationID [[thread_index_in_simdgroup]],
    uint gl_SubgroupSize [[threads_per_simdgroup]])
{
    uint v = Values[gl_GlobalInvocationID.x].value;
    // WavePrefixCountBits and WaveActiveCountBits: a scan or sum of uint(condition).
    uint before = simd_prefix_exclusive_sum(uint(v > 3u));
    uint count = simd_sum(uint(v > 3u));
    // WaveActiveBallot: the 64-bit vote split into the uint4 HLSL returns.
    ulong vote = ulong(simd_ballot(v != 0u));
    uint4 ballot = uint4(uint(vote), uint(vote >> 32), 0u, 0u);
    bool first = simd_is_first();
    uint lead = simd_broadcast_first(v);
    bool all_equal = simd_all(v == simd_broadcast_first(v));
    uint at = simd_shuffle(v, ushort(gl_SubgroupInvocationID ^ 1u));
    uint across = quad_shuffle_xor(v, ushort(1)) + quad_shuffle(v, ushort(0));
    uint mx = simd_max(v) + simd_min(v) + simd_and(v) + simd_or(v) + simd_xor(v) + simd_product(v);
    // AppendStructuredBuffer.Append: one atomic add on the counter, then a store at the old value.
    uint slot = atomic_fetch_add_explicit(Values_counter, 1u, memory_order_relaxed);
    Extra[0][slot].value = before + count + ballot.x + ballot.y + uint(first) + lead + uint(all_equal) + at + across + mx;
    Extra[1][slot].value = uint(Radius_value) + uint(Horizontal_value) + uint(Sigma_value) + uint(Frames[1]->ViewProjection_col[0].x);
    atomic_max_explicit(Max64, ulong(v), memory_order_relaxed);
    atomic_min_explicit(Max64, ulong(gl_SubgroupSize), memory_order_relaxed);
    switch (v) {
    case 0:
        v += 1u;
        [[fallthrough]];
    case 1:
        v += 2u;
        break;
    default:
        break;
    }
    Values[gl_GlobalInvocationID.x].value = v;
}
