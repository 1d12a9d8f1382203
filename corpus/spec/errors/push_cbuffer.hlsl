// expect: OSH0333
// constructed from the changelog in the spec ("[[vk::push_constant]] on a cbuffer is OSH0333 (DXC rejects it too)")
[[vk::push_constant]] cbuffer Push { float4x4 Model; };
[shader("vertex")] float4 VSMain(float3 p : POSITION) : SV_Position { return mul(Model, float4(p, 1)); }
