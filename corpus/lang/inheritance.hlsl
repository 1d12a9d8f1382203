// inheritance.hlsl - single inheritance: base members and methods used through a derived struct,
// a derived method calling the base one, and derived structs passed where the base fields are read.
cbuffer MaterialParams : register(b0) { float4 BaseColor; float Roughness; float Metallic; float2 Padding; };
Texture2D<float4> Albedo : register(t0);
SamplerState Linear : register(s0);

struct Surface
{
    float3 Color;
    float Alpha;
    float3 Shade(float3 light) { return Color * light; }
    float Opacity() { return Alpha; }
};

struct LitSurface : Surface
{
    float3 Normal;
    float3 ShadeLambert(float3 l, float3 light) { return Shade(light) * saturate(dot(Normal, l)); }
};

struct PbrSurface : LitSurface
{
    float Roughness;
    float Metallic;
    float3 ShadeLambert(float3 l, float3 light)    // hides the base version
    {
        float3 diffuse = LitSurface::ShadeLambert(l, light) * (1.0 - Metallic);
        return diffuse + Color * Metallic * pow(saturate(dot(Normal, l)), 1.0 / max(Roughness, 0.05));
    }
};

struct VSOut { float4 Position : SV_Position; float3 Normal : NORMAL; float2 Uv : TEXCOORD0; };

[shader("vertex")]
VSOut VSMain(float3 position : POSITION, float3 normal : NORMAL, float2 uv : TEXCOORD0)
{
    VSOut o;
    o.Position = float4(position, 1.0);
    o.Normal = normal;
    o.Uv = uv;
    return o;
}

[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target
{
    float4 tex = Albedo.Sample(Linear, i.Uv) * BaseColor;
    PbrSurface s;
    s.Color = tex.rgb;
    s.Alpha = tex.a;
    s.Normal = normalize(i.Normal);
    s.Roughness = Roughness;
    s.Metallic = Metallic;
    float3 l = normalize(float3(0.3, 0.8, 0.5));
    float3 c = s.ShadeLambert(l, 1.0.xxx) + s.Shade(0.03.xxx);
    LitSurface asLit = (LitSurface)s;     // slicing to the base
    c += asLit.ShadeLambert(-l, 0.1.xxx);
    return float4(c, s.Opacity());
}
