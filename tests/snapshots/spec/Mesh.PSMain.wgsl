struct PSMain_Output {
    @location(0) PSMain_out_SV_Target: vec4<f32>,
}

var<private> in_SV_Position: vec4<f32>;
var<private> in_COLOR0: vec4<f32>;
var<private> out_SV_Target: vec4<f32>;

@fragment
fn PSMain(@builtin(position) in_in_SV_Position: vec4<f32>, @location(0) in_in_COLOR0: vec4<f32>) -> PSMain_Output {
    in_SV_Position = in_in_SV_Position;
    in_COLOR0 = in_in_COLOR0;
    out_SV_Target = in_COLOR0;
    return PSMain_Output(out_SV_Target);
}

