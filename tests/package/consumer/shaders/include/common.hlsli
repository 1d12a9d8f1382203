// The element both compute shaders read and write; scale.hlsl and material.hlsl include it, so
// touching it must regenerate exactly their headers.
struct Item
{
    float value;
    uint tag;
    float2 weights;
};

float weighted(Item item)
{
    return item.value * (item.weights.x + item.weights.y);
}
