// Invalid: an implicit-derivative sample under non-uniform control flow, without the diagnostic that allows it.
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (uv.x > 0.5) {
    color = textureSample(t, s, uv);
  }
  return color;
}
