// Output[i] = weighted(Input[i]) * scale + bias.x, for the first `count` items.
#include "common.hlsli"

[[vk::binding(0)]] cbuffer Params
{
    float4 bias;
    float scale;
    uint count;
};
[[vk::binding(1)]] StructuredBuffer<Item> Input;
[[vk::binding(2)]] RWStructuredBuffer<Item> Output;

[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= count)
        return;
    Item item = Input[id.x];
    Item result;
    result.value = weighted(item) * scale + bias.x;
    result.tag = item.tag + TAG_STEP;
    result.weights = item.weights.yx;
    Output[id.x] = result;
}
