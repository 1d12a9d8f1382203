// switch_fallthrough.hlsl - switch statements: fall-through between cases, stacked labels, default in the middle,
// break inside nested if, a loop with continue/break inside a case, and a switch on a uint from a buffer.
StructuredBuffer<uint> Opcodes : register(t0);
RWStructuredBuffer<float4> Output : register(u0);
cbuffer Params : register(b0) { uint ProgramLength; float4 Initial; };

float4 Execute(uint op, float4 acc, inout uint flags)
{
    switch (op & 0xF)
    {
    case 0:                      // NOP
        break;
    case 1:                      // ADD_ONE, then fall through into DOUBLE
        acc += 1.0;
    case 2:                      // DOUBLE
        acc *= 2.0;
        break;
    case 3:
    case 4:                      // two labels, one body
        acc = acc.yzwx;
        break;
    default:                     // default in the middle: unknown ops set a flag, then fall into CLAMP
        flags |= 1u;
    case 5:                      // CLAMP
        acc = saturate(acc);
        break;
    case 6:
        if (acc.x > 10.0)
        {
            flags |= 2u;
            break;               // break out of the switch from inside an if
        }
        acc.x += 10.0;
        break;
    case 7:
        for (uint i = 0; i < 4; ++i)
        {
            if (acc[i] < 0.0)
                continue;
            if (acc[i] > 100.0)
                break;           // leaves the loop, not the switch
            acc[i] = sqrt(acc[i]);
        }
        acc.w = -acc.w;
        break;
    }
    return acc;
}

[shader("compute")]
[numthreads(32, 1, 1)]
void CSInterpret(uint3 id : SV_DispatchThreadID)
{
    float4 acc = Initial + id.x;
    uint flags = 0;
    for (uint pc = 0; pc < ProgramLength; ++pc)
    {
        uint op = Opcodes[pc];
        if (op == 0xFFFFFFFFu)
            break;               // HALT
        acc = Execute(op >> ((id.x & 1) * 4), acc, flags);
    }
    switch (flags)
    {
    case 3: acc.w = 3.0;
    case 1: acc.z = 1.0; break;
    case 2: acc.y = 2.0; break;
    }
    Output[id.x] = acc;
}
