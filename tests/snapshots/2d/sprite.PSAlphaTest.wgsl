diagnostic(off, derivative_uniformity);

struct PSAlphaTest_Output {
    @location(0) PSAlphaTest_out_SV_Target: vec4<f32>,
}

@group(0) @binding(0) var<uniform> SpriteFrame: array<vec4<u32>, 5>;
@group(0) @binding(1) var Atlas: texture_2d<f32>;
@group(0) @binding(3) var AtlasSampler: sampler;
var<private> in_SV_Position: vec4<f32>;
var<private> in_TEXCOORD0: vec2<f32>;
var<private> in_COLOR0: vec4<f32>;
var<private> out_SV_Target: vec4<f32>;

@fragment
fn PSAlphaTest(@builtin(position) in_in_SV_Position: vec4<f32>, @location(0) in_in_TEXCOORD0: vec2<f32>, @location(1) in_in_COLOR0: vec4<f32>) -> PSAlphaTest_Output {
    in_SV_Position = in_in_SV_Position;
    in_TEXCOORD0 = in_in_TEXCOORD0;
    in_COLOR0 = in_in_COLOR0;
    var v: vec2<f32>;
    var v_1: vec4<f32>;
    var v_2: vec4<f32>;
    v = in_TEXCOORD0;
    v_1 = in_COLOR0;
    v_2 = (textureSample(Atlas, AtlasSampler, v) * v_1);
    if (((v_2.w - bitcast<f32>(SpriteFrame[4].x)) < f32())) {
        discard;
    }
    out_SV_Target = vec4<f32>(v_2.xyz, 1.0f);
    return PSAlphaTest_Output(out_SV_Target);
}

