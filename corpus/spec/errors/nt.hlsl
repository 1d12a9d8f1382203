// expect: OSH0310
// constructed from the spec page "Specialization constants on Vulkan, Metal and WebGPU" (a specialization constant in [numthreads])
[[vk::constant_id(0)]] const uint GroupSize = 64;
RWStructuredBuffer<uint> Out : register(u0);
[shader("compute")] [numthreads(GroupSize, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x; }
