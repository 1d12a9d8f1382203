@group(0) @binding(0) var<storage, read> Opcodes: array<u32>;
@group(0) @binding(1) var<storage, read_write> Output: array<u32>;
@group(0) @binding(2) var<uniform> Params: array<vec4<u32>, 2>;
var<private> in_SV_DispatchThreadID: vec3<u32>;

@compute @workgroup_size(32, 1, 1)
fn CSInterpret(@builtin(global_invocation_id) in_in_SV_DispatchThreadID: vec3<u32>) {
    in_SV_DispatchThreadID = in_in_SV_DispatchThreadID;
    var v: u32;
    var v_1: u32;
    var v_2: u32;
    var v_3: vec4<f32>;
    var acc: vec4<f32>;
    var flags: u32;
    var pc: u32;
    var arg: u32;
    var i: u32;
    var arg_1: u32;
    var acc_1: vec4<f32>;
    var acc_2: vec4<f32>;
    var acc_3: vec4<f32>;
    v = in_SV_DispatchThreadID.x;
    let v_5 = (bitcast<vec4<f32>>(Params[1].xyzw) + vec4<f32>(f32(v)));
    acc = v_5;
    flags = 0u;
    pc = 0u;
    loop {
        if ((pc < Params[0].x)) {
            v_1 = Opcodes[pc];
            if ((v_1 == 4294967295u)) {
                break;
            }
            v_2 = (v_1 >> (((v & 1u) * 4u) & 31u));
            acc_3 = acc;
            arg = flags;
            switch ((v_2 & 15u)) {
                case 0u: {
                    arg_1 = flags;
                }
                case 1u: {
                    acc_3 = (acc_3 + vec4<f32>(1.0f, 1.0f, 1.0f, 1.0f));
                    acc_3 = (acc_3 * vec4<f32>(2.0f, 2.0f, 2.0f, 2.0f));
                    arg_1 = flags;
                }
                case 2u: {
                    acc_3 = (acc_3 * vec4<f32>(2.0f, 2.0f, 2.0f, 2.0f));
                    arg_1 = flags;
                }
                case 3u, 4u: {
                    acc_3 = acc_3.yzwx;
                    arg_1 = flags;
                }
                case 5u: {
                    acc_3 = saturate(acc_3);
                    arg_1 = arg;
                }
                case 6u: {
                    if ((acc_3.x > 10.0f)) {
                        let v_9 = (flags | 2u);
                        arg_1 = v_9;
                        break;
                    }
                    acc_3.x = (acc_3.x + 10.0f);
                    arg_1 = flags;
                }
                case 7u: {
                    i = 0u;
                    loop {
                        if ((i < 4u)) {
                            if ((acc_3[i] < 0.0f)) {
                                continue;
                            }
                            if ((acc_3[i] > 100.0f)) {
                                break;
                            }
                            acc_3[i] = sqrt(acc_3[i]);
                        } else {
                            break;
                        }
                        continuing {
                            let v_11 = (i + 1u);
                            i = v_11;
                        }
                    }
                    acc_3.w = (-acc_3.w);
                    arg_1 = flags;
                }
                case default: {
                    let v_12 = (flags | 1u);
                    arg = v_12;
                    acc_3 = saturate(acc_3);
                    arg_1 = arg;
                }
            }
            v_3 = acc_3;
        } else {
            break;
        }
        continuing {
            let v_15 = (pc + 1u);
            acc = v_3;
            flags = arg_1;
            pc = v_15;
        }
    }
    acc_2 = acc;
    acc_1 = acc;
    switch (flags) {
        case 3u: {
            var v_16 = acc;
            v_16.w = 3.0f;
            acc_1 = v_16;
            var v_17 = acc_1;
            v_17.z = 1.0f;
            acc_2 = v_17;
        }
        case 1u: {
            var v_18 = acc_1;
            v_18.z = 1.0f;
            acc_2 = v_18;
        }
        case 2u: {
            var v_19 = acc;
            v_19.y = 2.0f;
            acc_2 = v_19;
        }
        case default: {
        }
    }
    let st = acc_2;
    Output[(v * 4u)] = bitcast<u32>(st.x);
    Output[((v * 4u) + 1u)] = bitcast<u32>(st.y);
    Output[((v * 4u) + 2u)] = bitcast<u32>(st.z);
    Output[((v * 4u) + 3u)] = bitcast<u32>(st.w);
    return;
}

