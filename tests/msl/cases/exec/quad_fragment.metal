// Fine derivatives across 2x2 quads, with helper lanes for the uncovered pixels, and a discard after them.
#include <metal_stdlib>
using namespace metal;

struct quad_in {
    float2 pq [[user(locn0), center_no_perspective]];
};

struct quad_color {
    float4 color [[color(0)]];
};

fragment quad_color quad_fragment(quad_in in [[stage_in]])
{
    float p = in.pq.x, q = in.pq.y;
    float a = dfdx(p * p);
    float b = dfdy(q * p);
    float c = fwidth(q);
    if (q > 1.0f) {
        discard_fragment();
        return {};
    }
    quad_color out;
    out.color = float4(a, b, c, simd_is_helper_thread() ? 1.0f : 0.0f);
    return out;
}
