// expect: OSH0314
// constructed from the diagnostic on the spec page "InterlockedAdd in HLSL, and what to do for floats" (no float atomics)
RWStructuredBuffer<float> Sum : register(u0);
[shader("compute")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { InterlockedAdd(Sum[0], 1.0f); }
