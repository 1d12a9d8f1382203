// common.hlsli - constants, per-frame data and small helpers shared by every corpus shader.
#ifndef CORPUS_COMMON_HLSLI
#define CORPUS_COMMON_HLSLI

static const float PI = 3.14159265358979;
static const float TWO_PI = 6.28318530717959;
static const float INV_PI = 0.318309886183791;
static const float EPSILON = 1e-5;

// Per-view constants; each file binds it where its pipeline wants it.
struct ViewConstants
{
    float4x4 View;
    float4x4 Projection;
    float4x4 ViewProjection;
    float4x4 InvViewProjection;
    float3 CameraPosition;
    float Time;
    float2 ViewportSize;
    float2 InvViewportSize;
    float NearPlane;
    float FarPlane;
    uint FrameIndex;
    float Padding0;
};

struct FullscreenVaryings
{
    float4 Position : SV_Position;
    float2 Uv : TEXCOORD0;
};

// One triangle covering the viewport: ids 0, 1, 2 give uv (0,0), (2,0), (0,2).
FullscreenVaryings FullscreenTriangle(uint vertexId)
{
    FullscreenVaryings o;
    o.Uv = float2((vertexId << 1) & 2, vertexId & 2);
    o.Position = float4(o.Uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
    return o;
}

float Square(float x) { return x * x; }
float Pow5(float x) { float x2 = x * x; return x2 * x2 * x; }

float LinearizeDepth(float deviceDepth, float nearPlane, float farPlane)
{
    // Reversed-Z perspective projection.
    return nearPlane * farPlane / (nearPlane + deviceDepth * (farPlane - nearPlane));
}

float3 ReconstructWorldPosition(float2 uv, float deviceDepth, float4x4 invViewProjection)
{
    float4 clip = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), deviceDepth, 1.0);
    float4 world = mul(invViewProjection, clip);
    return world.xyz / world.w;
}

// Octahedral normal encoding for compact G-buffers.
float2 SignNotZero(float2 v) { return float2(v >= 0.0) * 2.0 - 1.0; }
float2 OctWrap(float2 v) { return (1.0 - abs(v.yx)) * SignNotZero(v); }

float2 EncodeOctahedral(float3 n)
{
    n /= abs(n.x) + abs(n.y) + abs(n.z);
    n.xy = n.z >= 0.0 ? n.xy : OctWrap(n.xy);
    return n.xy * 0.5 + 0.5;
}

float3 DecodeOctahedral(float2 e)
{
    e = e * 2.0 - 1.0;
    float3 n = float3(e.xy, 1.0 - abs(e.x) - abs(e.y));
    float t = saturate(-n.z);
    n.xy -= SignNotZero(n.xy) * t;
    return normalize(n);
}

uint Hash(uint x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

float Random01(uint seed) { return float(Hash(seed) & 0x00ffffffu) / 16777216.0; }

#endif
