// Valid: a constant buffer as array<vec4<u32>, N>, stage I/O through private globals, a sampled texture under
// non-uniform control flow allowed by the derivative_uniformity diagnostic.
diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var<uniform> Frame: array<vec4<u32>, 5>;
@group(0) @binding(1) var Atlas: texture_2d<f32>;
@group(0) @binding(2) var AtlasSampler: sampler;

var<private> in_uv: vec2<f32>;
var<private> out_color: vec4<f32>;

struct VertexOut {
  @builtin(position) position: vec4<f32>,
  @location(0) uv: vec2<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) vertex: u32) -> VertexOut {
  let uv = vec2<f32>(f32((vertex << 1u) & 2u), f32(vertex & 2u));
  let scale = bitcast<f32>(Frame[4].x);
  return VertexOut(vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0) * vec4<f32>(scale, scale, 1.0, 1.0), uv);
}

fn ps_body() {
  out_color = vec4<f32>(0.0);
  if (in_uv.x > 0.5) {
    out_color = textureSample(Atlas, AtlasSampler, in_uv);
  }
}

@fragment
fn ps_main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  in_uv = uv;
  ps_body();
  return out_color;
}
