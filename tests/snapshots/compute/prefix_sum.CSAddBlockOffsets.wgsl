@group(0) @binding(0) var<uniform> ScanParams: array<vec4<u32>, 1>;
@group(0) @binding(3) var<storage, read_write> Output: array<u32>;
@group(0) @binding(1) var<storage, read> BlockSums: array<u32>;
var<private> in_SV_DispatchThreadID: vec3<u32>;

@compute @workgroup_size(256, 1, 1)
fn CSAddBlockOffsets(@builtin(global_invocation_id) in_in_SV_DispatchThreadID: vec3<u32>) {
    in_SV_DispatchThreadID = in_in_SV_DispatchThreadID;
    var v: vec3<u32>;
    var v_1: u32;
    v = in_SV_DispatchThreadID;
    v_1 = v.x;
    if ((v_1 < ScanParams[0].x)) {
        let p = v_1;
        Output[p] = (Output[p] + BlockSums[(v_1 / 512u)]);
    }
    return;
}

