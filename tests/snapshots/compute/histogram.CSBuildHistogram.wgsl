@group(0) @binding(0) var<uniform> HistogramParams: array<vec4<u32>, 2>;
@group(0) @binding(2) var HdrInput: texture_2d<f32>;
@group(0) @binding(3) var<storage, read_write> Histogram: array<atomic<u32>>;
var<workgroup> LocalBins: array<atomic<u32>, 256>;
var<private> in_SV_DispatchThreadID: vec3<u32>;
var<private> in_SV_GroupIndex: u32;

@compute @workgroup_size(16, 16, 1)
fn CSBuildHistogram(@builtin(global_invocation_id) in_in_SV_DispatchThreadID: vec3<u32>, @builtin(local_invocation_index) in_in_SV_GroupIndex: u32) {
    in_SV_DispatchThreadID = in_in_SV_DispatchThreadID;
    in_SV_GroupIndex = in_in_SV_GroupIndex;
    var v: vec3<u32>;
    var v_1: u32;
    var v_2: vec2<u32>;
    var v_3: vec3<f32>;
    var v_4: f32;
    var v_5: u32;
    var inline_result: u32;
    v = in_SV_DispatchThreadID;
    v_1 = in_SV_GroupIndex;
    let p = &LocalBins[v_1];
    atomicStore(&(*p), 0u);
    workgroupBarrier();
    v_2 = v.xy;
    if (all((v_2 < HistogramParams[0].xy))) {
        let v_10 = vec3<i32>(vec2<i32>(v_2), 0i);
        v_3 = textureLoad(HdrInput, v_10.xy, v_10.z).xyz;
        loop {
            v_4 = dot(v_3, vec3<f32>(0.2126f, 0.7152f, 0.0722f));
            if ((v_4 < 0.001f)) {
                inline_result = 0u;
                break;
            }
            let v_15 = u32(((saturate(((log2(v_4) - bitcast<f32>(HistogramParams[0].z)) * bitcast<f32>(HistogramParams[0].w))) * 254.0f) + 1.0f));
            inline_result = v_15;
            break;
        }
        let v_16 = atomicAdd(&LocalBins[inline_result], 1u);
    }
    workgroupBarrier();
    v_5 = atomicLoad(&(*p));
    if ((v_5 != 0u)) {
        let v_18 = atomicAdd(&Histogram[v_1], v_5);
    }
    return;
}

