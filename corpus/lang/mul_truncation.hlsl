// mul_truncation.hlsl - mul with operands larger than the product needs: the size the two share
// (the vector's length, the first matrix's columns, the second matrix's rows) is the smaller of
// the two, and the larger operand is truncated to it with warning OSH0311, as DXC and FXC do.
StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<float> Output : register(u1);

[shader("compute")]
[numthreads(1, 1, 1)]
void CSMain()
{
    float v[16];
    for (uint i = 0; i < 16; ++i)
        v[i] = Input[i];
    float4x4 m44 = float4x4(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                            v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]);
    float3x3 m33 = float3x3(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
    float2x4 m24 = float2x4(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    float4x2 m42 = float4x2(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    float3 v3 = float3(v[0], v[1], v[2]);

    float2x3 a = mul(m24, m33);     // the 2x3 corner of m24, times m33
    float3x4 b = mul(m33, m24);     // the first two columns of m33, times m24
    float3x2 c = mul(m33, m42);     // m33 times the first three rows of m42
    float4x3 d = mul(m42, m33);     // m42 times the first two rows of m33
    float4 e = mul(v3, m44);        // the first three rows of m44
    float4 f = mul(m44, v3);        // the first three columns of m44

    uint k = 0;
    [unroll] for (uint r = 0; r < 2; ++r) [unroll] for (uint q = 0; q < 3; ++q) Output[k++] = a[r][q];
    [unroll] for (uint r = 0; r < 3; ++r) [unroll] for (uint q = 0; q < 4; ++q) Output[k++] = b[r][q];
    [unroll] for (uint r = 0; r < 3; ++r) [unroll] for (uint q = 0; q < 2; ++q) Output[k++] = c[r][q];
    [unroll] for (uint r = 0; r < 4; ++r) [unroll] for (uint q = 0; q < 3; ++q) Output[k++] = d[r][q];
    [unroll] for (uint q = 0; q < 4; ++q) Output[k++] = e[q];
    [unroll] for (uint q = 0; q < 4; ++q) Output[k++] = f[q];
}
