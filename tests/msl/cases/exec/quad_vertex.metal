// A triangle over the top-left of a 4x2 target: window corners (0, 0), (4, 0), (0, 2); varyings p = window x,
// q = window y.
#include <metal_stdlib>
using namespace metal;

struct quad_out {
    float4 position [[position]];
    float2 pq [[user(locn0)]];
};

vertex quad_out quad_vertex(uint id [[vertex_id]])
{
    float2 window = float2(id == 1 ? 4.0f : 0.0f, id == 2 ? 2.0f : 0.0f);
    quad_out out;
    out.position = float4(window.x / 2.0f - 1.0f, 1.0f - window.y, 0.5f, 1.0f);
    out.pq = window;
    return out;
}
