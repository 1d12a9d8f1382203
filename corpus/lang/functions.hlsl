// functions.hlsl - default arguments, overloads by type and by arity, out and inout parameters,
// arrays passed by value, recursion-free helper chains, and a function returning a struct.
RWStructuredBuffer<float4> Output : register(u0);
cbuffer Params : register(b0) { float4 Input; uint Mode; uint3 Padding; };

float Remap(float x, float inMin = 0.0, float inMax = 1.0, float outMin = 0.0, float outMax = 1.0)
{
    return outMin + (x - inMin) / (inMax - inMin) * (outMax - outMin);
}

// Overloads by parameter type.
float Length2(float2 v) { return dot(v, v); }
float Length2(float3 v) { return dot(v, v); }
uint Length2(uint2 v) { return v.x * v.x + v.y * v.y; }
// Overload by arity.
float Combine(float a) { return a; }
float Combine(float a, float b) { return a * b; }
float Combine(float a, float b, float c) { return a * b + c; }

void SinCosDeg(float degrees, out float s, out float c)
{
    sincos(radians(degrees), s, c);
}

void Accumulate(inout float4 sum, inout uint count, float4 value)
{
    sum += value;
    count++;
}

float SumArray(float values[4])
{
    float s = 0.0;
    [unroll] for (int i = 0; i < 4; ++i) s += values[i];
    values[0] = 0.0;     // by value: the caller's array is unchanged
    return s;
}

struct MinMax { float Min; float Max; };
MinMax Bounds(float4 v)
{
    MinMax r;
    r.Min = min(min(v.x, v.y), min(v.z, v.w));
    r.Max = max(max(v.x, v.y), max(v.z, v.w));
    return r;
}

[shader("compute")]
[numthreads(16, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    float s, c;
    SinCosDeg(Input.x * id.x, s, c);
    float4 sum = 0.0;
    uint count = 0;
    Accumulate(sum, count, float4(s, c, 0, 1));
    Accumulate(sum, count, Input);
    float arr[4] = { Input.x, Input.y, Input.z, Input.w };
    float total = SumArray(arr) + arr[0];
    MinMax mm = Bounds(Input);
    float r = Remap(Input.x) + Remap(Input.y, -1.0) + Remap(Input.z, -1.0, 1.0, 10.0, 20.0);
    float l = Length2(Input.xy) + Length2(Input.xyz) + (float)Length2(uint2(id.x, Mode));
    float k = Combine(r) + Combine(r, l) + Combine(r, l, total);
    Output[id.x] = sum / count + float4(mm.Min, mm.Max, k, 0.0);
}
