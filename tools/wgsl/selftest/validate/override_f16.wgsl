// Valid: a specialization constant as an override and halves packed in 32-bit words. naga validates it, but its
// WGSL writer refuses overrides (reported as a note, not an error).
enable f16;

@id(7) override Radius: u32 = 4u;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let halves = unpack2x16float(data[id.x]);
  let scaled = f16(halves.x) * f16(Radius);
  data[id.x] = pack2x16float(vec2<f32>(f32(scaled), halves.y));
}
