// Invalid: a workgroup barrier under control flow that depends on a storage value.
var<workgroup> tile: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = data[i];
  if (data[i] > 3u) {
    workgroupBarrier();
  }
  data[i] = tile[63u - i];
}
