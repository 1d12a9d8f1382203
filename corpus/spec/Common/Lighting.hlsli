// spec page "Cache shader compiles at run time"
static const float3 LightDir = normalize(float3(0.3, 0.5, 0.8));
