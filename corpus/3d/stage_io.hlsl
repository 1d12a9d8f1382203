// stage_io.hlsl - stage I/O variety: interpolation modifiers, arrays and matrices as varyings, clip/cull distances,
// SV_IsFrontFace, SV_SampleIndex, SV_Depth, SV_PrimitiveID and multiple render targets.
cbuffer StageIo : register(b0)
{
    float4x4 ViewProjection;
    float4 ClipPlanes[2];
    float4 CullSphere;        // xyz centre, w radius
};

struct VSIn
{
    float3 Position : POSITION;
    float3 Normal : NORMAL;
    float4 Weights[2] : WEIGHTS;           // array input: two locations
    float4x4 InstanceWorld : INSTANCE_WORLD;  // matrix input: four locations
    uint MaterialId : MATERIAL;
};

struct Varyings
{
    float4 Position : SV_Position;
    nointerpolation uint MaterialId : MATERIAL;
    linear float3 Normal : NORMAL;
    centroid float2 Uv : TEXCOORD0;
    noperspective float2 ScreenUv : TEXCOORD1;
    sample float4 Color : COLOR0;
    float4 Extra[2] : EXTRA;               // array output
    float3x3 Basis : BASIS;                // matrix output
    float2 ClipDist : SV_ClipDistance0;
    float CullDist : SV_CullDistance0;
};

[shader("vertex")]
Varyings VSMain(VSIn v, uint vertexId : SV_VertexID)
{
    float4 world = mul(v.InstanceWorld, float4(v.Position, 1.0));
    Varyings o;
    o.Position = mul(ViewProjection, world);
    o.MaterialId = v.MaterialId;
    o.Normal = mul((float3x3)v.InstanceWorld, v.Normal);
    o.Uv = float2(vertexId & 1, vertexId >> 1);
    o.ScreenUv = o.Position.xy / o.Position.w * 0.5 + 0.5;
    o.Color = v.Weights[0] * v.Weights[1].x;
    o.Extra[0] = v.Weights[0];
    o.Extra[1] = v.Weights[1];
    o.Basis = (float3x3)v.InstanceWorld;
    o.ClipDist = float2(dot(world, ClipPlanes[0]), dot(world, ClipPlanes[1]));
    o.CullDist = length(world.xyz - CullSphere.xyz) - CullSphere.w;
    return o;
}

struct GBufferOut
{
    float4 Albedo : SV_Target0;
    float4 Normal : SV_Target1;
    uint2 Ids : SV_Target2;
};

[shader("pixel")]
GBufferOut PSMain(Varyings i, bool frontFace : SV_IsFrontFace, uint primitive : SV_PrimitiveID)
{
    GBufferOut o;
    float3 n = normalize(mul(i.Normal, i.Basis)) * (frontFace ? 1.0 : -1.0);
    o.Albedo = i.Color * (i.Extra[0] + i.Extra[1]) * 0.5;
    o.Normal = float4(n * 0.5 + 0.5, i.ScreenUv.x);
    o.Ids = uint2(i.MaterialId, primitive);
    return o;
}

// Per-sample shading: the sample index makes this run once per MSAA sample.
[shader("pixel")]
float4 PSPerSample(Varyings i, uint sampleIndex : SV_SampleIndex) : SV_Target
{
    return float4(i.Color.rgb, (sampleIndex + 1) / 8.0);
}

// Depth written by the shader (e.g. impostors); SV_Depth replaces the rasterised depth.
struct DepthOut
{
    float4 Color : SV_Target;
    float Depth : SV_Depth;
};

[shader("pixel")]
DepthOut PSDepthWrite(Varyings i)
{
    DepthOut o;
    float2 p = i.Uv * 2.0 - 1.0;
    float r2 = dot(p, p);
    if (r2 > 1.0)
        discard;
    float z = sqrt(1.0 - r2);
    o.Color = float4(z.xxx, 1.0);
    o.Depth = i.Position.z - z * 0.01;
    return o;
}
