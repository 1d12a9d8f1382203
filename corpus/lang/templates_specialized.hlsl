// templates_specialized.hlsl - HLSL 2021 template specialization: explicit and partial struct
// specializations chosen as clang chooses them, an explicit function specialization, variable
// templates, static members of struct templates reached as Name<args>::member, and member operators.
cbuffer Params : register(b0) { uint Count; float Gain; uint2 Padding; };
StructuredBuffer<float4> Input : register(t0);
RWStructuredBuffer<float4> Output : register(u0);

// Component counts and scalar types of the values a kernel reduces.
template<typename T> struct Traits { static const uint Components = 1; typedef T Scalar; };
template<typename T, uint N> struct Traits<vector<T, N> > { static const uint Components = N; typedef T Scalar; };

// A fixed-size accumulator; one value needs no array.
template<typename T, uint N> struct Accumulator
{
    T Items[N];
    T Total() { T sum = Items[0]; [unroll] for (uint i = 1; i < N; ++i) sum += Items[i]; return sum; }
};
template<typename T> struct Accumulator<T, 1>
{
    T Items;
    T Total() { return Items; }
};

template<typename T> static const T Epsilon = T(1e-4);
template<> static const half Epsilon<half> = 0.001;

template<typename T> T SafeInverse(T x) { return x / max(abs(x), Epsilon<T>); }
template<> float SafeInverse(float x) { return abs(x) < Epsilon<float> ? 0.0 : 1.0 / x; }

template<typename T> struct Range
{
    static const T Low = T(0);
    static const T High = T(1);
    static T Clamp(T x) { return clamp(x, Low, High); }
};

struct Weighted
{
    float4 Value;
    float Weight;
    Weighted operator+(Weighted o) { Weighted r; r.Value = Value + o.Value; r.Weight = Weight + o.Weight; return r; }
    Weighted operator*(float s) { Weighted r; r.Value = Value * s; r.Weight = Weight * s; return r; }
    float4 operator[](uint i) { return i == 0 ? Value : float4(Weight, Weight, Weight, Weight); }
};

[shader("compute")]
[numthreads(64, 1, 1)]
void CSReduceSpecialized(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= Count)
        return;
    Accumulator<float4, Traits<float4>::Components> acc;
    [unroll] for (uint i = 0; i < 4; ++i)
        acc.Items[i] = Input[(id.x + i) % Count];
    Accumulator<float, 1> single;
    single.Items = Gain;

    Weighted a; a.Value = acc.Total(); a.Weight = 1.0;
    Weighted b; b.Value = Input[id.x]; b.Weight = single.Total();
    Weighted c = (a + b) * 0.5;

    Traits<float3>::Scalar inv = SafeInverse(c.Weight);
    float4 scaled = Range<float4>::Clamp(c[0] * inv);
    Output[id.x] = scaled + SafeInverse(float4(1, 2, 3, 4)) * Epsilon<float>;
}
