// types16.hlsl - NEEDS -enable-16bit-types (DXC and oneshader; glslang: --hlsl-enable-16bit-types).
// The one corpus file with explicitly sized 16-bit types: half/float16_t, int16_t/uint16_t and min-precision
// types, in arithmetic, in structured-buffer members (DXC's 16-bit layout) and in conversions.
// glslang-flags: --hlsl-enable-16bit-types
struct PackedParticle
{
    half3 Velocity;       // offset 0, 6 bytes
    half Life;            // offset 6
    uint16_t Flags;       // offset 8
    int16_t Generation;   // offset 10
    float16_t2 Uv;        // offset 12
};

cbuffer Step16 : register(b0) { half DeltaTime; half Damping; uint Count; };
RWStructuredBuffer<PackedParticle> Particles : register(u0);
RWStructuredBuffer<float4> Debug : register(u1);

min16float Fade(min16float life) { return saturate(life * (min16float)0.5); }

[shader("compute")]
[numthreads(64, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= Count)
        return;
    PackedParticle p = Particles[id.x];
    p.Life -= DeltaTime;
    p.Velocity *= Damping;
    p.Velocity.y -= (half)9.81 * DeltaTime;
    p.Uv += p.Velocity.xy * DeltaTime;
    if (p.Life <= (half)0)
    {
        p.Flags |= (uint16_t)1;
        p.Generation += (int16_t)1;
    }
    int16_t signedWrap = (int16_t)(p.Generation * (int16_t)-3) % (int16_t)7;
    uint16_t shifted = (uint16_t)(p.Flags << 3);
    Particles[id.x] = p;
    Debug[id.x] = float4(Fade(p.Life), (float)signedWrap, (float)shifted, (float)length(p.Velocity));
}
