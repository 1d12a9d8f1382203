struct VSMain_Output {
    @builtin(position) VSMain_out_SV_Position: vec4<f32>,
    @location(0) VSMain_out_TEXCOORD0: vec2<f32>,
    @location(1) VSMain_out_COLOR0: vec4<f32>,
}

struct SpriteInstance {
    Position: vec2<f32>,
    Size: vec2<f32>,
    UvRect: vec4<f32>,
    Rotation: f32,
    Depth: f32,
    Color: u32,
    Flags: u32,
}

@group(0) @binding(0) var<uniform> SpriteFrame: array<vec4<u32>, 5>;
@group(0) @binding(2) var<storage, read> Sprites: array<u32>;
var<private> in_SV_VertexID: u32;
var<private> in_SV_InstanceID: u32;
var<private> out_SV_Position: vec4<f32>;
var<private> out_TEXCOORD0: vec2<f32>;
var<private> out_COLOR0: vec4<f32>;

fn load_Sprites_0(w: u32) -> SpriteInstance {
    return SpriteInstance(bitcast<vec2<f32>>(vec2<u32>(Sprites[w], Sprites[(w + 1u)])), bitcast<vec2<f32>>(vec2<u32>(Sprites[(w + 2u)], Sprites[(w + 3u)])), bitcast<vec4<f32>>(vec4<u32>(Sprites[(w + 4u)], Sprites[(w + 5u)], Sprites[(w + 6u)], Sprites[(w + 7u)])), bitcast<f32>(Sprites[(w + 8u)]), bitcast<f32>(Sprites[(w + 9u)]), Sprites[(w + 10u)], Sprites[(w + 11u)]);
}

@vertex
fn VSMain(@builtin(vertex_index) in_in_SV_VertexID: u32, @builtin(instance_index) in_in_SV_InstanceID: u32) -> VSMain_Output {
    in_SV_VertexID = in_in_SV_VertexID;
    in_SV_InstanceID = in_in_SV_InstanceID;
    var v: u32;
    var v_1: u32;
    var v_2: vec4<f32>;
    var v_3: f32;
    var v_4: u32;
    var v_5: u32;
    var v_6: f32;
    var v_7: vec2<f32>;
    var v_8: vec2<f32>;
    var uvCorner: vec2<f32>;
    var uvCorner_1: vec2<f32>;
    var arg: f32;
    var arg_1: f32;
    v = in_SV_VertexID;
    v_1 = in_SV_InstanceID;
    let v_11 = load_Sprites_0((v_1 * 12u));
    let v_12 = v_11.Position;
    v_2 = v_11.UvRect;
    v_3 = v_11.Depth;
    v_4 = v_11.Color;
    v_5 = v_11.Flags;
    v_6 = f32((v & 1u));
    v_7 = vec2<f32>(v_6, f32((v >> (1u & 31u))));
    let v_19 = ((v_7 - vec2<f32>(0.5f, 0.5f)) * v_11.Size);
    arg = sin(v_11.Rotation);
    arg_1 = cos(v_11.Rotation);
    let v_20 = arg;
    let v_21 = arg_1;
    let v_22 = v_19.x;
    let v_23 = v_19.y;
    v_8 = (v_12 + vec2<f32>(((v_22 * v_21) - (v_23 * v_20)), ((v_22 * v_20) + (v_23 * v_21))));
    if (bool((v_5 & 1u))) {
        var v_25 = v_7;
        v_25.x = (1.0f - v_6);
        uvCorner = v_25;
    } else {
        uvCorner = v_7;
    }
    if (bool((v_5 & 2u))) {
        var v_26 = uvCorner;
        v_26.y = (1.0f - uvCorner.y);
        uvCorner_1 = v_26;
    } else {
        uvCorner_1 = uvCorner;
    }
    let v_27 = mix(v_2.xy, v_2.zw, uvCorner_1);
    let v_28 = (vec4<f32>(f32((v_4 & 255u)), f32(((v_4 >> (8u & 31u)) & 255u)), f32(((v_4 >> (16u & 31u)) & 255u)), f32((v_4 >> (24u & 31u)))) / vec4<f32>(255.0f, 255.0f, 255.0f, 255.0f));
    let v_29 = v_28.xyz;
    let v_32 = mix(pow(abs(((v_29 + vec3<f32>(0.055f, 0.055f, 0.055f)) / vec3<f32>(1.055f, 1.055f, 1.055f))), vec3<f32>(2.4f, 2.4f, 2.4f)), (v_29 / vec3<f32>(12.92f, 12.92f, 12.92f)), vec3<f32>((v_29 <= vec3<f32>(0.04045f, 0.04045f, 0.04045f))));
    var v_33 = v_28;
    v_33.x = v_32.x;
    var v_34 = v_33;
    v_34.y = v_32.y;
    var v_35 = v_34;
    v_35.z = v_32.z;
    out_SV_Position = (vec4<f32>(v_8, v_3, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(SpriteFrame[0].x, SpriteFrame[1].x, SpriteFrame[2].x, SpriteFrame[3].x)), bitcast<vec4<f32>>(vec4<u32>(SpriteFrame[0].y, SpriteFrame[1].y, SpriteFrame[2].y, SpriteFrame[3].y)), bitcast<vec4<f32>>(vec4<u32>(SpriteFrame[0].z, SpriteFrame[1].z, SpriteFrame[2].z, SpriteFrame[3].z)), bitcast<vec4<f32>>(vec4<u32>(SpriteFrame[0].w, SpriteFrame[1].w, SpriteFrame[2].w, SpriteFrame[3].w))));
    out_TEXCOORD0 = v_27;
    out_COLOR0 = v_35;
    return VSMain_Output(out_SV_Position, out_TEXCOORD0, out_COLOR0);
}

