// DXC's -fvk-auto-shift-bindings (its test vulkan.binding.cl.auto-shift-bindings, without array
// flattening, and without its tbuffer, which the lowering does not take yet): a resource without
// register() searches for a free binding from its class's shift.
struct S {
    float4 f;
};

[[vk::binding(42)]]
ConstantBuffer<S> cbuffer1;

Texture1D<float4> texture1 : register(t1, space1);
Texture2D<float4> texture2 : register(t0);

Texture3D<float4> t3d;
TextureCube<float4> tc;
StructuredBuffer<float4> sb;
ByteAddressBuffer bab;
Buffer<float4> buf;

SamplerState ss;
SamplerComparisonState scs;

RWByteAddressBuffer rwbab;
RWStructuredBuffer<float4> rwsb;
AppendStructuredBuffer<float4> asb;
RWTexture2D<float4> rwtexture2d;

ConstantBuffer<S> cbuffer2;

float4 main() : SV_Target {
    float4 v = cbuffer1.f + cbuffer2.f;
    v += texture1.Sample(ss, v.x) + texture2.Sample(ss, v.xy) + t3d.Sample(ss, v.xyz) + tc.Sample(ss, v.xyz);
    v += texture2.SampleCmp(scs, v.xy, 0.5);
    v += sb[0] + asfloat(bab.Load4(0)) + buf[0];
    rwbab.Store(0, 1u);
    rwsb[0] = v;
    asb.Append(v);
    rwtexture2d[uint2(0, 0)] = v;
    return v;
}
