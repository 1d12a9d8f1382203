// precise.hlsl - 'precise' on locals, on a struct output member, on a function return, and on an out parameter,
// for geometry that must match bit for bit between passes (depth pre-pass vs. main pass).
cbuffer Transform : register(b0)
{
    float4x4 ViewProjection;
    float3 Origin;
    float Scale;
    float3 Offset;
    float Padding;
};

struct VSOut
{
    precise float4 Position : SV_Position;
    float3 World : TEXCOORD0;
};

float3 TransformPoint(float3 p)
{
    return Origin + p * Scale + Offset;
}

void Blend(float3 a, float3 b, float t, out precise float3 result)
{
    result = a * (1.0 - t) + b * t;
}

[shader("vertex")]
VSOut VSMain(float3 position : POSITION, float3 morphTarget : POSITION1, float morphWeight : BLENDWEIGHT)
{
    float3 morphed;
    Blend(position, morphTarget, morphWeight, morphed);
    precise float3 world = TransformPoint(morphed);
    precise float4 clip = ViewProjection[0] * world.x + ViewProjection[1] * world.y + ViewProjection[2] * world.z + ViewProjection[3];
    VSOut o;
    o.Position = clip.xyzw;     // written as vector arithmetic so the whole chain is NoContraction
    o.World = world;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    precise float d = i.World.x * i.World.y + i.World.z;
    return float4(frac(d), 0, 0, 1);
}
