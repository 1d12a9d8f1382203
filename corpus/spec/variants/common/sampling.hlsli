// spec page "Shader variants with defines and includes" (C# raw string "common/sampling.hlsli")
#ifndef HORIZONTAL
#define HORIZONTAL 1
#endif
float2 TexelOffset(int i) { return HORIZONTAL ? float2(i / 1920.0, 0) : float2(0, i / 1080.0); }
