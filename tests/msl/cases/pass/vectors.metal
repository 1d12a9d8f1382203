// Vector arithmetic as the backend prints it: double literals, splats, conversions, masks into bool vectors.
#include <metal_stdlib>
using namespace metal;
static float4 f(float4 a, float4 c, uint u) {
  float4 v = a * 0.5 + 1;
  v.x = 1.0;
  v *= float(u);
  bool4 b = a < c;
  float4 s = select(a, c, a < c);
  bool any_lt = any(a < c) || all(b) || all(a.xy == c.xy);
  int4 i = int4(v);
  uint2 w = uint2(i.xy);
  return s + float4(any_lt) + float4(w.x);
}
static bool g(bool4 b, bool3 c) { bool2 d = bool2(b.x, c.z); return b.w && !d.y && d[0]; }
