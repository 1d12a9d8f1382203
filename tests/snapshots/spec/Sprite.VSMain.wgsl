struct VSMain_Output {
    @builtin(position) VSMain_out_SV_Position: vec4<f32>,
    @location(0) VSMain_out_TEXCOORD0: vec2<f32>,
    @location(1) VSMain_out_COLOR0: vec4<f32>,
}

@group(0) @binding(0) var<uniform> Frame: array<vec4<u32>, 5>;
var<private> in_POSITION: vec2<f32>;
var<private> in_TEXCOORD0: vec2<f32>;
var<private> in_COLOR0: vec4<f32>;
var<private> out_SV_Position: vec4<f32>;
var<private> out_TEXCOORD0: vec2<f32>;
var<private> out_COLOR0: vec4<f32>;

@vertex
fn VSMain(@location(0) in_in_POSITION: vec2<f32>, @location(1) in_in_TEXCOORD0: vec2<f32>, @location(2) in_in_COLOR0: vec4<f32>) -> VSMain_Output {
    in_POSITION = in_in_POSITION;
    in_TEXCOORD0 = in_in_TEXCOORD0;
    in_COLOR0 = in_in_COLOR0;
    let v = in_TEXCOORD0;
    let v_1 = (in_COLOR0 * bitcast<vec4<f32>>(Frame[4].xyzw));
    out_SV_Position = (vec4<f32>(in_POSITION, 0.0f, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(Frame[0].x, Frame[1].x, Frame[2].x, Frame[3].x)), bitcast<vec4<f32>>(vec4<u32>(Frame[0].y, Frame[1].y, Frame[2].y, Frame[3].y)), bitcast<vec4<f32>>(vec4<u32>(Frame[0].z, Frame[1].z, Frame[2].z, Frame[3].z)), bitcast<vec4<f32>>(vec4<u32>(Frame[0].w, Frame[1].w, Frame[2].w, Frame[3].w))));
    out_TEXCOORD0 = v;
    out_COLOR0 = v_1;
    return VSMain_Output(out_SV_Position, out_TEXCOORD0, out_COLOR0);
}

