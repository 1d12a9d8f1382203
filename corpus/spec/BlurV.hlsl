// spec: https://recursiveai.org/oneshader/cookbook/compile-hlsl-csharp/ (oneshader-docs.md line 2573)
// defines: RADIUS=4
// include-dirs: Common
#define HORIZONTAL 0
#include "Blur.hlsli"
