// compile_spirv finding: two render targets on one [[vk::location]] gave a module the validator
// rejects; now OSH0343.
struct PSOut
{
    [[vk::location(0)]] float4 Color : SV_Target0;
    [[vk::location(0)]] float4 Normal : SV_Target1;
};

[shader("pixel")]
PSOut PSMain(float4 pos : SV_Position)
{
    PSOut o;
    o.Color = pos;
    o.Normal = pos * 2;
    return o;
}
