@group(0) @binding(0) var<uniform> ScanParams: array<vec4<u32>, 1>;
@group(0) @binding(1) var<storage, read_write> BlockSums: array<u32>;
var<workgroup> Temp: array<u32, 512>;
var<private> in_SV_GroupIndex: u32;

@compute @workgroup_size(256, 1, 1)
fn CSScanBlockSums(@builtin(local_invocation_index) in_in_SV_GroupIndex: u32) {
    in_SV_GroupIndex = in_in_SV_GroupIndex;
    var v: u32;
    var v_1: u32;
    var v_2: u32;
    var v_3: bool;
    var v_4: u32;
    var v_5: bool;
    var v_6: u32;
    var v_7: u32;
    var phi: u32;
    var phi_1: u32;
    var offset: u32;
    var d: u32;
    var offset_1: u32;
    var d2: u32;
    v = in_SV_GroupIndex;
    v_1 = (2u * v);
    let p = &Temp[v_1];
    v_2 = ScanParams[0].y;
    v_3 = (v_1 < v_2);
    if (v_3) {
        let v_12 = BlockSums[v_1];
        phi = v_12;
    } else {
        phi = 0u;
    }
    (*p) = phi;
    v_4 = (v_1 + 1u);
    let p_1 = &Temp[v_4];
    v_5 = (v_4 < v_2);
    if (v_5) {
        let v_15 = BlockSums[v_4];
        phi_1 = v_15;
    } else {
        phi_1 = 0u;
    }
    (*p_1) = phi_1;
    offset = 1u;
    d = 256u;
    loop {
        if ((d > 0u)) {
            workgroupBarrier();
            if ((v < d)) {
                let p_2 = &Temp[((offset * (v_1 + 2u)) - 1u)];
                (*p_2) = ((*p_2) + Temp[((offset * v_4) - 1u)]);
            }
            v_6 = (offset * 2u);
        } else {
            break;
        }
        continuing {
            let v_17 = (d >> (1u & 31u));
            offset = v_6;
            d = v_17;
        }
    }
    if ((v == 0u)) {
        Temp[511] = 0u;
    }
    offset_1 = offset;
    d2 = 1u;
    loop {
        if ((d2 < 512u)) {
            v_7 = (offset_1 >> (1u & 31u));
            workgroupBarrier();
            if ((v < d2)) {
                let p_3 = &Temp[((v_7 * v_4) - 1u)];
                let v_19 = (*p_3);
                let p_4 = &Temp[((v_7 * (v_1 + 2u)) - 1u)];
                (*p_3) = (*p_4);
                (*p_4) = ((*p_4) + v_19);
            }
        } else {
            break;
        }
        continuing {
            let v_20 = (d2 * 2u);
            offset_1 = v_7;
            d2 = v_20;
        }
    }
    workgroupBarrier();
    if (v_3) {
        BlockSums[v_1] = (*p);
    }
    if (v_5) {
        BlockSums[v_4] = (*p_1);
    }
    return;
}

