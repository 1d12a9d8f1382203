// spec: https://recursiveai.org/oneshader/cookbook/compile-hlsl-csharp/ (oneshader-docs.md line 2566)
// defines: RADIUS=4
// include-dirs: Common
#define HORIZONTAL 1
#include "Blur.hlsli"
