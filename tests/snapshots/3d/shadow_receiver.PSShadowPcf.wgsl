struct PSShadowPcf_Output {
    @location(0) PSShadowPcf_out_SV_Target: f32,
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
fn PSShadowPcf(@builtin(position) in_in_SV_Position: vec4<f32>, @location(0) in_in_TEXCOORD0: vec2<f32>) -> PSShadowPcf_Output {
    in_SV_Position = in_in_SV_Position;
    in_TEXCOORD0 = in_in_TEXCOORD0;
    var v: vec3<f32>;
    var v_1: vec3<f32>;
    var v_2: f32;
    var v_3: array<mat4x4<f32>, 4>;
    var v_4: vec4<f32>;
    var v_5: f32;
    var v_6: f32;
    var v_7: u32;
    var v_8: f32;
    var v_9: vec3<f32>;
    var v_10: f32;
    var v_11: vec3<f32>;
    var v_12: f32;
    var v_13: f32;
    var v_14: f32;
    var v_15: u32;
    var v_16: f32;
    var v_17: vec3<f32>;
    var v_18: f32;
    var cascade: u32;
    var i: u32;
    var sum: f32;
    var y: i32;
    var sum_1: f32;
    var x: i32;
    var phi: bool;
    var sum_2: f32;
    var y_1: i32;
    var sum_3: f32;
    var x_1: i32;
    var s: f32;
    var c_1: vec4<f32>;
    var c_0: array<mat4x4<f32>, 4>;
    var c_2: vec4<f32>;
    var c_0_1: array<mat4x4<f32>, 4>;
    var c_2_1: vec4<f32>;
    let v_19 = vec3<i32>(vec2<i32>(in_SV_Position.xy), 0i);
    let v_20 = v_19.xy;
    let v_21 = v_19.z;
    let v_22 = (vec4<f32>(((in_TEXCOORD0 * vec2<f32>(2.0f, -2.0f)) + vec2<f32>(-1.0f, 1.0f)), textureLoad(SceneDepth, v_20, v_21).x, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].x, ShadowReceiver[1].x, ShadowReceiver[2].x, ShadowReceiver[3].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].y, ShadowReceiver[1].y, ShadowReceiver[2].y, ShadowReceiver[3].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].z, ShadowReceiver[1].z, ShadowReceiver[2].z, ShadowReceiver[3].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].w, ShadowReceiver[1].w, ShadowReceiver[2].w, ShadowReceiver[3].w))));
    v = (v_22.xyz / vec3<f32>(v_22.w));
    let v_24 = ((textureLoad(SceneNormal, v_20, v_21).xy * vec2<f32>(2.0f, 2.0f)) - vec2<f32>(1.0f, 1.0f));
    let v_27 = ((1.0f - abs(v_24.x)) - abs(v_24.y));
    let v_28 = vec3<f32>(v_24, v_27);
    let v_30 = v_28.xy;
    let v_31 = (v_30 - (((vec2<f32>((v_30 >= vec2<f32>(0.0f, 0.0f))) * vec2<f32>(2.0f, 2.0f)) - vec2<f32>(1.0f, 1.0f)) * vec2<f32>(saturate((-v_27)))));
    var v_32 = v_28;
    v_32.x = v_31.x;
    var v_33 = v_32;
    v_33.y = v_31.y;
    v_1 = normalize(v_33);
    v_2 = (vec4<f32>(v, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].x, ShadowReceiver[5].x, ShadowReceiver[6].x, ShadowReceiver[7].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].y, ShadowReceiver[5].y, ShadowReceiver[6].y, ShadowReceiver[7].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].z, ShadowReceiver[5].z, ShadowReceiver[6].z, ShadowReceiver[7].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].w, ShadowReceiver[5].w, ShadowReceiver[6].w, ShadowReceiver[7].w)))).z;
    let v_36 = load_ShadowReceiver_0(32u);
    v_3 = v_36.LightViewProjection;
    c_1 = v_36.SplitDepths;
    v_4 = v_36.TexelSizes;
    v_5 = v_36.DepthBias;
    v_6 = v_36.NormalBias;
    cascade = 0u;
    i = 0u;
    loop {
        if ((i < 3u)) {
            v_7 = (cascade + select(0u, 1u, (v_2 > c_1[i])));
        } else {
            break;
        }
        continuing {
            let v_42 = (i + 1u);
            cascade = v_7;
            i = v_42;
        }
    }
    v_8 = (1.0f / f32(ShadowReceiver[26].w));
    c_0 = v_3;
    c_2 = v_4;
    v_9 = (v_1 * vec3<f32>(v_6));
    let v_45 = (vec4<f32>((v + (v_9 * vec3<f32>(c_2[cascade]))), 1.0f) * c_0[cascade]);
    let v_46 = (v_45.xyz / vec3<f32>(v_45.w));
    var v_47 = v_45;
    v_47.x = v_46.x;
    var v_48 = v_47;
    v_48.y = v_46.y;
    let v_49 = v_46.z;
    var v_50 = v_48;
    v_50.z = v_49;
    v_10 = (v_49 - v_5);
    v_11 = vec3<f32>(((v_50.xy * vec2<f32>(0.5f, -0.5f)) + vec2<f32>(0.5f, 0.5f)), v_10);
    sum = 0.0f;
    y = -1i;
    loop {
        if ((y <= 1i)) {
            sum_1 = sum;
            x = -1i;
            loop {
                if ((x <= 1i)) {
                    v_12 = (sum_1 + textureSampleCompareLevel(ShadowMap, ShadowCmp, vec3<f32>((v_11.xy + (vec2<f32>(f32(x), f32(y)) * vec2<f32>(v_8))), f32(cascade)).xy, i32(round(vec3<f32>((v_11.xy + (vec2<f32>(f32(x), f32(y)) * vec2<f32>(v_8))), f32(cascade)).z)), v_10));
                } else {
                    break;
                }
                continuing {
                    let v_54 = (x + 1i);
                    sum_1 = v_12;
                    x = v_54;
                }
            }
        } else {
            break;
        }
        continuing {
            let v_55 = (y + 1i);
            sum = sum_1;
            y = v_55;
        }
    }
    v_13 = (sum / 9.0f);
    let v_57 = bitcast<f32>(ShadowReceiver[(cascade + 96u) / 4u][(cascade + 96u) % 4u]);
    v_14 = ((v_57 - v_2) / (v_57 * bitcast<f32>(ShadowReceiver[27].y)));
    v_15 = (cascade + 1u);
    if ((v_15 < 4u)) {
        let v_60 = (v_14 < 1.0f);
        phi = v_60;
    } else {
        phi = false;
    }
    if (phi) {
        c_0_1 = v_3;
        c_2_1 = v_4;
        let v_61 = (vec4<f32>((v + (v_9 * vec3<f32>(c_2_1[v_15]))), 1.0f) * c_0_1[v_15]);
        let v_62 = (v_61.xyz / vec3<f32>(v_61.w));
        var v_63 = v_61;
        v_63.x = v_62.x;
        var v_64 = v_63;
        v_64.y = v_62.y;
        let v_65 = v_62.z;
        var v_66 = v_64;
        v_66.z = v_65;
        v_16 = (v_65 - v_5);
        v_17 = vec3<f32>(((v_66.xy * vec2<f32>(0.5f, -0.5f)) + vec2<f32>(0.5f, 0.5f)), v_16);
        sum_2 = 0.0f;
        y_1 = -1i;
        loop {
            if ((y_1 <= 1i)) {
                sum_3 = sum_2;
                x_1 = -1i;
                loop {
                    if ((x_1 <= 1i)) {
                        v_18 = (sum_3 + textureSampleCompareLevel(ShadowMap, ShadowCmp, vec3<f32>((v_17.xy + (vec2<f32>(f32(x_1), f32(y_1)) * vec2<f32>(v_8))), f32(v_15)).xy, i32(round(vec3<f32>((v_17.xy + (vec2<f32>(f32(x_1), f32(y_1)) * vec2<f32>(v_8))), f32(v_15)).z)), v_16));
                    } else {
                        break;
                    }
                    continuing {
                        let v_70 = (x_1 + 1i);
                        sum_3 = v_18;
                        x_1 = v_70;
                    }
                }
            } else {
                break;
            }
            continuing {
                let v_71 = (y_1 + 1i);
                sum_2 = sum_3;
                y_1 = v_71;
            }
        }
        let v_73 = mix((sum_2 / 9.0f), v_13, saturate(v_14));
        s = v_73;
    } else {
        s = v_13;
    }
    out_SV_Target = s;
    return PSShadowPcf_Output(out_SV_Target);
}

