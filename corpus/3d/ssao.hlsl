// ssao.hlsl - hemisphere SSAO from depth and normals, with a depth-aware 4x4 blur.
#include "../include/common.hlsli"

#define SSAO_KERNEL_SIZE 16

cbuffer SsaoParams : register(b0)
{
    float4x4 Projection;
    float4x4 InvProjection;
    float4 Kernel[SSAO_KERNEL_SIZE];    // hemisphere samples, xyz, scaled towards the centre
    float2 NoiseScale;                  // viewport / noise texture size
    float Radius;
    float Bias;
    float Intensity;
    float3 Padding;
};

Texture2D<float> DepthBuffer : register(t0);
Texture2D<float4> ViewNormals : register(t1);   // view-space normal in xyz
Texture2D<float4> NoiseTexture : register(t2);  // random rotation vectors, 4x4
Texture2D<float> AoInput : register(t3);        // for the blur pass
SamplerState PointClamp : register(s0);
SamplerState PointWrap : register(s1);

float3 ViewPositionFromDepth(float2 uv)
{
    float depth = DepthBuffer.SampleLevel(PointClamp, uv, 0);
    float4 clip = float4(uv * float2(2, -2) + float2(-1, 1), depth, 1.0);
    float4 view = mul(InvProjection, clip);
    return view.xyz / view.w;
}

[shader("vertex")]
FullscreenVaryings VSMain(uint id : SV_VertexID) { return FullscreenTriangle(id); }

[shader("pixel")]
float PSSsao(FullscreenVaryings i) : SV_Target
{
    float3 origin = ViewPositionFromDepth(i.Uv);
    float3 normal = normalize(ViewNormals.SampleLevel(PointClamp, i.Uv, 0).xyz);
    float3 random = NoiseTexture.SampleLevel(PointWrap, i.Uv * NoiseScale, 0).xyz * 2.0 - 1.0;

    // Gram-Schmidt: a tangent frame around the normal, rotated by the noise vector.
    float3 tangent = normalize(random - normal * dot(random, normal));
    float3 bitangent = cross(normal, tangent);
    float3x3 tbn = float3x3(tangent, bitangent, normal);

    float occlusion = 0.0;
    [loop] for (int k = 0; k < SSAO_KERNEL_SIZE; ++k)
    {
        float3 samplePos = origin + mul(Kernel[k].xyz, tbn) * Radius;
        float4 offset = mul(Projection, float4(samplePos, 1.0));
        offset.xy /= offset.w;
        float2 sampleUv = offset.xy * float2(0.5, -0.5) + 0.5;
        float sceneZ = ViewPositionFromDepth(sampleUv).z;
        float rangeCheck = smoothstep(0.0, 1.0, Radius / abs(origin.z - sceneZ));
        occlusion += (sceneZ >= samplePos.z + Bias ? 1.0 : 0.0) * rangeCheck;
    }
    return pow(saturate(1.0 - occlusion / SSAO_KERNEL_SIZE), Intensity);
}

[shader("pixel")]
float PSBlur(FullscreenVaryings i) : SV_Target
{
    uint w, h;
    AoInput.GetDimensions(w, h);
    float2 texel = 1.0 / float2(w, h);
    float centerDepth = ViewPositionFromDepth(i.Uv).z;
    float sum = 0.0, weight = 0.0;
    [unroll] for (int y = -2; y < 2; ++y)
    {
        [unroll] for (int x = -2; x < 2; ++x)
        {
            float2 uv = i.Uv + (float2(x, y) + 0.5) * texel;
            float d = ViewPositionFromDepth(uv).z;
            float wgt = 1.0 / (EPSILON + abs(centerDepth - d));
            sum += AoInput.SampleLevel(PointClamp, uv, 0) * wgt;
            weight += wgt;
        }
    }
    return sum / weight;
}
