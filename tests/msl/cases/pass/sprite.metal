// The shape of the spec's sprite sample (page "Compile HLSL to Metal Shading Language"): a vertex and a fragment
// function, a [[stage_in]] struct, a constant buffer with packed members and layout asserts, a texture and sampler.
#include <metal_stdlib>
using namespace metal;

struct Frame_1_mem {
    float4 ViewProjection[4];
    packed_float3 Tint;
    float Time;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Frame_1_mem) == 80, "Frame_1_mem size");
static_assert(__builtin_offsetof(Frame_1_mem, Tint) == 64, "Frame_1_mem.Tint offset");
static_assert(__builtin_offsetof(Frame_1_mem, Time) == 76, "Frame_1_mem.Time offset");
#endif

struct VSMain_in {
    float2 position [[attribute(0)]];
    float2 uv [[attribute(1)]];
    float4 color [[attribute(2)]];
};
struct VSMain_out {
    float4 position [[position]];
    float2 uv [[user(locn0)]];
    float4 color [[user(locn1), flat]];
    float fade [[user(locn2), center_no_perspective]];
};

vertex VSMain_out VSMain(
    VSMain_in stage_in [[stage_in]],
    constant Frame_1_mem& Frame [[buffer(0)]],
    uint vid [[vertex_id]],
    uint iid [[instance_id]])
{
    float4x4 vp = float4x4(Frame.ViewProjection[0], Frame.ViewProjection[1], Frame.ViewProjection[2],
                           Frame.ViewProjection[3]);
    VSMain_out out = {};
    out.position = vp * float4(stage_in.position, 0.0f, 1.0f);
    out.uv = stage_in.uv;
    out.color = stage_in.color * float4(float3(Frame.Tint), 1.0f);
    out.fade = float(vid + iid) * Frame.Time;
    return out;
}

struct main0_in {
    float2 uv [[user(locn0)]];
    float4 color [[user(locn1), flat]];
};
struct main0_out {
    float4 color [[color(0)]];
    float depth [[depth(any)]];
};

fragment main0_out main0(
    main0_in in [[stage_in]],
    texture2d<float> Atlas [[texture(0)]],
    sampler AtlasSampler [[sampler(0)]],
    float4 frag_coord [[position]],
    bool front [[front_facing]])
{
    main0_out out = {};
    float4 texel = Atlas.sample(AtlasSampler, in.uv);
    texel += Atlas.sample(AtlasSampler, in.uv, level(0.0f), int2(1, 0));
    texel += Atlas.sample(AtlasSampler, in.uv, bias(0.5f));
    texel += Atlas.sample(AtlasSampler, in.uv, gradient2d(float2(0.01f), float2(0.01f)));
    out.color = texel * in.color;
    out.color.rgb = front ? out.color.bgr : out.color.rgb;
    out.depth = saturate(frag_coord.z);
    if (out.color.a < 0.01f)
        discard_fragment();
    return out;
}
