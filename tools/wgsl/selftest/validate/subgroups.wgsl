// Valid WGSL with the subgroups extension: Tint accepts it; naga 25's WGSL reader does not parse the extension.
enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(subgroup_size) size: u32) {
  data[id.x] = subgroupAdd(data[id.x]) + size;
}
