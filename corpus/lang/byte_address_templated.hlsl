// Byte-address Load<T>/Store<T> of structs, arrays, matrices and 64-bit types, in DXC's layout for
// templated access: a member at the next multiple of its alignment (a float3 at 16, a double at 8),
// vectors, arrays and matrices packed scalar after scalar, matrices column by column.
struct Inner {
    float f;
    double d;
};

struct Item {
    uint id;
    float3 pos;
    double w;
    int64_t big;
    uint2 pair;
    Inner inner[2];
    float2x3 m;
};

typedef uint3 Triple[2];

ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u1);
RWStructuredBuffer<float> Out : register(u2);

[shader("compute")]
[numthreads(1, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    uint base = id.x * 112;
    Item s = Src.Load<Item>(base);
    Dst.Store<Item>(base, s);
    Triple t = Src.Load<Triple>(base + 112);
    Dst.Store<Triple>(base + 112, t);
    Dst.Store<int64_t>(base + 136, s.big * 1000000000000l);
    Dst.Store<double>(base + 144, s.w * s.inner[0].d);
    Dst.Store<uint64_t2>(base + 152, uint64_t2(Src.Load<uint64_t>(base + 40), 0x123456789ul));

    Out[0] = s.id;
    Out[1] = s.pos.x;
    Out[2] = s.pos.y;
    Out[3] = s.pos.z;
    Out[4] = (float)s.w;
    Out[5] = (float)s.big;
    Out[6] = s.pair.x;
    Out[7] = s.pair.y;
    Out[8] = s.inner[0].f;
    Out[9] = (float)s.inner[0].d;
    Out[10] = s.inner[1].f;
    Out[11] = (float)s.inner[1].d;
    Out[12] = s.m._11;
    Out[13] = s.m._12;
    Out[14] = s.m._13;
    Out[15] = s.m._21;
    Out[16] = s.m._22;
    Out[17] = s.m._23;
    Out[18] = t[1].z;
    float2x2 sq = Src.Load<float2x2>(base + 88);
    Out[19] = sq._12;
}
