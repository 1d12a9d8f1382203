diagnostic(off, derivative_uniformity);

struct PSMain_Output {
    @location(0) PSMain_out_SV_Target: vec4<f32>,
}

@group(0) @binding(1) var Atlas: texture_2d<f32>;
@group(0) @binding(3) var AtlasSampler: sampler;
var<private> in_SV_Position: vec4<f32>;
var<private> in_TEXCOORD0: vec2<f32>;
var<private> in_COLOR0: vec4<f32>;
var<private> out_SV_Target: vec4<f32>;

@fragment
fn PSMain(@builtin(position) in_in_SV_Position: vec4<f32>, @location(0) in_in_TEXCOORD0: vec2<f32>, @location(1) in_in_COLOR0: vec4<f32>) -> PSMain_Output {
    in_SV_Position = in_in_SV_Position;
    in_TEXCOORD0 = in_in_TEXCOORD0;
    in_COLOR0 = in_in_COLOR0;
    let v = in_COLOR0;
    let v_1 = textureSample(Atlas, AtlasSampler, in_TEXCOORD0);
    out_SV_Target = vec4<f32>((v_1.xyz * v.xyz), (v_1.w * v.w));
    return PSMain_Output(out_SV_Target);
}

