// Fragment function PSAlphaTest (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct SpriteFrame_mem {
    packed_float4 ViewProjection[4];
    float AlphaCutoff;
    packed_float3 Padding;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(SpriteFrame_mem) == 80, "SpriteFrame_mem size");
static_assert(__builtin_offsetof(SpriteFrame_mem, ViewProjection) == 0, "SpriteFrame_mem.ViewProjection offset");
static_assert(__builtin_offsetof(SpriteFrame_mem, AlphaCutoff) == 64, "SpriteFrame_mem.AlphaCutoff offset");
static_assert(__builtin_offsetof(SpriteFrame_mem, Padding) == 68, "SpriteFrame_mem.Padding offset");
#endif

struct PSAlphaTest_in {
    float2 TEXCOORD0 [[user(locn0)]];
    float4 COLOR0 [[user(locn1)]];
};

struct PSAlphaTest_out {
    float4 SV_Target [[color(0)]];
};

fragment PSAlphaTest_out PSAlphaTest(
    PSAlphaTest_in in [[stage_in]],
    float4 frag_coord [[position]],
    constant SpriteFrame_mem& SpriteFrame [[buffer(0)]],
    texture2d<float> Atlas [[texture(0)]],
    sampler AtlasSampler [[sampler(0)]])
{
    float4 SV_Position = float4(frag_coord);
    float2 TEXCOORD0 = in.TEXCOORD0;
    float4 COLOR0 = in.COLOR0;
    float4 SV_Target = {};
    float2 v = TEXCOORD0;
    float4 v_1 = COLOR0;
    float4 v_2 = (Atlas.sample(AtlasSampler, v) * v_1);
    if ((v_2.w - SpriteFrame.AlphaCutoff) < 0.0f) {
        discard_fragment();
        return {};
    }
    SV_Target = float4(v_2.xyz, 1.0f);
    PSAlphaTest_out out = {}; out.SV_Target = SV_Target; return out;
}
