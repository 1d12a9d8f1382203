// NonUniformResourceIndex: ShaderNonUniform, core in SPIR-V 1.5 and SPV_EXT_descriptor_indexing before.
Texture2D<float4> Textures[8] : register(t0);
SamplerState Sampler : register(s0, space1);

float4 main(float2 uv : TEXCOORD0, nointerpolation uint index : INDEX) : SV_Target {
    return Textures[NonUniformResourceIndex(index)].Sample(Sampler, uv);
}
