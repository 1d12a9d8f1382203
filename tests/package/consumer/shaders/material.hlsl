// Compiled once per variant of the axes "TWICE;MODE=ADD|MUL": adds or multiplies `factor`, then
// doubles when TWICE is set.
#include "common.hlsli"

[[vk::binding(0)]] cbuffer Factors
{
    float factor;
};
[[vk::binding(1)]] RWStructuredBuffer<Item> Items;

[shader("compute")]
[numthreads(4, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    Item item = Items[id.x];
#if MODE_ADD
    float v = item.value + factor;
#else
    float v = item.value * factor;
#endif
#if TWICE
    v *= 2.0;
#endif
    item.value = v;
    item.tag = item.tag * 10 + MODE_TAG;
    Items[id.x] = item;
}
