// Invalid: a float assigned to an i32.
@group(0) @binding(0) var<storage, read_write> data: array<i32>;

@compute @workgroup_size(1)
fn main() {
  let x: i32 = 1.5;
  data[0] = x;
}
