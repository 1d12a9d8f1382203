struct VSMain_Output {
    @builtin(position) VSMain_out_SV_Position: vec4<f32>,
    @location(0) VSMain_out_TEXCOORD0: vec2<f32>,
}

var<private> in_SV_VertexID: u32;
var<private> out_SV_Position: vec4<f32>;
var<private> out_TEXCOORD0: vec2<f32>;

@vertex
fn VSMain(@builtin(vertex_index) in_in_SV_VertexID: u32) -> VSMain_Output {
    in_SV_VertexID = in_in_SV_VertexID;
    let v = in_SV_VertexID;
    let v_1 = vec2<f32>(f32(((v << (1u & 31u)) & 2u)), f32((v & 2u)));
    out_SV_Position = vec4<f32>(((v_1 * vec2<f32>(2.0f, -2.0f)) + vec2<f32>(-1.0f, 1.0f)), 0.0f, 1.0f);
    out_TEXCOORD0 = v_1;
    return VSMain_Output(out_SV_Position, out_TEXCOORD0);
}

