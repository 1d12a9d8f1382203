// packed_math.hlsl - the SM 6.4 and 6.6 integer helpers on packed bytes (msad4, dot4add_u8packed,
// dot4add_i8packed, pack_* and unpack_*), D3DCOLORtoUBYTE4, dot2add and isnormal: 16 words a thread.
RWStructuredBuffer<uint> Output : register(u0);

[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint id : SV_DispatchThreadID)
{
    uint a = 0x80FF017Fu ^ (id * 0x01030507u);
    uint b = 0x02FE7F81u + id * 0x11111111u;
    uint o = id * 16;

    uint4 sad = msad4(a & 0xFFFF00FFu, uint2(b, ~a), uint4(id, 1, 2, 3));
    Output[o + 0] = sad.x;
    Output[o + 1] = sad.y + (sad.z << 16);
    Output[o + 2] = sad.w;
    Output[o + 3] = dot4add_u8packed(a, b, id);
    Output[o + 4] = asuint(dot4add_i8packed(a, b, -int(id)));

    int8_t4_packed sa = a;
    uint8_t4_packed ub = b;
    int4 s = unpack_s8s32(sa);
    uint4 u = unpack_u8u32(ub);
    Output[o + 5] = asuint(s.x + s.y * 1000 + s.z * 1000000);
    Output[o + 6] = asuint(s.w);
    Output[o + 7] = u.x + (u.y << 8) + (u.w << 16);
    Output[o + 8] = pack_u8(u + uint4(1, 2, 3, 300));
    Output[o + 9] = pack_s8(s * 3);
    Output[o + 10] = pack_clamp_u8(s * 3);
    Output[o + 11] = pack_clamp_s8(s * 3);

    int4 c = D3DCOLORtoUBYTE4(float4(0.25 * float(id), 0.5, 1.0, 0.0));
    Output[o + 12] = pack_u8(c);
    Output[o + 13] = asuint(dot2add(half2(1.5, float(id)), half2(2.0, 0.25), 0.5));
    float n = id == 0 ? 0.0 : id == 1 ? asfloat(0x00400000u) : id == 2 ? asfloat(0x7F800000u | (id >> 8)) : id == 3 ? asfloat(0x7FC00000u | (id >> 8)) : -float(id);
    Output[o + 14] = isnormal(n) ? 1u : 0u;
    Output[o + 15] = pack_s8(uint4(id, 0x1FFu, 0xFFFFFF80u, 7));
}
