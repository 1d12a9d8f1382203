// templates.hlsl - HLSL 2021 templates: function templates with deduction and explicit arguments,
// struct templates, a template parameter used as an array size, and nested instantiation.
cbuffer Params : register(b0) { uint Count; float Scale; uint2 Padding; };
StructuredBuffer<float4> Input : register(t0);
RWStructuredBuffer<float4> Output : register(u0);

template<typename T>
T Square(T x) { return x * x; }

template<typename T>
T Clamp01(T x) { return clamp(x, (T)0, (T)1); }

template<typename T, typename U>
T ConvertScaled(U value, float s) { return (T)(value * s); }

template<typename T>
struct Pair
{
    T First;
    T Second;
    T Sum() { return First + Second; }
};

template<typename T, uint N>
struct RingBuffer
{
    T Items[N];
    uint Head;
    void Push(T value) { Items[Head % N] = value; Head++; }
    T Average()
    {
        T sum = (T)0;
        [unroll] for (uint i = 0; i < N; ++i)
            sum += Items[i];
        return sum / N;
    }
};

template<typename T>
Pair<T> MakePair(T a, T b)
{
    Pair<T> p;
    p.First = a;
    p.Second = b;
    return p;
}

[shader("compute")]
[numthreads(64, 1, 1)]
void CSTemplates(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= Count)
        return;
    float4 v = Input[id.x];
    float s = Square(v.x);                      // deduced: float
    float3 sq = Square(v.xyz);                  // deduced: float3
    int i = Square<int>(3);                     // explicit
    uint u = ConvertScaled<uint>(v.w, Scale);   // first argument explicit, second deduced

    Pair<float4> p = MakePair(v, Clamp01(v));
    Pair<int> pi = MakePair(i, (int)u);

    RingBuffer<float, 4> ring;
    ring.Head = 0;
    [unroll] for (uint k = 0; k < 4; ++k)
        ring.Push(v[k] * s);

    Output[id.x] = p.Sum() + float4(sq, ring.Average()) + (float)pi.Sum();
}
