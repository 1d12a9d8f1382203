// Graphics entry points, checked at compile time only (layout, vertex inputs, ENTRY_POINTS); it
// includes nothing, so touching common.hlsli leaves its header alone.
cbuffer Frame : register(b0)
{
    float4x4 ViewProjection;
    float4 Tint;
    bool Enabled;
};

struct VSIn
{
    float2 Position : POSITION;
    float2 Uv : TEXCOORD0;
};

struct VSOut
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
};

[shader("vertex")]
VSOut VSMain(VSIn v)
{
    VSOut o;
    o.Position = mul(ViewProjection, float4(v.Position, 0.0, 1.0));
    o.Uv = v.Uv;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    return Tint * (Enabled ? 1.0 : 0.5) * float4(i.Uv, 1.0, 1.0);
}

// Not named in ENTRY_POINTS: the header must not have it.
[shader("compute")]
[numthreads(1, 1, 1)]
void CSUnused(uint3 id : SV_DispatchThreadID)
{
}
