// spec: https://recursiveai.org/oneshader/cookbook/shader-compile-cache/ (oneshader-docs.md line 3610)
static const float3 LightDir = normalize(float3(0.3, 0.5, 0.8));
