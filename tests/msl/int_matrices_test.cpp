// Integer and bool matrices on MSL (docs/msl.md): an R x C one is `array<TC, R>`, its HLSL rows, and a C array of
// rows in threadgroup memory. The printed shapes (row-by-row operators, comparisons, select, conversions, any/all,
// the mul and transpose helpers) pass the type check against the Metal header, and a kernel using them runs on the
// CPU with the results worked out by hand from the HLSL's meaning.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "msl_clang.hpp"
#include "msl_source.hpp"
#include "oneshader/oneshader.hpp"

namespace {

std::string diagnostics(const oneshader::CompileResult& r) {
    std::string out;
    for (const auto& d : r.diagnostics) out += d.to_string() + "\n";
    return out;
}

// The kernel's MSL, optimized or not; the test fails when it does not compile or fails the type check.
std::string msl_of(const std::string& source, bool optimize) {
    oneshader::CompileOptions o;
    o.targets = {oneshader::Target::Msl};
    o.entry_points = {{"CSMain", oneshader::Stage::Compute}};
    o.optimize = optimize;
    oneshader::CompileResult r = oneshader::compile(source, "int_matrices.hlsl", o);
    INFO(diagnostics(r));
    REQUIRE(r.ok());
    const oneshader::ShaderBlob* b = r.find("CSMain", oneshader::Target::Msl);
    REQUIRE(b);
    std::string text(b->as_text());
    INFO(text);
    CHECK(msl_test::lint(text).empty());
    msl_test::ClangRun run = msl_test::type_check(text);
    INFO(run.output);
    CHECK(run.status == 0);
    return text;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A: int2x3 {{3, -1, 4}, {1, -5, 9}}, B: int3x3 {{2, 0, 1}, {-1, 3, 2}, {4, -2, 1}}, from In[0..14]; In[15] = 1.
constexpr const char* kKernel =
    "struct Item { row_major int3x3 M; };\n"
    "RWStructuredBuffer<int> In : register(u0);\n"
    "RWStructuredBuffer<int> Out : register(u1);\n"
    "RWStructuredBuffer<Item> Items : register(u2);\n"
    "groupshared int2x3 G;\n"
    "[numthreads(1, 1, 1)] void CSMain() {\n"
    "    int2x3 A = int2x3(In[0], In[1], In[2], In[3], In[4], In[5]);\n"
    "    int3x3 B = int3x3(In[6], In[7], In[8], In[9], In[10], In[11], In[12], In[13], In[14]);\n"
    "    int i = In[15];\n"
    "    int2x3 ab = mul(A, B);\n"
    "    int2 av = mul(A, int3(1, 2, 3));\n"
    "    int3 va = mul(int2(1, -2), A);\n"
    "    int3x2 t = transpose(A);\n"
    "    int2x3 r = A % 2;\n"
    "    int2x3 s = A >> 1;\n"
    "    bool2x3 less = A < ab;\n"
    "    int2x3 pick = select(less, A, -A);\n"
    "    int2x3 halves = (int2x3)((float2x3)A * 0.5);\n"
    "    G = A;\n"
    "    GroupMemoryBarrierWithGroupSync();\n"
    "    uint at = 0;\n"
    "    [unroll] for (uint k = 0; k < 3; ++k) { Out[at++] = ab[0][k]; Out[at++] = ab[1][k]; }\n"
    "    Out[at++] = av.x; Out[at++] = av.y;\n"
    "    Out[at++] = va.x; Out[at++] = va.y; Out[at++] = va.z;\n"
    "    Out[at++] = t[2].x; Out[at++] = t[2].y;\n"
    "    Out[at++] = r[0][1]; Out[at++] = r[1][i];\n"
    "    Out[at++] = s[0][1]; Out[at++] = s[1][1];\n"
    "    Out[at++] = pick[0][1]; Out[at++] = pick[1][2];\n"
    "    Out[at++] = all(less) ? 1 : 0; Out[at++] = any(less) ? 1 : 0;\n"
    "    Out[at++] = halves[0][0]; Out[at++] = halves[1][1];\n"
    "    Out[at++] = G[i][2];\n"
    "    Items[0].M[i] = int3(7, 8, 9);\n"
    "    Items[0].M._m22 = -1;\n"
    "}\n";

}  // namespace

TEST_CASE("MSL integer matrices are arrays of rows, with mul and transpose as helper functions", "[msl][backend]") {
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        std::string t = msl_of(kKernel, optimize);
        // mul(A, B): B's rows scaled by the components of A's row; mul(M, v) and mul(v, M) spelled out (Metal's dot
        // takes float vectors only).
        CHECK(contains(t, "static array<int3, 2> mul_int_2x3_3x3(array<int3, 2> a, array<int3, 3> b)\n{\n    return "
                          "array<int3, 2>{((a[0].x * b[0]) + (a[0].y * b[1]) + (a[0].z * b[2])), ((a[1].x * b[0]) + "
                          "(a[1].y * b[1]) + (a[1].z * b[2]))};"));
        CHECK(contains(t, "(array<int3, 2> a, int3 b)\n{\n    return int2(((a[0].x * b.x) + (a[0].y * b.y) + "
                          "(a[0].z * b.z)), ((a[1].x * b.x) + (a[1].y * b.y) + (a[1].z * b.z)));"));
        CHECK(contains(t, "(int2 a, array<int3, 2> b)\n{\n    return ((a.x * b[0]) + (a.y * b[1]));"));
        CHECK(contains(t, "(array<int3, 2> m)\n{\n    return array<int2, 3>{int2(m[0].x, m[1].x), int2(m[0].y, "
                          "m[1].y), int2(m[0].z, m[1].z)};"));
        // Comparisons, select, conversions: a row at a time.
        CHECK(std::regex_search(t, std::regex(R"(array<bool3, 2>\{bool3\(\w+\[0\] < \w+\[0\]\), bool3\(\w+\[1\] < \w+\[1\]\)\})")));
        CHECK(std::regex_search(t, std::regex(R"(array<int3, 2>\{select\(\w+\[0\], \w+\[0\], \w+\[0\]\), select\(\w+\[1\], \w+\[1\], \w+\[1\]\)\})")));
        CHECK(std::regex_search(t, std::regex(R"(float2x3\(float3\(\w+\[0\]\), float3\(\w+\[1\]\)\))")));
        CHECK(std::regex_search(t, std::regex(R"(\(all\(\w+\[0\]\) && all\(\w+\[1\]\)\))")));
        // In threadgroup memory the matrix is a C array of rows, copied row by row.
        CHECK(contains(t, "threadgroup int3 G[2];"));
        CHECK(std::regex_search(t, std::regex(R"(G\[0\] = \w+\[0\];\n\s*G\[1\] = \w+\[1\];)")));
        // A row into the buffer's padded line (packed_int4): lane by lane.
        CHECK(std::regex_search(t, std::regex(R"(Items\[0u\]\.M\[\w+\]\.z = \w+\.z;)")));
        CHECK_FALSE(contains(t, "int2x3"));
    }
}

