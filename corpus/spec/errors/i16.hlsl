// expect: OSH0360
// constructed from the spec page "16-bit and 64-bit types: half, int16_t, double and uint64_t" ("Without 16-bit types": uint16_t needs -enable-16bit-types)
RWStructuredBuffer<uint16_t> Values : register(u0);
[shader("compute")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { Values[id.x] = (uint16_t)id.x; }
