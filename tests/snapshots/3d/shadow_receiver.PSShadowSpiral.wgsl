struct PSShadowSpiral_Output {
    @location(0) PSShadowSpiral_out_SV_Target: f32,
}

struct CascadeData {
    LightViewProjection: array<mat4x4<f32>, 4>,
    SplitDepths: vec4<f32>,
    TexelSizes: vec4<f32>,
    DepthBias: f32,
    NormalBias: f32,
    FilterRadius: f32,
    ShadowMapSize: u32,
}

@group(0) @binding(0) var<uniform> ShadowReceiver: array<vec4<u32>, 28>;
@group(0) @binding(3) var SceneDepth: texture_2d<f32>;
@group(0) @binding(1) var SceneNormal: texture_2d<f32>;
@group(0) @binding(2) var ShadowMap: texture_depth_2d_array;
@group(0) @binding(4) var ShadowCmp: sampler_comparison;
var<private> in_SV_Position: vec4<f32>;
var<private> in_TEXCOORD0: vec2<f32>;
var<private> out_SV_Target: f32;

fn load_ShadowReceiver_0_1(w: u32) -> array<mat4x4<f32>, 4> {
    var r: array<mat4x4<f32>, 4>;
    for (var i = 0u; i < 4u; i++) {
        r[i] = mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[(w + i * 16u) / 4u][(w + i * 16u) % 4u], ShadowReceiver[((w + i * 16u) + 4u) / 4u][((w + i * 16u) + 4u) % 4u], ShadowReceiver[((w + i * 16u) + 8u) / 4u][((w + i * 16u) + 8u) % 4u], ShadowReceiver[((w + i * 16u) + 12u) / 4u][((w + i * 16u) + 12u) % 4u])), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[((w + i * 16u) + 1u) / 4u][((w + i * 16u) + 1u) % 4u], ShadowReceiver[((w + i * 16u) + 5u) / 4u][((w + i * 16u) + 5u) % 4u], ShadowReceiver[((w + i * 16u) + 9u) / 4u][((w + i * 16u) + 9u) % 4u], ShadowReceiver[((w + i * 16u) + 13u) / 4u][((w + i * 16u) + 13u) % 4u])), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[((w + i * 16u) + 2u) / 4u][((w + i * 16u) + 2u) % 4u], ShadowReceiver[((w + i * 16u) + 6u) / 4u][((w + i * 16u) + 6u) % 4u], ShadowReceiver[((w + i * 16u) + 10u) / 4u][((w + i * 16u) + 10u) % 4u], ShadowReceiver[((w + i * 16u) + 14u) / 4u][((w + i * 16u) + 14u) % 4u])), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[((w + i * 16u) + 3u) / 4u][((w + i * 16u) + 3u) % 4u], ShadowReceiver[((w + i * 16u) + 7u) / 4u][((w + i * 16u) + 7u) % 4u], ShadowReceiver[((w + i * 16u) + 11u) / 4u][((w + i * 16u) + 11u) % 4u], ShadowReceiver[((w + i * 16u) + 15u) / 4u][((w + i * 16u) + 15u) % 4u])));
    }
    return r;
}

fn load_ShadowReceiver_0(w: u32) -> CascadeData {
    return CascadeData(load_ShadowReceiver_0_1(w), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[(w + 64u) / 4u][(w + 64u) % 4u], ShadowReceiver[(w + 65u) / 4u][(w + 65u) % 4u], ShadowReceiver[(w + 66u) / 4u][(w + 66u) % 4u], ShadowReceiver[(w + 67u) / 4u][(w + 67u) % 4u])), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[(w + 68u) / 4u][(w + 68u) % 4u], ShadowReceiver[(w + 69u) / 4u][(w + 69u) % 4u], ShadowReceiver[(w + 70u) / 4u][(w + 70u) % 4u], ShadowReceiver[(w + 71u) / 4u][(w + 71u) % 4u])), bitcast<f32>(ShadowReceiver[(w + 72u) / 4u][(w + 72u) % 4u]), bitcast<f32>(ShadowReceiver[(w + 73u) / 4u][(w + 73u) % 4u]), bitcast<f32>(ShadowReceiver[(w + 74u) / 4u][(w + 74u) % 4u]), ShadowReceiver[(w + 75u) / 4u][(w + 75u) % 4u]);
}

