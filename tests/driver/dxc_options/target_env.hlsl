// Storage buffers, a constant buffer and whole-struct copies between buffer and register form:
// the parts of SPIR-V that change between 1.0, 1.3 and 1.5.
struct Particle {
    float3 position;
    float life;
    float4 color;
};

cbuffer Frame : register(b0) {
    float4 Tint;
    Particle Template;
};

StructuredBuffer<Particle> Input : register(t1);
RWStructuredBuffer<Particle> Output : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Particle p = Input[id.x];
    if (p.life <= 0.0)
        p = Template;
    p.color *= Tint;
    Output[id.x] = p;
}
