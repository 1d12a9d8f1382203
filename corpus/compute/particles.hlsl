// particles.hlsl - GPU particles: emit into an append list from a dead list (consume), simulate, and draw as billboards.
#include "../include/common.hlsli"

struct Particle
{
    float3 Position;
    float Age;
    float3 Velocity;
    float Lifetime;
    float4 Color;
    float Size;
    uint Seed;
    float2 Padding;
};

cbuffer EmitterParams : register(b0)
{
    float3 EmitterPosition;
    float DeltaTime;
    float3 Gravity;
    float Drag;
    float3 BaseVelocity;
    float VelocitySpread;
    float4 StartColor;
    float4 EndColor;
    uint EmitCount;
    uint FrameSeed;
    float MinLifetime;
    float MaxLifetime;
    float4x4 ViewProjection;
    float3 CameraRight;
    uint AliveCount;           // particles alive at the start of this update
    float3 CameraUp;
    float Padding1;
};

RWStructuredBuffer<Particle> ParticlePool : register(u0);
ConsumeStructuredBuffer<uint> DeadList : register(u1);
AppendStructuredBuffer<uint> AliveOut : register(u2);
AppendStructuredBuffer<uint> DeadListAppend : register(u3);
ConsumeStructuredBuffer<uint> AliveIn : register(u4);
StructuredBuffer<uint> AliveDraw : register(t0);

float3 RandomDirection(uint seed)
{
    float z = Random01(seed) * 2.0 - 1.0;
    float a = Random01(seed * 3u + 1u) * TWO_PI;
    float r = sqrt(saturate(1.0 - z * z));
    return float3(r * cos(a), r * sin(a), z);
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSEmit(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= EmitCount)
        return;
    uint index = DeadList.Consume();
    uint seed = Hash(id.x ^ (FrameSeed * 0x9e3779b9u));
    Particle p;
    p.Position = EmitterPosition;
    p.Velocity = BaseVelocity + RandomDirection(seed) * VelocitySpread;
    p.Age = 0.0;
    p.Lifetime = lerp(MinLifetime, MaxLifetime, Random01(seed + 7u));
    p.Color = StartColor;
    p.Size = 0.1 + 0.05 * Random01(seed + 13u);
    p.Seed = seed;
    p.Padding = 0.0;
    ParticlePool[index] = p;
    AliveOut.Append(index);
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSUpdate(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= AliveCount)
        return;
    uint index = AliveIn.Consume();
    Particle p = ParticlePool[index];
    p.Age += DeltaTime;
    if (p.Age >= p.Lifetime)
    {
        DeadListAppend.Append(index);
        return;
    }
    p.Velocity += Gravity * DeltaTime;
    p.Velocity *= saturate(1.0 - Drag * DeltaTime);
    p.Position += p.Velocity * DeltaTime;
    p.Color = lerp(StartColor, EndColor, p.Age / p.Lifetime);
    ParticlePool[index] = p;
    AliveOut.Append(index);
}

struct BillboardOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; float4 Color : COLOR0; };

[shader("vertex")]
BillboardOut VSBillboard(uint vertexId : SV_VertexID, uint instanceId : SV_InstanceID)
{
    Particle p = ParticlePool[AliveDraw[instanceId]];
    float2 corner = float2(vertexId & 1, vertexId >> 1) * 2.0 - 1.0;
    float3 world = p.Position + (CameraRight * corner.x + CameraUp * corner.y) * p.Size;
    BillboardOut o;
    o.Position = mul(ViewProjection, float4(world, 1.0));
    o.Uv = corner;
    o.Color = p.Color;
    return o;
}

[shader("pixel")]
float4 PSBillboard(BillboardOut i) : SV_Target
{
    float falloff = saturate(1.0 - dot(i.Uv, i.Uv));
    return float4(i.Color.rgb, i.Color.a * falloff * falloff);
}
