// expect: OSH0314
// constructed from the diagnostic on https://recursiveai.org/oneshader/cookbook/hlsl-interlockedadd/ (no float atomics)
RWStructuredBuffer<float> Sum : register(u0);
[shader("compute")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { InterlockedAdd(Sum[0], 1.0f); }
