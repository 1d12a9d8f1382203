// int_matrices.hlsl - integer and bool matrices for the execution tests (SPIR-V has no integer matrices: they are
// arrays of rows, as in DXC): row_major int, uint and bool matrices in a cbuffer and a structured buffer, constructors,
// component-wise arithmetic, mul of integer matrices and vectors, transpose, conversions to and from float matrices,
// whole-matrix comparisons with all/any/select, rows and elements by constant and run-time index, swizzles, matrix
// parameters, and whole-matrix and single-row stores.
struct Item
{
    row_major int3x3 M;
    row_major bool2x2 Flags;
    int Scale;
};

cbuffer IntMatrixParams : register(b0)
{
    row_major int2x3 A;
    row_major uint3x3 U;
    int Index;
};

StructuredBuffer<Item> Items : register(t1);
RWStructuredBuffer<int> IntResults : register(u2);
RWStructuredBuffer<Item> Written : register(u3);

void put2x3(inout uint at, int2x3 m)
{
    [unroll] for (uint r = 0; r < 2; ++r)
        [unroll] for (uint c = 0; c < 3; ++c)
            IntResults[at++] = m[r][c];
}

void put3(inout uint at, int3 v)
{
    IntResults[at++] = v.x;
    IntResults[at++] = v.y;
    IntResults[at++] = v.z;
}

[shader("compute")]
[numthreads(1, 1, 1)]
void CSIntMatrices()
{
    Item it = Items[0];
    int3x3 m = it.M;
    uint at = 0;

    put2x3(at, mul(A, m));                                    // 0: a matrix product
    put3(at, mul(int2(1, -2), A));                            // 6: a vector times a matrix
    int2 w = mul(A, int3(1, 2, 3));                           // 9: a matrix times a vector
    IntResults[at++] = w.x;
    IntResults[at++] = w.y;
    int3x2 t = transpose(A);                                  // 11
    put2x3(at, int2x3(t._m00_m10_m20, t._m01_m11_m21));
    put2x3(at, A * it.Scale + int2x3(1, 2, 3, 4, 5, 6) - (A >> 1) + A % 2);  // 17: component-wise
    bool2x3 less = A < mul(A, m);                             // 23: comparisons, select, all/any
    put2x3(at, select(less, A, -A));
    IntResults[at++] = all(less) ? 1 : 0;
    IntResults[at++] = any(A == int2x3(3, 0, 0, 0, 0, 9)) ? 1 : 0;
    float2x3 halves = (float2x3)A * 0.5;                      // 31: to float and back (toward zero)
    put2x3(at, (int2x3)halves);
    uint3x3 bits = (U & 0xF0u) | (U >> 4);                    // 37: uint arithmetic, a run-time row
    put3(at, (int3)bits[Index]);
    IntResults[at++] = A[Index][Index + 1];                   // 40: elements and swizzles
    IntResults[at++] = A._m02;
    int2 sw = A._m10_m01;
    IntResults[at++] = sw.x * 10 + sw.y;
    IntResults[at++] = (int)asuint(halves)._m12;              // 43: a bit-cast matrix
    IntResults[at++] = (it.Flags[0][0] ? 1 : 0) + (it.Flags._m01 ? 2 : 0) + (it.Flags[1].y ? 4 : 0);

    Item o;
    o.M = transpose(m) + m;
    o.Flags = !it.Flags;
    o.Scale = it.Scale * 2;
    Written[0] = o;
    Written[1] = it;
    Written[1].M[Index] = int3(7, 8, 9);
    Written[1].M._m22 = -1;
    Written[1].Flags[Index] = bool2(true, true);
}
