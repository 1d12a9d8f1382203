// Fragment function PSResolve (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct Fragment_mem {
    packed_float4 Color;
    float Depth;
    uint Next;
    uchar _pad0[8];
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Fragment_mem) == 32, "Fragment_mem size");
static_assert(__builtin_offsetof(Fragment_mem, Color) == 0, "Fragment_mem.Color offset");
static_assert(__builtin_offsetof(Fragment_mem, Depth) == 16, "Fragment_mem.Depth offset");
static_assert(__builtin_offsetof(Fragment_mem, Next) == 20, "Fragment_mem.Next offset");
#endif

struct PSResolve_in {
    uint WIDTH [[user(locn0), flat]];
};

struct Fragment {
    float4 Color;
    float Depth;
    uint Next;
};

static Fragment load_Fragment_mem(const device Fragment_mem (&x))
{
    Fragment r;
    r.Color = float4(x.Color);
    r.Depth = x.Depth;
    r.Next = x.Next;
    return r;
}

fragment void PSResolve(
    PSResolve_in in [[stage_in]],
    float4 frag_coord [[position]],
    texture2d<float, access::write> Accum [[texture(0), raster_order_group(0)]],
    device Fragment_mem* Fragments [[buffer(0), raster_order_group(0)]],
    device uint* Heads [[buffer(1), raster_order_group(0)]])
{
    float4 SV_Position = float4(frag_coord);
    uint WIDTH = in.WIDTH;
    uint node = {};
    float4 color = {};
    uint i = {};
    bool phi = {};
    uint2 v = uint2(SV_Position.xy);
    uint v_1 = Heads[((((v.y * WIDTH) + v.x) * 4u) >> 2u)];
    node = v_1;
    color = float4(0.0f, 0.0f, 0.0f, 0.0f);
    i = 0u;
    for (;;) {
        if (i < 8u) {
            bool v_2 = (node != 4294967295u);
            phi = v_2;
        } else {
            phi = false;
        }
        if (!phi) {
            break;
        }
        Fragment v_3 = load_Fragment_mem(Fragments[node]);
        float4 v_4 = v_3.Color;
        uint v_5 = v_3.Next;
        float v_6 = v_4.w;
        float4 v_7 = ((v_4 * float4(v_6)) + (color * float4((1.0f - v_6))));
        uint v_8 = (i + 1u);
        node = v_5;
        color = v_7;
        i = v_8;
    }
    Accum.write(color, uint2(v));
    return;
}
