// Kernel function CSInterpret (Metal Shading Language 2.4), written by OneShader from HLSL.
#include <metal_stdlib>
using namespace metal;

struct Params_mem {
    uint ProgramLength;
    uchar _pad0[12];
    packed_float4 Initial;
};
#ifdef ONESHADER_CHECK_LAYOUT
static_assert(sizeof(Params_mem) == 32, "Params_mem size");
static_assert(__builtin_offsetof(Params_mem, ProgramLength) == 0, "Params_mem.ProgramLength offset");
static_assert(__builtin_offsetof(Params_mem, Initial) == 16, "Params_mem.Initial offset");
#endif

kernel void CSInterpret(
    uint3 global_invocation_id [[thread_position_in_grid]],
    const device uint* Opcodes [[buffer(0)]],
    device packed_float4* Output [[buffer(1)]],
    constant Params_mem& Params [[buffer(2)]])
{
    uint3 SV_DispatchThreadID = uint3(global_invocation_id);
    float4 acc = {};
    uint flags = {};
    uint pc = {};
    uint arg = {};
    uint i = {};
    uint arg_1 = {};
    float4 acc_1 = {};
    float4 acc_2 = {};
    float4 acc_3 = {};
    uint v = SV_DispatchThreadID.x;
    float4 v_1 = (float4(Params.Initial) + float4(float(v)));
    acc = v_1;
    flags = 0u;
    pc = 0u;
    for (;;) {
        if (!(pc < Params.ProgramLength)) {
            break;
        }
        uint v_2 = Opcodes[pc];
        if (v_2 == 4294967295u) {
            break;
        }
        uint v_3 = (v_2 >> (((v & 1u) * 4u) & 31u));
        acc_3 = acc;
        arg = flags;
        switch (v_3 & 15u) {
            case 0u:
            {
                arg_1 = flags;
                break;
            }
            case 1u:
            {
                acc_3 = (acc_3 + float4(1.0f, 1.0f, 1.0f, 1.0f));
            }
            case 2u:
            {
                acc_3 = (acc_3 * float4(2.0f, 2.0f, 2.0f, 2.0f));
                arg_1 = flags;
                break;
            }
            case 3u:
            case 4u:
            {
                acc_3 = acc_3.yzwx;
                arg_1 = flags;
                break;
            }
            default:
            {
                uint v_4 = (flags | 1u);
                arg = v_4;
            }
            case 5u:
            {
                acc_3 = saturate(acc_3);
                arg_1 = arg;
                break;
            }
            case 6u:
            {
                if (acc_3[0] > 10.0f) {
                    uint v_5 = (flags | 2u);
                    arg_1 = v_5;
                    break;
                }
                acc_3[0] = (acc_3[0] + 10.0f);
                arg_1 = flags;
                break;
            }
            case 7u:
            {
                i = 0u;
                for (;;) {
                    if (!(i < 4u)) {
                        break;
                    }
                    if (acc_3[i] < 0.0f) {
                        uint v_6 = (i + 1u);
                        i = v_6;
                        continue;
                    }
                    if (acc_3[i] > 100.0f) {
                        break;
                    }
                    acc_3[i] = sqrt(acc_3[i]);
                    uint v_7 = (i + 1u);
                    i = v_7;
                }
                acc_3[3] = (-acc_3[3]);
                arg_1 = flags;
                break;
            }
        }
        float4 v_8 = acc_3;
        uint v_9 = (pc + 1u);
        acc = v_8;
        flags = arg_1;
        pc = v_9;
    }
    acc_2 = acc;
    acc_1 = acc;
    switch (flags) {
        case 3u:
        {
            float4 v_10 = acc;
            v_10.w = 3.0f;
            acc_1 = v_10;
        }
        case 1u:
        {
            float4 v_11 = acc_1;
            v_11.z = 1.0f;
            acc_2 = v_11;
            break;
        }
        case 2u:
        {
            float4 v_12 = acc;
            v_12.y = 2.0f;
            acc_2 = v_12;
            break;
        }
        default:
        {
            break;
        }
    }
    Output[v] = acc_2;
    return;
}
