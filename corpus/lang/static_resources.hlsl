// static_resources.hlsl - resources held by statics and built by initializer lists: a static global set from a
// global (as bindless code writes `static Texture2D t = ResourceDescriptorHeap[i];`), a static struct of a resource
// and a value set by an initializer list, a static array of resources, a static local set the first time its function
// runs, and a local array of resources filled by an initializer list and then assigned an element. Each use names one
// global once the helpers are inlined into the entry point, as DXC's legalization makes them. CSCount calls a buffer's
// counter through a parameter and a static: the counter is the one of the buffer the reference resolves to.
StructuredBuffer<uint> InputA : register(t0);
StructuredBuffer<uint> InputB : register(t1);
RWStructuredBuffer<uint> Output : register(u2);

struct Source {
    StructuredBuffer<uint> data;
    uint scale;
};

static StructuredBuffer<uint> Primary = InputB;
static Source Secondary = { InputA, 10 };
static StructuredBuffer<uint> Inputs[2] = { InputA, InputB };

uint ReadPrimary(uint i) { return Primary[i]; }
uint ReadSecondary(uint i) { return Secondary.data[i] * Secondary.scale; }

uint ReadCached(uint i)
{
    static StructuredBuffer<uint> cached = InputA;  // set the first time only
    uint r = cached[i];
    cached = InputB;
    return r;
}

[shader("compute")]
[numthreads(8, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    uint r = ReadPrimary(i);                            // B[i]
    r += ReadSecondary(i);                              // 10 A[i]
    r += Inputs[1][i + 8] * 100;                        // 100 B[i + 8]
    Source local = { InputB, 1000 };
    r += local.data[i] * local.scale;                   // 1000 B[i]
    StructuredBuffer<uint> pair[2] = { InputA, InputA };
    pair[1] = InputB;
    r += pair[0][i] * 10000 + pair[1][i + 8] * 100000;  // 10000 A[i] + 100000 B[i + 8]
    r += ReadCached(i) * 1000000;                       // A[i]: the first call
    r += ReadCached(i + 8) * 10000000;                  // B[i + 8]: the first call set it to InputB
    Output[i] = r;
}

RWStructuredBuffer<uint> Slots : register(u3);
static RWStructuredBuffer<uint> Target = Slots;

uint Claim(RWStructuredBuffer<uint> target) { return target.IncrementCounter(); }

[shader("compute")]
[numthreads(8, 1, 1)]
void CSCount(uint3 id : SV_DispatchThreadID)
{
    RWStructuredBuffer<uint> local = Slots;
    uint first = Claim(local);                  // Slots' counter, through a local and a parameter
    Target[first] = id.x * 10;
    uint second = Target.IncrementCounter();    // and through a static
    Slots[second] = id.x * 10 + 1;
}
