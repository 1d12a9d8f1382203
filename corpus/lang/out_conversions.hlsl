// out_conversions.hlsl - out/inout arguments of another type than their parameter, copied through
// a temporary of the parameter's type and converted back (into a local, a struct member, a
// swizzle, an array element and a buffer element), intrinsic outputs of another type
// (GetDimensions into floats, sincos into an int, InterlockedAdd's original into an int), and
// mul with a vector longer than the matrix side, truncated (each with warning OSH0311).
struct Pair { int a; uint2 b; };

RWStructuredBuffer<float> Output : register(u0);
RWStructuredBuffer<int> Scratch : register(u1);
RWStructuredBuffer<uint> Counter : register(u2);
Texture2D<float4> Image : register(t3);

void Half(out float x, float v) { x = v * 0.5; }
void Grow(inout float3 v) { v = v * 2.0 + 0.75; }
void Shift(inout float2 v) { v = v * 3.0 + 0.5; }

[shader("compute")]
[numthreads(4, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    float t = float(id.x);
    int whole;
    Half(whole, 5.0 + t);           // float 2.5 + t/2 into an int: truncated toward zero
    Pair p;
    p.a = 0;
    p.b = uint2(1, 2) + id.x;
    Half(p.a, -7.0 - t);            // into a struct member
    Shift(p.b.yx);                  // a uint2 swizzle through a float2: in, scaled, back
    uint3 h = uint3(1, 2, id.x);
    Grow(h);                        // uint3 through float3, truncated back
    float f = t + 1.0;
    Grow(f);                        // a scalar splatted in, the first component back
    int3 ints = int3(1, -2, 3) * int(id.x + 1);
    Grow(ints);                     // int3 through float3
    float arr[2] = { 0.0, 0.0 };
    Half(arr[1], t);                // into an array element
    Half(Scratch[id.x], 9.0 + t);   // into a buffer element
    float2 dims;
    Image.GetDimensions(dims.x, dims.y);
    int s;
    float c;
    sincos(0.0, s, c);              // sin 0 into an int
    int original;
    InterlockedAdd(Counter[0], 1u, original);
    float3x3 m = float3x3(1, 2, 0, 0, 1, 0, 0, 0, 3);
    float4 v4 = float4(1.0, 2.0, 3.0 + t, 100.0);
    float3 row = mul(v4, m);        // v4.xyz * m
    float3 col = mul(m, v4);        // m * v4.xyz
    uint o = id.x * 16;
    Output[o + 0] = float(whole);
    Output[o + 1] = float(p.a);
    Output[o + 2] = float(p.b.x);
    Output[o + 3] = float(p.b.y);
    Output[o + 4] = float(h.x) + float(h.y) * 10.0 + float(h.z) * 100.0;
    Output[o + 5] = f;
    Output[o + 6] = float(ints.x);
    Output[o + 7] = float(ints.y);
    Output[o + 8] = float(ints.z);
    Output[o + 9] = arr[1];
    Output[o + 10] = dims.x + dims.y * 100.0;
    Output[o + 11] = float(s) + c;
    Output[o + 12] = row.x + row.y * 10.0 + row.z * 100.0;
    Output[o + 13] = col.x + col.y * 10.0 + col.z * 100.0;
    Output[o + 14] = float(original >= 0 && original < 4);
    Output[o + 15] = 0.0;
}
