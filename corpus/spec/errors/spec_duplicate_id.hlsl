// expect: OSH0335
// constructed from the spec page "Specialization constants on Vulkan, Metal and WebGPU" ("a duplicate id ... is error OSH0335")
[[vk::constant_id(1)]] const int Rounds = 4;
[[vk::constant_id(1)]] const float Scale = 2.0;
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")] [numthreads(64, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { Out[id.x] = Rounds * Scale; }
