// typed_buffers.hlsl - typed buffers for the execution tests: Buffer<float4> (a uniform texel buffer) read with
// Load and operator[], RWBuffer<float4> and RWBuffer<uint> (storage texel buffers) written and updated atomically.
cbuffer TypedParams : register(b0) { uint Count; float Scale; float2 Padding; };

Buffer<float4> Source : register(t0);
[[vk::image_format("rgba32f")]] RWBuffer<float4> Scaled : register(u0);
[[vk::image_format("r32ui")]] RWBuffer<uint> Buckets : register(u1);

[shader("compute")]
[numthreads(64, 1, 1)]
void CSTyped(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= Count)
        return;
    float4 v = Source.Load(id.x);
    Scaled[id.x] = v * Scale + Source[Count - 1 - id.x];
    InterlockedAdd(Buckets[(uint)(v.x * 4.0) & 3], 1);
}
