// Valid WGSL, but WebGPU's default limit is 256 invocations per workgroup: the compute pipeline fails.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(512)
fn main(@builtin(local_invocation_index) i: u32) {
  data[i] = i;
}
