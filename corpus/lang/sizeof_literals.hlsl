// sizeof_literals.hlsl - sizeof, static locals, static struct members, static const tables, and literal forms:
// hex, octal, u/l/h/f/lf suffixes, unsuffixed float, exponent forms, character of integer literal promotion.
RWStructuredBuffer<uint> Output : register(u0);
RWStructuredBuffer<float> OutputF : register(u1);

struct Record
{
    float4 Color;
    uint Id;
    float3 Position;
    static const uint Version = 3;
    static uint LiveCount;     // a static member: one per invocation, like a static global
};
uint Record::LiveCount = 0;

static const uint Table[4] = { 0x10, 010, 0xFFu, 7 };   // hex, octal (8), hex with suffix, decimal

uint NextSerial()
{
    static uint serial = 100;       // keeps its value between calls within the invocation
    return serial++;
}

[shader("compute")]
[numthreads(32, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    uint sizes = sizeof(Record) + sizeof(float3) * 2 + sizeof(uint2x2);    // 32 + 24 + 16
    uint a = NextSerial();
    uint b = NextSerial();
    Record::LiveCount += 2;

    int octal = 0777;            // 511
    uint hex = 0xDEADBEEF;
    uint hexUpper = 0XABCu;
    uint withL = 42l;            // 'l' suffix: long literal narrowed
    float f1 = 1.5f;
    float f2 = 2.5F;
    float f3 = 0.5h;             // half literal (32-bit without 16-bit types)
    float f4 = 1.0lf;            // double literal, converted
    float f5 = 3.25;             // unsuffixed float literal
    float f6 = 1e3;
    float f7 = .5;
    float f8 = 6.;
    float f9 = 2.5e-2f;

    uint total = sizes + a + b + Record::Version + Record::LiveCount + Table[id.x & 3] + (uint)octal + (hex >> 28) + hexUpper + withL;
    Output[id.x] = total;
    OutputF[id.x] = f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8 + f9;
}