TEST_CASE("MSL float matrices: component-wise % is fmod per row, comparisons give bool row arrays", "[msl][backend]") {
    std::string t = msl_of("cbuffer P : register(b0) { float2x2 F; float2x2 H; };\n"
                           "RWStructuredBuffer<float> Out : register(u0);\n"
                           "[numthreads(1, 1, 1)] void CSMain() {\n"
                           "    float2x2 m = F % H;\n"
                           "    bool2x2 ge = F >= H;\n"
                           "    float2x2 pick = select(ge, F, H);\n"
                           "    Out[0] = m[1][0] + pick[0][1] + (any(ge) ? 1.0 : 0.0);\n"
                           "}\n",
                           true);
    CHECK(std::regex_search(t, std::regex(R"(float2x2\(fmod\(\w+\[0\], \w+\[0\]\), fmod\(\w+\[1\], \w+\[1\]\)\))")));
    CHECK(std::regex_search(t, std::regex(R"(array<bool2, 2>\{bool2\(\w+\[0\] >= \w+\[0\]\), )")));
    CHECK(std::regex_search(t, std::regex(R"(float2x2\(select\(\w+\[0\], \w+\[0\], \w+\[0\]\), )")));
}

TEST_CASE("MSL integer matrices run on the CPU with HLSL's results", "[msl][exec]") {
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        std::string t = msl_of(kKernel, optimize);
        msl_test::ClangRun run = msl_test::run_kernel(t,
                                                      "grid 1 1 1\ngroup 1 1 1\n"
                                                      "buffer 0 int 3 -1 4 1 -5 9 2 0 1 -1 3 2 4 -2 1 1\n"
                                                      "buffer 1 int 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
                                                      "buffer 2 int 0 0 0 0 0 0 0 0 0 0 0 0\n");
        INFO(run.output);
        REQUIRE(run.status == 0);
        // mul(A, B) by columns; mul(A, v); mul(v, A); transpose(A)[2]; A % 2 and A >> 1 keep the sign;
        // select(A < mul(A, B), A, -A); all/any; float halves truncated toward zero; the groupshared copy.
        CHECK(contains(run.output, "buffer 1 int 23 43 -11 -33 5 0 13 18 1 9 -14 4 9 -1 -1 -1 -3 1 -9 0 1 1 -2 9\n"));
        // The row and the element land in their lines; the padding lane stays zero.
        CHECK(contains(run.output, "buffer 2 int 0 0 0 0 7 8 9 0 0 0 -1 0\n"));
    }
}
