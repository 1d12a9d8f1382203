// expect: OSH0350
// constructed: unbounded arrays (Tex[]) and arrays of append buffers compile for SPIR-V (descriptor indexing, arrays of counters), but a resource array of more than one dimension does not
AppendStructuredBuffer<uint> Queues[2][4] : register(u0);
[shader("compute")]
[numthreads(64, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) { Queues[id.x & 1][NonUniformResourceIndex(id.x & 3)].Append(id.x); }
