#pragma once
// A compute shader whose indices the optimizer finds constant and past the end (`uint i = 72`
// into four-element arrays, vectors and matrices), shared by tests/driver (SPIR-V, MSL) and
// tests/wgsl (Tint and naga).
namespace oneshader::test {

inline constexpr const char* kFoldedIndexSource =
    "RWStructuredBuffer<uint> buf;\n"
    "static const uint k[4] = {1, 2, 3, 4};\n"
    "static const float4 v = float4(1, 2, 3, 4);\n"
    "[numthreads(1, 1, 1)]\n"
    "void CSMain(uint3 id : SV_DispatchThreadID) {\n"
    "    uint i = 72;\n"
    "    float4 w = float4(id.x, 1, 2, 3);\n"
    "    float2x2 m = float2x2(id.x, 1, 2, 3);\n"
    "    buf[0] = k[i] + (uint)v[i] + (uint)w[i] + (uint)m[i].x + (uint)m[0][i];\n"
    "}\n";

}  // namespace oneshader::test
