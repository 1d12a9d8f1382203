// math_helpers.hlsl - fmod (the sign of x; scalars and a matrix), lit, dst and faceforward; the
// compute IDs declared narrower than uint3 (uint, int2), which Vulkan's built-ins are.
RWStructuredBuffer<float> Output : register(u0);

[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint id : SV_DispatchThreadID, int2 group : SV_GroupID)
{
    float x = (float(id) - 3.5) * 1.5;  // -5.25 to 5.25 in steps of 1.5
    float m = fmod(x, 2.0);
    float2x2 mm = fmod(float2x2(x, -x, x + 1.0, 3.0), float2x2(2.0, 2.0, 1.5, 2.0));
    float4 l = lit(x * 0.25, 0.5, 2.0);
    float4 d = dst(float4(0, x, 2, 0), float4(0, 3, 0, 4));
    float3 f = faceforward(float3(1, 2, 3), float3(0, 0, x), float3(0, 0, 1));
    uint o = id * 8;
    Output[o + 0] = m;
    Output[o + 1] = mm[0][1] + mm[1][0] * 10.0;
    Output[o + 2] = l.y;
    Output[o + 3] = l.z;
    Output[o + 4] = l.x + l.w;
    Output[o + 5] = d.y + d.z * 10.0 + d.w * 100.0 + d.x * 1000.0;
    Output[o + 6] = f.x + f.z;
    Output[o + 7] = float(group.x);
}
