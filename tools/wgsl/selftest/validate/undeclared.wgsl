// Invalid: an identifier that is declared nowhere.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(1)
fn main() {
  data[0] = missing_value;
}
