@group(0) @binding(0) var<uniform> ScanParams: array<vec4<u32>, 1>;
@group(0) @binding(2) var<storage, read> Input: array<u32>;
@group(0) @binding(3) var<storage, read_write> Output: array<u32>;
@group(0) @binding(1) var<storage, read_write> BlockSums: array<u32>;
var<workgroup> Temp: array<u32, 512>;
var<private> in_SV_GroupID: vec3<u32>;
var<private> in_SV_GroupIndex: u32;

@compute @workgroup_size(256, 1, 1)
fn CSScanBlocks(@builtin(workgroup_id) in_in_SV_GroupID: vec3<u32>, @builtin(local_invocation_index) in_in_SV_GroupIndex: u32) {
    in_SV_GroupID = in_in_SV_GroupID;
    in_SV_GroupIndex = in_in_SV_GroupIndex;
    var v: vec3<u32>;
    var v_1: u32;
    var v_2: u32;
    var v_3: u32;
    var v_4: u32;
    var v_5: u32;
    var v_6: u32;
    var v_7: bool;
    var v_8: bool;
    var v_9: u32;
    var v_10: u32;
    var v_11: u32;
    var phi: u32;
    var phi_1: u32;
    var offset: u32;
    var d: u32;
    var offset_1: u32;
    var d2: u32;
    v = in_SV_GroupID;
    v_1 = in_SV_GroupIndex;
    v_2 = v.x;
    v_3 = (2u * v_1);
    v_4 = ((v_2 * 512u) + v_3);
    v_5 = (v_4 + 1u);
    v_6 = ScanParams[0].x;
    v_7 = (v_4 < v_6);
    if (v_7) {
        let v_20 = Input[v_4];
        phi = v_20;
    } else {
        phi = 0u;
    }
    v_8 = (v_5 < v_6);
    if (v_8) {
        let v_22 = Input[v_5];
        phi_1 = v_22;
    } else {
        phi_1 = 0u;
    }
    let p = &Temp[v_3];
    (*p) = phi;
    v_9 = (v_3 + 1u);
    let p_1 = &Temp[v_9];
    (*p_1) = phi_1;
    offset = 1u;
    d = 256u;
    loop {
        if ((d > 0u)) {
            workgroupBarrier();
            if ((v_1 < d)) {
                let p_2 = &Temp[((offset * (v_3 + 2u)) - 1u)];
                (*p_2) = ((*p_2) + Temp[((offset * v_9) - 1u)]);
            }
            v_10 = (offset * 2u);
        } else {
            break;
        }
        continuing {
            let v_25 = (d >> (1u & 31u));
            offset = v_10;
            d = v_25;
        }
    }
    if ((v_1 == 0u)) {
        Temp[511] = 0u;
    }
    offset_1 = offset;
    d2 = 1u;
    loop {
        if ((d2 < 512u)) {
            v_11 = (offset_1 >> (1u & 31u));
            workgroupBarrier();
            if ((v_1 < d2)) {
                let p_3 = &Temp[((v_11 * v_9) - 1u)];
                let v_27 = (*p_3);
                let p_4 = &Temp[((v_11 * (v_3 + 2u)) - 1u)];
                (*p_3) = (*p_4);
                (*p_4) = ((*p_4) + v_27);
            }
        } else {
            break;
        }
        continuing {
            let v_28 = (d2 * 2u);
            offset_1 = v_11;
            d2 = v_28;
        }
    }
    workgroupBarrier();
    if (v_7) {
        Output[v_4] = (*p);
    }
    if (v_8) {
        Output[v_5] = (*p_1);
    }
    if ((v_1 == 255u)) {
        BlockSums[v_2] = ((*p_1) + phi_1);
    }
    return;
}

