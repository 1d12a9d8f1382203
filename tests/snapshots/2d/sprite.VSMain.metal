// Vertex function VSMain (Metal Shading Language 2.4), written by OneShader from HLSL.
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

struct SpriteInstance_mem {
    packed_float2 Position;
    packed_float2 Size;
    packed_float4 UvRect;
    float Rotation;
    float Depth;
    uint Color;
    uint Flags;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(SpriteInstance_mem) == 48, "SpriteInstance_mem size");
static_assert(__builtin_offsetof(SpriteInstance_mem, Position) == 0, "SpriteInstance_mem.Position offset");
static_assert(__builtin_offsetof(SpriteInstance_mem, Size) == 8, "SpriteInstance_mem.Size offset");
static_assert(__builtin_offsetof(SpriteInstance_mem, UvRect) == 16, "SpriteInstance_mem.UvRect offset");
static_assert(__builtin_offsetof(SpriteInstance_mem, Rotation) == 32, "SpriteInstance_mem.Rotation offset");
static_assert(__builtin_offsetof(SpriteInstance_mem, Depth) == 36, "SpriteInstance_mem.Depth offset");
static_assert(__builtin_offsetof(SpriteInstance_mem, Color) == 40, "SpriteInstance_mem.Color offset");
static_assert(__builtin_offsetof(SpriteInstance_mem, Flags) == 44, "SpriteInstance_mem.Flags offset");
#endif

struct VSMain_out {
    float4 SV_Position [[position]];
    float2 TEXCOORD0 [[user(locn0)]];
    float4 COLOR0 [[user(locn1)]];
};

struct SpriteInstance {
    float2 Position;
    float2 Size;
    float4 UvRect;
    float Rotation;
    float Depth;
    uint Color;
    uint Flags;
};

static SpriteInstance load_SpriteInstance_mem(const device SpriteInstance_mem (&x))
{
    SpriteInstance r;
    r.Position = float2(x.Position);
    r.Size = float2(x.Size);
    r.UvRect = float4(x.UvRect);
    r.Rotation = x.Rotation;
    r.Depth = x.Depth;
    r.Color = x.Color;
    r.Flags = x.Flags;
    return r;
}

vertex VSMain_out VSMain(
    uint vertex_index [[vertex_id]],
    uint instance_index [[instance_id]],
    constant SpriteFrame_mem& SpriteFrame [[buffer(0)]],
    const device SpriteInstance_mem* Sprites [[buffer(1)]])
{
    uint SV_VertexID = uint(vertex_index);
    uint SV_InstanceID = uint(instance_index);
    float4 SV_Position = {};
    float2 TEXCOORD0 = {};
    float4 COLOR0 = {};
    float2 uvCorner = {};
    float2 uvCorner_1 = {};
    float arg = {};
    float arg_1 = {};
    uint v = SV_VertexID;
    uint v_1 = SV_InstanceID;
    SpriteInstance v_2 = load_SpriteInstance_mem(Sprites[v_1]);
    float2 v_3 = v_2.Position;
    float4 v_4 = v_2.UvRect;
    float v_5 = v_2.Depth;
    uint v_6 = v_2.Color;
    uint v_7 = v_2.Flags;
    float v_8 = float((v & 1u));
    float2 v_9 = float2(v_8, float((v >> (1u & 31u))));
    float2 v_10 = ((v_9 - float2(0.5f, 0.5f)) * v_2.Size);
    arg = sin(v_2.Rotation);
    arg_1 = cos(v_2.Rotation);
    float v_11 = arg;
    float v_12 = arg_1;
    float v_13 = v_10.x;
    float v_14 = v_10.y;
    float2 v_15 = (v_3 + float2(((v_13 * v_12) - (v_14 * v_11)), ((v_13 * v_11) + (v_14 * v_12))));
    if (bool((v_7 & 1u))) {
        float2 v_16 = v_9;
        v_16.x = (1.0f - v_8);
        uvCorner = v_16;
    } else {
        uvCorner = v_9;
    }
    if (bool((v_7 & 2u))) {
        float2 v_17 = uvCorner;
        v_17.y = (1.0f - uvCorner.y);
        uvCorner_1 = v_17;
    } else {
        uvCorner_1 = uvCorner;
    }
    float2 v_18 = mix(v_4.xy, v_4.zw, uvCorner_1);
    float4 v_19 = (float4(float((v_6 & 255u)), float(((v_6 >> (8u & 31u)) & 255u)), float(((v_6 >> (16u & 31u)) & 255u)), float((v_6 >> (24u & 31u)))) / float4(255.0f, 255.0f, 255.0f, 255.0f));
    float3 v_20 = v_19.xyz;
    float3 v_21 = mix(pow(abs(((v_20 + float3(0.055f, 0.055f, 0.055f)) / float3(1.055f, 1.055f, 1.055f))), float3(2.4f, 2.4f, 2.4f)), (v_20 / float3(12.92f, 12.92f, 12.92f)), float3(bool3(v_20 <= float3(0.04045f, 0.04045f, 0.04045f))));
    float4 v_22 = v_19;
    v_22.x = v_21.x;
    float4 v_23 = v_22;
    v_23.y = v_21.y;
    float4 v_24 = v_23;
    v_24.z = v_21.z;
    SV_Position = (float4(v_15, v_5, 1.0f) * transpose(float4x4(float4(SpriteFrame.ViewProjection[0]), float4(SpriteFrame.ViewProjection[1]), float4(SpriteFrame.ViewProjection[2]), float4(SpriteFrame.ViewProjection[3]))));
    TEXCOORD0 = v_18;
    COLOR0 = v_24;
    VSMain_out out = {}; out.SV_Position = SV_Position; out.TEXCOORD0 = TEXCOORD0; out.COLOR0 = COLOR0; return out;
}
