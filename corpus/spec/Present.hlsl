// spec page "Compile HLSL in a C# project with dotnet build"
Texture2D<float4> Frame : register(t0);
SamplerState Point : register(s1);

struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; };

[shader("vertex")]
VSOut VSMain(uint id : SV_VertexID)
{
    VSOut o;
    o.Uv = float2((id << 1) & 2, id & 2);
    o.Position = float4(o.Uv * float2(2, -2) + float2(-1, 1), 0, 1);
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target { return Frame.Sample(Point, i.Uv); }
