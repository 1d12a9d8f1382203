// Invalid: two vertex outputs at the same location.
struct VertexOut {
  @builtin(position) position: vec4<f32>,
  @location(0) a: vec4<f32>,
  @location(0) b: vec4<f32>,
}

@vertex
fn main() -> VertexOut {
  return VertexOut(vec4<f32>(0.0), vec4<f32>(1.0), vec4<f32>(2.0));
}
