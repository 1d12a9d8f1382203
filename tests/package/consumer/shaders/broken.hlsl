// An undeclared name on line 8: the build must stop with "broken.hlsl(8,20): error OSH...".
RWStructuredBuffer<float> Output;

[shader("compute")]
[numthreads(1, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    Output[id.x] = missing_value;
}
