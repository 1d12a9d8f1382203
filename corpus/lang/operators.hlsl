// operators.hlsl - HLSL 2021 operator overloads on user structs: arithmetic, compound-free binary forms,
// comparison, unary minus, indexing, and overloads that take a scalar on one side.
StructuredBuffer<float4> Input : register(t0);
RWStructuredBuffer<float4> Output : register(u0);

struct Complex
{
    float Re;
    float Im;
    Complex operator+(Complex o) { Complex r; r.Re = Re + o.Re; r.Im = Im + o.Im; return r; }
    Complex operator-(Complex o) { Complex r; r.Re = Re - o.Re; r.Im = Im - o.Im; return r; }
    Complex operator*(Complex o) { Complex r; r.Re = Re * o.Re - Im * o.Im; r.Im = Re * o.Im + Im * o.Re; return r; }
    Complex operator*(float s) { Complex r; r.Re = Re * s; r.Im = Im * s; return r; }
    bool operator==(Complex o) { return Re == o.Re && Im == o.Im; }
    float operator[](uint i) { return i == 0 ? Re : Im; }
};

struct Quat
{
    float4 V;   // xyz vector, w scalar
    Quat operator*(Quat q)
    {
        Quat r;
        r.V = float4(V.w * q.V.xyz + q.V.w * V.xyz + cross(V.xyz, q.V.xyz), V.w * q.V.w - dot(V.xyz, q.V.xyz));
        return r;
    }
    float3 Rotate(float3 p) { float3 t = 2.0 * cross(V.xyz, p); return p + V.w * t + cross(V.xyz, t); }
};

Complex MakeComplex(float re, float im) { Complex c; c.Re = re; c.Im = im; return c; }

[shader("compute")]
[numthreads(64, 1, 1)]
void CSOperators(uint3 id : SV_DispatchThreadID)
{
    float4 v = Input[id.x];
    Complex a = MakeComplex(v.x, v.y);
    Complex b = MakeComplex(v.z, v.w);
    // Mandelbrot-style iteration with the overloads.
    Complex z = MakeComplex(0, 0);
    uint n = 0;
    for (; n < 32; ++n)
    {
        z = z * z + a;
        if (z.Re * z.Re + z.Im * z.Im > 4.0)
            break;
    }
    Complex d = (a - b) * 0.5;
    Quat q, r;
    q.V = float4(normalize(v.xyz + 1e-3) * sin(0.25), cos(0.25));
    r.V = float4(0, 0, 0, 1);
    Quat qr = q * r;
    float3 p = qr.Rotate(float3(1, 0, 0));
    Output[id.x] = float4(z[0], z[1] + d.Re, (float)n + (a == b ? 100.0 : 0.0), p.x + d[1]);
}
