// resource_variables.hlsl - resources held where HLSL lets code put them: locals assigned under constant control flow,
// `?:` between resources, struct members (a "material" passed to helpers and member functions), out parameters and
// return values; each use names one global once calls are inlined and constant conditions folded (DXC's legalization).
// Plus a global struct of resources, which becomes one binding per member (`Layers.base`, `Layers.detail`, ...).
StructuredBuffer<uint> InputA : register(t0);
StructuredBuffer<uint> InputB : register(t1);
RWStructuredBuffer<uint> Output : register(u2);
RWByteAddressBuffer Counters : register(u3);

static const bool UseSecond = true;
static const uint Mode = 2;

// A view of one input with a scale: the resource is a member.
struct Source {
    StructuredBuffer<uint> data;
    uint scale;
    uint Read(uint i) { return data[i] * scale; }
};

Source MakeSource(StructuredBuffer<uint> data, uint scale)
{
    Source s;
    s.data = data;
    s.scale = scale;
    return s;
}

uint ReadTwice(Source s, uint i) { return s.Read(i) + s.data[i + 8]; }

StructuredBuffer<uint> Pick(uint which)
{
    if (which == 1)
        return InputA;
    return InputB;
}

void Choose(bool second, out StructuredBuffer<uint> buffer) { buffer = second ? InputB : InputA; }

[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    StructuredBuffer<uint> first = UseSecond ? InputB : InputA;  // InputB
    uint r = first[i];
    StructuredBuffer<uint> second;
    if (Mode == 2)
        second = InputA;
    else
        second = InputB;
    r += second[i] * 10;                                         // InputA
    r += Pick(1)[i] * 100;                                       // InputA
    Source s = MakeSource(InputB, 1000);
    r += ReadTwice(s, i);                                        // InputB * 1000 + InputB[i + 8]
    StructuredBuffer<uint> third;
    Choose(false, third);                                        // InputA
    for (uint k = 0; k < 2; ++k) {
        third = InputA;                                          // the same resource on every path
        r += third[i + k * 8] * 10000;
    }
    RWByteAddressBuffer counters = Counters;
    counters.InterlockedAdd(0, 1);
    RWStructuredBuffer<uint> result = Output;
    result[i] = r;
}

// A global struct of resources: DXC's Vulkan flattening, one binding per member in member order.
struct MaterialTextures {
    Texture2D<float4> base;
    Texture2D<float4> detail;
    SamplerState linearWrap;
};
MaterialTextures Layers;

struct Material {
    MaterialTextures textures;
    float detailScale;
    float4 Shade(float2 uv)
    {
        return textures.base.Sample(textures.linearWrap, uv) * textures.detail.Sample(textures.linearWrap, uv * detailScale);
    }
};

struct VSOut { float4 Position : SV_Position; float2 Uv : TEXCOORD0; };

[shader("pixel")]
float4 PSMain(VSOut input) : SV_Target
{
    Material m;
    m.textures = Layers;
    m.detailScale = 4.0;
    float4 c = m.Shade(input.Uv);
    Texture2D<float4> tex = m.textures.detail;
    return c + tex.Sample(Layers.linearWrap, input.Uv) * 0.5;
}
