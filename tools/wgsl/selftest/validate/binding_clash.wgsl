// Invalid: two resources of one entry point at the same group and binding.
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(0) var<uniform> b: vec4<u32>;

@compute @workgroup_size(1)
fn main() {
  a[0] = b.x;
}
