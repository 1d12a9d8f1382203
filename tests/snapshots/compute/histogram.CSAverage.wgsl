@group(0) @binding(0) var<uniform> HistogramParams: array<vec4<u32>, 2>;
@group(0) @binding(3) var<storage, read_write> Histogram: array<u32>;
@group(0) @binding(1) var<storage, read_write> AverageLuminance: array<u32>;
var<workgroup> WeightedBins: array<f32, 256>;
var<private> in_SV_GroupIndex: u32;

@compute @workgroup_size(256, 1, 1)
fn CSAverage(@builtin(local_invocation_index) in_in_SV_GroupIndex: u32) {
    in_SV_GroupIndex = in_in_SV_GroupIndex;
    var v: u32;
    var v_1: f32;
    var stride: u32;
    v = in_SV_GroupIndex;
    let p = v;
    let p_1 = &WeightedBins[v];
    v_1 = f32(Histogram[p]);
    (*p_1) = (v_1 * f32(v));
    Histogram[p] = 0u;
    workgroupBarrier();
    stride = 128u;
    loop {
        if ((stride > 0u)) {
            if ((v < stride)) {
                (*p_1) = ((*p_1) + WeightedBins[(v + stride)]);
            }
            workgroupBarrier();
        } else {
            break;
        }
        continuing {
            let v_4 = (stride >> (1u & 31u));
            stride = v_4;
        }
    }
    if ((v == 0u)) {
        let v_7 = bitcast<f32>(AverageLuminance[0u]);
        AverageLuminance[0u] = bitcast<u32>((v_7 + ((exp2((((((WeightedBins[0] / max((f32(HistogramParams[1].z) - v_1), 1.0f)) - 1.0f) / 254.0f) * bitcast<f32>(HistogramParams[1].x)) + bitcast<f32>(HistogramParams[0].z))) - v_7) * bitcast<f32>(HistogramParams[1].y))));
    }
    return;
}

