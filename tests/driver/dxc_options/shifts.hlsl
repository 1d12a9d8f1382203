// DXC's -fvk-*-shift semantics (its tests vulkan.binding.cl.shift and .all): register(xN, spaceM)
// becomes binding N + shift(x, M) in set M; [[vk::binding]] and resources without register() are
// not shifted.
struct S {
    float4 f;
};

[[vk::binding(42)]]
ConstantBuffer<S> cbuffer3 : register(b10, space2);

ConstantBuffer<S> cbuffer1 : register(b0);
ConstantBuffer<S> cbuffer2 : register(b0, space2);

Texture2D<float4> texture1 : register(t1, space1);
Texture2D<float4> texture2 : register(t1);

SamplerState sampler1 : register(s0);
SamplerState sampler2 : register(s0, space2);

RWBuffer<float4> rwbuffer1 : register(u3, space3);
RWBuffer<float4> rwbuffer2 : register(u3);

ConstantBuffer<S> cbuffer4;
ConstantBuffer<S> cbuffer5;

float4 main() : SV_Target {
    float4 v = cbuffer1.f + cbuffer2.f + cbuffer3.f + cbuffer4.f + cbuffer5.f;
    v += texture1.Sample(sampler1, v.xy) + texture2.Sample(sampler2, v.zw);
    v += rwbuffer1[0] + rwbuffer2[1];
    return v;
}
