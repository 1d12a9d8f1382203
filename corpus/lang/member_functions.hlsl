// member_functions.hlsl - methods declared in the struct and defined outside it, explicit 'this',
// methods that modify the object, static member functions, and methods calling methods.
RWStructuredBuffer<float4> Output : register(u0);
cbuffer Params : register(b0) { float4 Seeds; uint Count; uint3 Padding; };

struct Rng
{
    uint State;
    uint Next();
    float NextFloat();
    float2 NextFloat2() { return float2(NextFloat(), this.NextFloat()); }
    static Rng Create(uint seed);
};

uint Rng::Next()
{
    // xorshift32
    this.State ^= this.State << 13;
    State ^= State >> 17;
    State ^= State << 5;
    return State;
}

float Rng::NextFloat()
{
    return (Next() >> 8) * (1.0 / 16777216.0);
}

Rng Rng::Create(uint seed)
{
    Rng r;
    r.State = seed * 747796405u + 2891336453u;
    if (r.State == 0)
        r.State = 1;
    return r;
}

struct Accumulator
{
    float4 Sum;
    uint Samples;
    void Add(float4 v);
    float4 Mean() { return Samples > 0 ? Sum / Samples : (float4)0; }
};

void Accumulator::Add(float4 v)
{
    Sum += v;
    this.Samples += 1;
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= Count)
        return;
    Rng rng = Rng::Create(id.x ^ asuint(Seeds.x));
    Accumulator acc;
    acc.Sum = 0.0;
    acc.Samples = 0;
    for (uint i = 0; i < 8; ++i)
        acc.Add(float4(rng.NextFloat2(), rng.NextFloat(), 1.0));
    Output[id.x] = acc.Mean() * Seeds;
}
