struct PSShadowPoisson_Output {
    @location(0) PSShadowPoisson_out_SV_Target: f32,
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

var<private> PoissonDisk: array<vec2<f32>, 12> = array<vec2<f32>, 12>(vec2<f32>(-0.326f, -0.406f), vec2<f32>(-0.84f, -0.074f), vec2<f32>(-0.696f, 0.457f), vec2<f32>(-0.203f, 0.621f), vec2<f32>(0.962f, -0.195f), vec2<f32>(0.473f, -0.48f), vec2<f32>(0.519f, 0.767f), vec2<f32>(0.185f, -0.893f), vec2<f32>(0.507f, 0.064f), vec2<f32>(0.896f, 0.412f), vec2<f32>(-0.322f, -0.933f), vec2<f32>(-0.792f, -0.598f));
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
fn PSShadowPoisson(@builtin(position) in_in_SV_Position: vec4<f32>, @location(0) in_in_TEXCOORD0: vec2<f32>) -> PSShadowPoisson_Output {
    in_SV_Position = in_in_SV_Position;
    in_TEXCOORD0 = in_in_TEXCOORD0;
    var v: vec2<f32>;
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
    var v_11: vec3<f32>;
    var v_12: mat2x2<f32>;
    var v_13: f32;
    var cascade: u32;
    var i: u32;
    var sum: f32;
    var i_1: u32;
    var c_1: vec4<f32>;
    var c_0: array<mat4x4<f32>, 4>;
    var c_2: vec4<f32>;
    var arg: f32;
    var arg_1: f32;
    v = in_SV_Position.xy;
    let v_15 = vec3<i32>(vec2<i32>(v), 0i);
    let v_16 = v_15.xy;
    let v_17 = v_15.z;
    let v_18 = (vec4<f32>(((in_TEXCOORD0 * vec2<f32>(2.0f, -2.0f)) + vec2<f32>(-1.0f, 1.0f)), textureLoad(SceneDepth, v_16, v_17).x, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].x, ShadowReceiver[1].x, ShadowReceiver[2].x, ShadowReceiver[3].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].y, ShadowReceiver[1].y, ShadowReceiver[2].y, ShadowReceiver[3].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].z, ShadowReceiver[1].z, ShadowReceiver[2].z, ShadowReceiver[3].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].w, ShadowReceiver[1].w, ShadowReceiver[2].w, ShadowReceiver[3].w))));
    v_1 = (v_18.xyz / vec3<f32>(v_18.w));
    let v_20 = ((textureLoad(SceneNormal, v_16, v_17).xy * vec2<f32>(2.0f, 2.0f)) - vec2<f32>(1.0f, 1.0f));
    let v_23 = ((1.0f - abs(v_20.x)) - abs(v_20.y));
    let v_24 = vec3<f32>(v_20, v_23);
    let v_26 = v_24.xy;
    let v_27 = (v_26 - (((vec2<f32>((v_26 >= vec2<f32>(0.0f, 0.0f))) * vec2<f32>(2.0f, 2.0f)) - vec2<f32>(1.0f, 1.0f)) * vec2<f32>(saturate((-v_23)))));
    var v_28 = v_24;
    v_28.x = v_27.x;
    var v_29 = v_28;
    v_29.y = v_27.y;
    v_2 = normalize(v_29);
    v_3 = (vec4<f32>(v_1, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].x, ShadowReceiver[5].x, ShadowReceiver[6].x, ShadowReceiver[7].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].y, ShadowReceiver[5].y, ShadowReceiver[6].y, ShadowReceiver[7].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].z, ShadowReceiver[5].z, ShadowReceiver[6].z, ShadowReceiver[7].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].w, ShadowReceiver[5].w, ShadowReceiver[6].w, ShadowReceiver[7].w)))).z;
    let v_32 = load_ShadowReceiver_0(32u);
    v_4 = v_32.LightViewProjection;
    c_1 = v_32.SplitDepths;
    v_5 = v_32.TexelSizes;
    v_6 = v_32.DepthBias;
    v_7 = v_32.NormalBias;
    cascade = 0u;
    i = 0u;
    loop {
        if ((i < 3u)) {
            v_8 = (cascade + select(0u, 1u, (v_3 > c_1[i])));
        } else {
            break;
        }
        continuing {
            let v_38 = (i + 1u);
            cascade = v_8;
            i = v_38;
        }
    }
    v_9 = (bitcast<f32>(ShadowReceiver[26].z) / f32(ShadowReceiver[26].w));
    c_0 = v_4;
    c_2 = v_5;
    let v_40 = (vec4<f32>((v_1 + ((v_2 * vec3<f32>(v_7)) * vec3<f32>(c_2[cascade]))), 1.0f) * c_0[cascade]);
    let v_41 = (v_40.xyz / vec3<f32>(v_40.w));
    var v_42 = v_40;
    v_42.x = v_41.x;
    var v_43 = v_42;
    v_43.y = v_41.y;
    let v_44 = v_41.z;
    var v_45 = v_43;
    v_45.z = v_44;
    v_10 = (v_44 - v_6);
    v_11 = vec3<f32>(((v_45.xy * vec2<f32>(0.5f, -0.5f)) + vec2<f32>(0.5f, 0.5f)), v_10);
    arg = sin((6.2831855f * fract((52.982918f * fract(dot(v, vec2<f32>(0.06711056f, 0.00583715f)))))));
    arg_1 = cos((6.2831855f * fract((52.982918f * fract(dot(v, vec2<f32>(0.06711056f, 0.00583715f)))))));
    let v_51 = arg;
    let v_52 = arg_1;
    v_12 = mat2x2<f32>(vec2<f32>(v_52, (-v_51)), vec2<f32>(v_51, v_52));
    sum = 0.0f;
    i_1 = 0u;
    loop {
        if ((i_1 < 12u)) {
            v_13 = (sum + textureSampleCompareLevel(ShadowMap, ShadowCmp, vec3<f32>((v_11.xy + ((PoissonDisk[i_1] * v_12) * vec2<f32>(v_9))), f32(cascade)).xy, i32(round(vec3<f32>((v_11.xy + ((PoissonDisk[i_1] * v_12) * vec2<f32>(v_9))), f32(cascade)).z)), v_10));
        } else {
            break;
        }
        continuing {
            let v_55 = (i_1 + 1u);
            sum = v_13;
            i_1 = v_55;
        }
    }
    out_SV_Target = (sum / 12.0f);
    return PSShadowPoisson_Output(out_SV_Target);
}

