// GPU particle simulation with append/consume lists (hidden counters) and a plain
// RWStructuredBuffer, in the style of DirectX compute samples.
struct Particle
{
    float3 Position;
    float Age;
    float3 Velocity;
    float Size;
};

ConsumeStructuredBuffer<Particle> CurrentParticles : register(u0);
AppendStructuredBuffer<Particle> NextParticles : register(u1);
RWStructuredBuffer<uint> DeadCounts : register(u2);
[[vk::counter_binding(9)]] AppendStructuredBuffer<uint> DeadList : register(u3);

cbuffer SimParams : register(b4)
{
    float3 Gravity;
    float DeltaTime;
    float MaxAge;
};

[shader("compute")]
[numthreads(64, 1, 1)]
void CSSimulate(uint3 id : SV_DispatchThreadID)
{
    Particle p = CurrentParticles.Consume();
    p.Velocity += Gravity * DeltaTime;
    p.Position += p.Velocity * DeltaTime;
    p.Age += DeltaTime;
    if (p.Age < MaxAge)
        NextParticles.Append(p);
    else {
        DeadList.Append(id.x);
        InterlockedAdd(DeadCounts[0], 1);
    }
}
