// Vertex function VSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct DrawParams_mem {
    packed_float4 World[4];
    packed_float3 Tint;
    float Opacity;
    packed_float2 UvScale[3];
    uint MaterialId;
    uchar _pad0[4];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(DrawParams_mem) == 112, "DrawParams_mem size");
static_assert(__builtin_offsetof(DrawParams_mem, World) == 0, "DrawParams_mem.World offset");
static_assert(__builtin_offsetof(DrawParams_mem, Tint) == 64, "DrawParams_mem.Tint offset");
static_assert(__builtin_offsetof(DrawParams_mem, Opacity) == 76, "DrawParams_mem.Opacity offset");
static_assert(__builtin_offsetof(DrawParams_mem, UvScale) == 80, "DrawParams_mem.UvScale offset");
static_assert(__builtin_offsetof(DrawParams_mem, MaterialId) == 104, "DrawParams_mem.MaterialId offset");
#endif

struct Skin_mem {
    packed_float4 Bones[4][3];
    packed_float4 Weights;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Skin_mem) == 208, "Skin_mem size");
static_assert(__builtin_offsetof(Skin_mem, Bones) == 0, "Skin_mem.Bones offset");
static_assert(__builtin_offsetof(Skin_mem, Weights) == 192, "Skin_mem.Weights offset");
#endif

struct VSMain_in {
    float3 POSITION [[attribute(0)]];
    float2 TEXCOORD0 [[attribute(1)]];
    uint4 BONES [[attribute(2)]];
};

struct VSMain_out {
    float4 SV_Position [[position]];
    float3 WORLDPOS [[user(locn0)]];
    float2 TEXCOORD0_1 [[user(locn1)]];
    uint MATERIAL [[user(locn2)]];
};

static array<float3x4, 4> load_array(const device packed_float4 (&x)[4][3])
{
    array<float3x4, 4> r;
    for (uint i = 0; i < 4u; ++i)
        r[i] = float3x4(float4(x[i][0]), float4(x[i][1]), float4(x[i][2]));
    return r;
}

vertex VSMain_out VSMain(
    VSMain_in in [[stage_in]],
    const device DrawParams_mem& DrawParams [[buffer(0)]],
    const device Skin_mem& SkinData [[buffer(1)]])
{
    float3 POSITION = in.POSITION;
    float2 TEXCOORD0 = in.TEXCOORD0;
    uint4 BONES = in.BONES;
    float4 SV_Position = {};
    float3 WORLDPOS = {};
    float2 TEXCOORD0_1 = {};
    uint MATERIAL = {};
    float3 skinned = {};
    int i = {};
    uint4 bones = {};
    array<float3x4, 4> indexed = {};
    float4 indexed_1 = {};
    float3 v = POSITION;
    float2 v_1 = TEXCOORD0;
    bones = BONES;
    skinned = float3(0.0f, 0.0f, 0.0f);
    i = 0;
    for (;;) {
        if (!(i < 4)) {
            break;
        }
        float4 v_2 = float4(SkinData.Weights);
        uint v_3 = bones[i];
        indexed = load_array(SkinData.Bones);
        float3 v_4 = (float4(v, 1.0f) * indexed[v_3]);
        indexed_1 = v_2;
        float3 v_5 = (skinned + (v_4 * float3(indexed_1[i])));
        int v_6 = (i + 1);
        skinned = v_5;
        i = v_6;
    }
    uint v_7 = DrawParams.MaterialId;
    float2 v_8 = (v_1 * float2(DrawParams.UvScale[(v_7 % 3u)]));
    SV_Position = (float4(skinned, 1.0f) * transpose(float4x4(float4(DrawParams.World[0]), float4(DrawParams.World[1]), float4(DrawParams.World[2]), float4(DrawParams.World[3]))));
    WORLDPOS = skinned;
    TEXCOORD0_1 = v_8;
    MATERIAL = v_7;
    VSMain_out out = {}; out.SV_Position = SV_Position; out.WORLDPOS = WORLDPOS; out.TEXCOORD0_1 = TEXCOORD0_1; out.MATERIAL = MATERIAL; return out;
}
