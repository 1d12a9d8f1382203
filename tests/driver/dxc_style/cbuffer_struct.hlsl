// A lighting constant buffer that wraps structs, as engines declare it: `cbuffer x { Struct y; }`.
struct DirectionalLight
{
    float3 Direction;
    float Intensity;
    float3 Color;
    float Range;
};

struct Camera
{
    float4x4 ViewProj;
    float3 Position;
    float NearPlane;
};

cbuffer SceneConstants : register(b1)
{
    Camera MainCamera;
    DirectionalLight Sun;
    DirectionalLight Fill[2];
    float Time;
    float2 Jitter;
};

struct PSInput { float4 Position : SV_POSITION; float3 WorldPos : POSITION; float3 Normal : NORMAL; };

[shader("pixel")]
float4 PSMain(PSInput input) : SV_Target
{
    float3 n = normalize(input.Normal);
    float3 c = Sun.Color * Sun.Intensity * saturate(dot(n, -Sun.Direction));
    [unroll] for (int i = 0; i < 2; ++i)
        c += Fill[i].Color * Fill[i].Intensity * saturate(dot(n, -Fill[i].Direction));
    float fog = saturate(length(input.WorldPos - MainCamera.Position) / 100.0 + Jitter.x * sin(Time));
    return float4(lerp(c, 0.5.xxx, fog), 1.0);
}