@fragment
fn PSShadowSpiral(@builtin(position) in_in_SV_Position: vec4<f32>, @location(0) in_in_TEXCOORD0: vec2<f32>) -> PSShadowSpiral_Output {
    in_SV_Position = in_in_SV_Position;
    in_TEXCOORD0 = in_in_TEXCOORD0;
    var v: vec4<f32>;
    var v_1: vec3<f32>;
    var v_2: vec3<f32>;
    var v_3: f32;
    var v_4: array<mat4x4<f32>, 4>;
    var v_5: vec4<f32>;
    var v_6: f32;
    var v_7: f32;
    var v_8: u32;
    var v_9: f32;
    var v_10: f32;
    var v_11: f32;
    var v_12: vec3<f32>;
    var v_13: u32;
    var v_14: f32;
    var cascade: u32;
    var i: u32;
    var sum: f32;
    var i_1: u32;
    var c_1: vec4<f32>;
    var c_0: array<mat4x4<f32>, 4>;
    var c_2: vec4<f32>;
    v = in_SV_Position;
    let v_16 = vec3<i32>(vec2<i32>(v.xy), 0i);
    let v_17 = v_16.xy;
    let v_18 = v_16.z;
    let v_19 = (vec4<f32>(((in_TEXCOORD0 * vec2<f32>(2.0f, -2.0f)) + vec2<f32>(-1.0f, 1.0f)), textureLoad(SceneDepth, v_17, v_18).x, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].x, ShadowReceiver[1].x, ShadowReceiver[2].x, ShadowReceiver[3].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].y, ShadowReceiver[1].y, ShadowReceiver[2].y, ShadowReceiver[3].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].z, ShadowReceiver[1].z, ShadowReceiver[2].z, ShadowReceiver[3].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].w, ShadowReceiver[1].w, ShadowReceiver[2].w, ShadowReceiver[3].w))));
    v_1 = (v_19.xyz / vec3<f32>(v_19.w));
    let v_21 = ((textureLoad(SceneNormal, v_17, v_18).xy * vec2<f32>(2.0f, 2.0f)) - vec2<f32>(1.0f, 1.0f));
    let v_24 = ((1.0f - abs(v_21.x)) - abs(v_21.y));
    let v_25 = vec3<f32>(v_21, v_24);
    let v_27 = v_25.xy;
    let v_28 = (v_27 - (((vec2<f32>((v_27 >= vec2<f32>(0.0f, 0.0f))) * vec2<f32>(2.0f, 2.0f)) - vec2<f32>(1.0f, 1.0f)) * vec2<f32>(saturate((-v_24)))));
    var v_29 = v_25;
    v_29.x = v_28.x;
    var v_30 = v_29;
    v_30.y = v_28.y;
    v_2 = normalize(v_30);
    v_3 = (vec4<f32>(v_1, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].x, ShadowReceiver[5].x, ShadowReceiver[6].x, ShadowReceiver[7].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].y, ShadowReceiver[5].y, ShadowReceiver[6].y, ShadowReceiver[7].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].z, ShadowReceiver[5].z, ShadowReceiver[6].z, ShadowReceiver[7].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].w, ShadowReceiver[5].w, ShadowReceiver[6].w, ShadowReceiver[7].w)))).z;
    let v_33 = load_ShadowReceiver_0(32u);
    v_4 = v_33.LightViewProjection;
    c_1 = v_33.SplitDepths;
    v_5 = v_33.TexelSizes;
    v_6 = v_33.DepthBias;
    v_7 = v_33.NormalBias;
    cascade = 0u;
    i = 0u;
    loop {
        if ((i < 3u)) {
            v_8 = (cascade + select(0u, 1u, (v_3 > c_1[i])));
        } else {
            break;
        }
        continuing {
            let v_39 = (i + 1u);
            cascade = v_8;
            i = v_39;
        }
    }
    v_9 = (bitcast<f32>(ShadowReceiver[26].z) / f32(ShadowReceiver[26].w));
    let v_41 = ((u32(v.x) * 7919u) + u32(v.y));
    let v_42 = ((v_41 ^ (v_41 >> (16u & 31u))) * 2146121005u);
    let v_43 = ((v_42 ^ (v_42 >> (15u & 31u))) * 2221713035u);
    v_10 = ((f32(((v_43 ^ (v_43 >> (16u & 31u))) & 16777215u)) / 16777216.0f) * 6.2831855f);
    c_0 = v_4;
    c_2 = v_5;
    let v_45 = (vec4<f32>((v_1 + ((v_2 * vec3<f32>(v_7)) * vec3<f32>(c_2[cascade]))), 1.0f) * c_0[cascade]);
    let v_46 = (v_45.xyz / vec3<f32>(v_45.w));
    var v_47 = v_45;
    v_47.x = v_46.x;
    var v_48 = v_47;
    v_48.y = v_46.y;
    let v_49 = v_46.z;
    var v_50 = v_48;
    v_50.z = v_49;
    v_11 = (v_49 - v_6);
    v_12 = vec3<f32>(((v_50.xy * vec2<f32>(0.5f, -0.5f)) + vec2<f32>(0.5f, 0.5f)), v_11);
    v_13 = ShadowReceiver[27].x;
    sum = 0.0f;
    i_1 = 0u;
    loop {
        if ((i_1 < v_13)) {
            let v_54 = f32(i_1);
            let v_56 = ((v_54 * 2.3999631f) + v_10);
            v_14 = (sum + textureSampleCompareLevel(ShadowMap, ShadowCmp, vec3<f32>((v_12.xy + (vec2<f32>((sqrt(((v_54 + 0.5f) / f32(v_13))) * v_9)) * vec2<f32>(cos(v_56), sin(v_56)))), f32(cascade)).xy, i32(round(vec3<f32>((v_12.xy + (vec2<f32>((sqrt(((v_54 + 0.5f) / f32(v_13))) * v_9)) * vec2<f32>(cos(v_56), sin(v_56)))), f32(cascade)).z)), v_11));
        } else {
            break;
        }
        continuing {
            let v_60 = (i_1 + 1u);
            sum = v_14;
            i_1 = v_60;
        }
    }
    out_SV_Target = (sum / f32(max(v_13, 1u)));
    return PSShadowSpiral_Output(out_SV_Target);
}

