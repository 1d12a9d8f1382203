@id(0) override Radius: i32 = 4i;
@id(1) override Horizontal: bool = true;
@id(2) override Sigma: f32 = 2.0f;
@group(0) @binding(0) var Source: texture_2d<f32>;
@group(0) @binding(1) var Target: texture_storage_2d<rgba8unorm, write>;
var<private> in_SV_DispatchThreadID: vec3<u32>;

@compute @workgroup_size(8, 8, 1)
fn CSMain(@builtin(global_invocation_id) in_in_SV_DispatchThreadID: vec3<u32>) {
    in_SV_DispatchThreadID = in_in_SV_DispatchThreadID;
    var v: vec3<u32>;
    var v_1: vec2<i32>;
    var v_2: vec4<f32>;
    var v_3: f32;
    var sum: vec4<f32>;
    var total: f32;
    var i: i32;
    v = in_SV_DispatchThreadID;
    v_1 = select(vec2<i32>(0i, 1i), vec2<i32>(1i, 0i), Horizontal);
    let v_6 = (-Radius);
    sum = vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);
    total = 0.0f;
    i = v_6;
    loop {
        if ((i <= Radius)) {
            let v_7 = exp((f32((-(i * i))) / ((2.0f * Sigma) * Sigma)));
            v_2 = (sum + (textureLoad(Source, vec2<u32>((vec2<i32>(v.xy) + (v_1 * vec2<i32>(i)))), 0i) * vec4<f32>(v_7)));
            v_3 = (total + v_7);
        } else {
            break;
        }
        continuing {
            let v_10 = (i + 1i);
            sum = v_2;
            total = v_3;
            i = v_10;
        }
    }
    textureStore(Target, v.xy, (sum / vec4<f32>(total)));
    return;
}

