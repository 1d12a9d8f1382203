// expect: OSH0350
// constructed from the spec page "Generated bindings" ("Unbounded arrays (Tex[]) are an error (OSH0350)")
Texture2D<float4> Textures[] : register(t0);
SamplerState Linear : register(s0);
[shader("pixel")]
float4 PSMain(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target { return Textures[NonUniformResourceIndex(index)].Sample(Linear, uv); }
