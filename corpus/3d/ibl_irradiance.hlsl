// ibl_irradiance.hlsl - diffuse irradiance convolution of an environment cube into a small cube (six array slices).
#include "../include/pbr.hlsli"

cbuffer IrradianceParams : register(b0)
{
    uint OutputSize;
    float SampleDelta;       // radians between samples on the hemisphere
    float SourceMip;         // mip of the environment to read, to avoid aliasing
    float Padding;
};

TextureCube<float4> Environment : register(t0);
SamplerState LinearClamp : register(s0);
[[vk::image_format("rgba16f")]] RWTexture2DArray<float4> IrradianceOut : register(u0);

[shader("compute")]
[numthreads(8, 8, 1)]
void CSIrradiance(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= OutputSize || id.y >= OutputSize)
        return;
    float2 uv = (id.xy + 0.5) / OutputSize;
    float3 n = CubeFaceDirection(id.z, uv);
    float3 up = abs(n.y) < 0.999 ? float3(0, 1, 0) : float3(0, 0, 1);
    float3 right = normalize(cross(up, n));
    up = cross(n, right);

    float3 irradiance = 0.0;
    uint count = 0;
    for (float phi = 0.0; phi < TWO_PI; phi += SampleDelta)
    {
        for (float theta = 0.0; theta < 0.5 * PI; theta += SampleDelta)
        {
            float3 tangentSample = float3(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta));
            float3 dir = tangentSample.x * right + tangentSample.y * up + tangentSample.z * n;
            irradiance += Environment.SampleLevel(LinearClamp, dir, SourceMip).rgb * cos(theta) * sin(theta);
            count++;
        }
    }
    IrradianceOut[id] = float4(PI * irradiance / max(count, 1u), 1.0);
}
