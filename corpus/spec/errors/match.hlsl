// expect: OSH0350
// constructed from the diagnostic on the spec page "HLSL wave intrinsics on Vulkan, Metal and WebGPU" (WaveMatch unsupported)
RWStructuredBuffer<uint4> Groups : register(u0);
[shader("compute")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { Groups[id.x] = WaveMatch(id.x & 3); }
