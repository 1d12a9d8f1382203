// expect: OSH0350
// constructed: unbounded arrays (Tex[]) compile for SPIR-V since descriptor indexing, but an array of append buffers cannot: each needs its own counter
AppendStructuredBuffer<uint> Queues[] : register(u0);
[shader("compute")]
[numthreads(64, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) { Queues[NonUniformResourceIndex(id.x & 3)].Append(id.x); }
