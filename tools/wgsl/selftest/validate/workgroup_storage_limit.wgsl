// Valid WGSL, but 32 KiB of workgroup storage exceeds WebGPU's default 16 KiB: the compute pipeline fails.
var<workgroup> big: array<u32, 8192>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  big[i * 128u] = i;
  workgroupBarrier();
  data[i] = big[(63u - i) * 128u];
}
