// Invalid: local_invocation_index is a u32.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: i32) {
  data[0] = u32(i);
}
