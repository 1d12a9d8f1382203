// Invalid: a resource without @group/@binding.
var<storage, read_write> data: array<u32>;

@compute @workgroup_size(1)
fn main() {
  data[0] = 1u;
}
