// A wave intrinsic: SPIR-V 1.3 (Vulkan 1.1) or newer.
RWStructuredBuffer<uint> Counts : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Counts[id.x] = WaveActiveCountBits(id.x % 2 == 0);
}
