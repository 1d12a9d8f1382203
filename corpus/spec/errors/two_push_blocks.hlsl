// expect: OSH0333
// constructed from the spec page "Push constants on Vulkan, Metal and WebGPU" ("no entry point reads more than one" block)
struct A { float4 Tint; };
struct B { float4 Scale; };
[[vk::push_constant]] A PushA;
[[vk::push_constant]] ConstantBuffer<B> PushB;
[shader("pixel")] float4 PSMain() : SV_Target { return PushA.Tint * PushB.Scale; }
