// bit_fields.hlsl - HLSL 2021 bit fields in structs, packed as DXC packs them for SPIR-V: consecutive bit fields
// of one type share a storage unit of that type, lowest bits first, while they fit; a field that does not fit, a
// change of type or a whole member starts the next unit. Read from a cbuffer and a structured buffer (unsigned
// fields zero-extended, signed ones sign-extended, in arithmetic, a comparison and a swizzle); written in place
// (read-modify-write of the unit, the unit's other bits kept) by assignment, compound assignment, ++/-- and
// out/inout arguments and methods; built by an initializer list and a cast from 0; copied whole; and in a
// derived struct.
struct Flags
{
    uint Kind : 4;    // unit 0 (offset 0): bits 0-3
    uint Count : 12;  //   bits 4-15
    uint Mask : 16;   //   bits 16-31
    int Delta : 6;    // unit 1 (offset 4): a signed field starts a unit of int
    int Bias : 10;    //   bits 6-15
    uint Whole;       // offset 8: a whole member ends the run
    uint Low : 30;    // unit 3 (offset 12)
    uint High : 3;    // unit 4 (offset 16): 30 + 3 bits do not fit one uint

    // Methods reach the bit fields through the implicit `this`.
    uint KindAndCount() { return Kind | (Count << 4); }
    void AddToCount(uint by) { Count += by; }
};

// The base struct comes first, then the derived struct's own units.
struct Tagged : Flags
{
    uint Tag : 8;
    uint Id : 24;
};

cbuffer BitParams : register(b0)
{
    Flags Defaults;
    uint Step;
};

RWStructuredBuffer<Flags> Items : register(u1);
RWStructuredBuffer<uint> BitResults : register(u2);

void bump(inout uint v, uint by)
{
    v += by;
}

void set_negative(out int v)
{
    v = -7;
}

[shader("compute")]
[numthreads(1, 1, 1)]
void CSBitFields()
{
    uint at = 0;
    // 0: the cbuffer's fields, each taken out of its unit
    BitResults[at++] = Defaults.Kind;
    BitResults[at++] = Defaults.Count;
    BitResults[at++] = Defaults.Mask;
    BitResults[at++] = asuint(Defaults.Delta);
    BitResults[at++] = asuint(Defaults.Bias);
    BitResults[at++] = Defaults.Whole;
    BitResults[at++] = Defaults.Low;
    BitResults[at++] = Defaults.High;
    // 8: fields in a comparison, arithmetic and a swizzle
    BitResults[at++] = Defaults.Delta < 0 ? 1 : 0;
    BitResults[at++] = asuint(Defaults.Bias * 2 + Defaults.Delta);
    uint2 kinds = Defaults.Kind.xx + uint2(0, Defaults.High);
    BitResults[at++] = kinds.x * 100 + kinds.y;

    // Items[0]: field by field, in place
    Items[0].Kind = 9;
    Items[0].Count += Step;
    Items[0].Mask = 0x12345;  // cut to its 16 bits
    Items[0].Delta--;
    Items[0].Bias = -300;
    Items[0].High = Defaults.High + 3;  // wraps in its 3 bits
    Items[0].Low++;                      // wraps in its 30 bits
    bump(Items[0].Count, 1000);

    // Items[1]: an initializer list, compound operators on a local, a whole store, an out argument
    Flags f = { 3, 100, 0xBEEF, -5, 200, 7, 1000, 6 };
    f.Kind ^= 0xF;
    f.Delta *= 3;
    Items[1] = f;
    set_negative(Items[1].Bias);

    // Items[2]: the cbuffer's struct copied whole (unused bits too), then changed
    Flags c = Defaults;
    c.Kind = c.High;
    c.Count = c.Kind * 100;
    c.Delta = 40;  // -24 in 6 signed bits
    Items[2] = c;

    // 11: read back through the buffer
    Flags g = Items[0];
    BitResults[at++] = g.Kind;
    BitResults[at++] = g.Count;
    BitResults[at++] = Items[0].Mask;
    BitResults[at++] = asuint(g.Delta);
    BitResults[at++] = asuint(Items[0].Bias);
    BitResults[at++] = g.Low;
    BitResults[at++] = g.High;
    BitResults[at++] = asuint(Items[1].Bias);
    BitResults[at++] = asuint(Items[2].Delta);

    // 20: a cast from 0 and a derived struct
    Flags z = (Flags)0;
    z.High = 7;
    BitResults[at++] = z.Low + z.High + z.Kind;
    Tagged t = (Tagged)0;
    t.Kind = 5;
    t.Tag = 0xAB;
    t.Id = 0x123456;
    t.Delta = -1;
    t.Id += t.Tag;
    BitResults[at++] = t.Tag | (t.Kind << 8);
    BitResults[at++] = t.Id;
    BitResults[at++] = asuint(t.Delta);

    // 24: member functions on a copy of Items[0]
    BitResults[at++] = g.KindAndCount();
    g.AddToCount(5000);  // wraps in its 12 bits
    BitResults[at++] = g.Count;
}
