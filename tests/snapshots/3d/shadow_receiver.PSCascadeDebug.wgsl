struct PSCascadeDebug_Output {
    @location(0) PSCascadeDebug_out_SV_Target: vec4<f32>,
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
var<private> in_SV_Position: vec4<f32>;
var<private> in_TEXCOORD0: vec2<f32>;
var<private> out_SV_Target: vec4<f32>;
var<private> PSCascadeDebug_Colors: array<vec3<f32>, 4> = array<vec3<f32>, 4>(vec3<f32>(1.0f, 0.2f, 0.2f), vec3<f32>(0.2f, 1.0f, 0.2f), vec3<f32>(0.2f, 0.2f, 1.0f), vec3<f32>(1.0f, 1.0f, 0.2f));

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
fn PSCascadeDebug(@builtin(position) in_in_SV_Position: vec4<f32>, @location(0) in_in_TEXCOORD0: vec2<f32>) -> PSCascadeDebug_Output {
    in_SV_Position = in_in_SV_Position;
    in_TEXCOORD0 = in_in_TEXCOORD0;
    var v: f32;
    var v_1: u32;
    var cascade: u32;
    var i: u32;
    var c_1: vec4<f32>;
    let v_2 = vec3<i32>(vec2<i32>(in_SV_Position.xy), 0i);
    let v_3 = (vec4<f32>(((in_TEXCOORD0 * vec2<f32>(2.0f, -2.0f)) + vec2<f32>(-1.0f, 1.0f)), textureLoad(SceneDepth, v_2.xy, v_2.z).x, 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].x, ShadowReceiver[1].x, ShadowReceiver[2].x, ShadowReceiver[3].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].y, ShadowReceiver[1].y, ShadowReceiver[2].y, ShadowReceiver[3].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].z, ShadowReceiver[1].z, ShadowReceiver[2].z, ShadowReceiver[3].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[0].w, ShadowReceiver[1].w, ShadowReceiver[2].w, ShadowReceiver[3].w))));
    v = (vec4<f32>((v_3.xyz / vec3<f32>(v_3.w)), 1.0f) * mat4x4<f32>(bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].x, ShadowReceiver[5].x, ShadowReceiver[6].x, ShadowReceiver[7].x)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].y, ShadowReceiver[5].y, ShadowReceiver[6].y, ShadowReceiver[7].y)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].z, ShadowReceiver[5].z, ShadowReceiver[6].z, ShadowReceiver[7].z)), bitcast<vec4<f32>>(vec4<u32>(ShadowReceiver[4].w, ShadowReceiver[5].w, ShadowReceiver[6].w, ShadowReceiver[7].w)))).z;
    c_1 = load_ShadowReceiver_0(32u).SplitDepths;
    cascade = 0u;
    i = 0u;
    loop {
        if ((i < 3u)) {
            v_1 = (cascade + select(0u, 1u, (v > c_1[i])));
        } else {
            break;
        }
        continuing {
            let v_6 = (i + 1u);
            cascade = v_1;
            i = v_6;
        }
    }
    out_SV_Target = vec4<f32>(PSCascadeDebug_Colors[(cascade & 3u)], 1.0f);
    return PSCascadeDebug_Output(out_SV_Target);
}

