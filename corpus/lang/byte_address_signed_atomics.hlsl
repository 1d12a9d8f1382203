// InterlockedMin/InterlockedMax with int values on a RWByteAddressBuffer compare the words as signed
// ints (OpAtomicSMin/OpAtomicSMax on the uint word, as DXC), with and without the original value.
RWByteAddressBuffer Raw : register(u0);

[shader("compute")]
[numthreads(4, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
    int v = (int)id.x - 2;
    Raw.InterlockedMin(0, v);
    Raw.InterlockedMax(4, v);
    int old;
    Raw.InterlockedMax(8 + id.x * 4, v, old);
    Raw.Store(24 + id.x * 4, old);
    uint low;
    Raw.InterlockedMin(40 + id.x * 4, v, low);
    Raw.Store(56 + id.x * 4, low);
}
