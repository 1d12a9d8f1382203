// Valid: raw-word storage buffers as the backend writes them (read-only inputs, one written output).
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read> b: array<u32>;
@group(0) @binding(2) var<storage, read_write> sum: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&sum)) {
    sum[id.x] = bitcast<u32>(bitcast<f32>(a[id.x]) + bitcast<f32>(b[id.x]));
  }
}
