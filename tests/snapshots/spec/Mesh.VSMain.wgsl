struct VSMain_Output {
    @builtin(position) VSMain_out_SV_Position: vec4<f32>,
    @location(0) VSMain_out_COLOR0: vec4<f32>,
}

@group(0) @binding(1) var<uniform> Draw: array<vec4<u32>, 6>;
@group(0) @binding(0) var<uniform> Camera: array<vec4<u32>, 4>;
var<private> in_POSITION: vec3<f32>;
var<private> out_SV_Position: vec4<f32>;
var<private> out_COLOR0: vec4<f32>;

@vertex
fn VSMain(@location(0) in_in_POSITION: vec3<f32>) -> VSMain_Output {
    in_POSITION = in_in_POSITION;
    let v = bitcast<vec4<f32>>(Draw[4].xyzw);
    out_SV_Position = ((vec4<f32>(in_POSITION, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(Draw[0].x, Draw[1].x, Draw[2].x, Draw[3].x)), bitcast<vec4<f32>>(vec4<u32>(Draw[0].y, Draw[1].y, Draw[2].y, Draw[3].y)), bitcast<vec4<f32>>(vec4<u32>(Draw[0].z, Draw[1].z, Draw[2].z, Draw[3].z)), bitcast<vec4<f32>>(vec4<u32>(Draw[0].w, Draw[1].w, Draw[2].w, Draw[3].w)))) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(Camera[0].x, Camera[1].x, Camera[2].x, Camera[3].x)), bitcast<vec4<f32>>(vec4<u32>(Camera[0].y, Camera[1].y, Camera[2].y, Camera[3].y)), bitcast<vec4<f32>>(vec4<u32>(Camera[0].z, Camera[1].z, Camera[2].z, Camera[3].z)), bitcast<vec4<f32>>(vec4<u32>(Camera[0].w, Camera[1].w, Camera[2].w, Camera[3].w))));
    out_COLOR0 = v;
    return VSMain_Output(out_SV_Position, out_COLOR0);
}

