// Integer and bool matrices on WGSL (docs/wgsl.md): an R x C one is `array<vecC<T>, R>`, its HLSL rows.
// The printed shapes: row-by-row operators, comparisons, select and conversions, any/all joined over the rows, and
// the helper functions of mul and transpose; Tint and naga check every module here. What stays refused: products
// with a one-row or one-column matrix (as for float matrices) and 16-bit integer matrices.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "oneshader/oneshader.hpp"
#include "wgsl_compile.hpp"
#include "wgsl_validate.hpp"

namespace {

using namespace oneshader;

CompileResult compile_wgsl(const std::string& source, bool optimize, bool sixteen = false) {
    return wgsl::test::compile_wgsl(source, "int_matrices.hlsl", "CSMain", Stage::Compute, optimize, sixteen);
}

std::string first_error(const CompileResult& r) {
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error) return d.to_string();
    return "";
}

std::string validate(wgsl::test::Validator& v, const std::string& text, const std::string& name) {
    return v.problems(text, "int-matrices-" + name);
}

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

// The text of the entry point, optimized or not; the test fails when it does not compile.
std::string wgsl_of(const std::string& source, bool optimize) {
    CompileResult r = compile_wgsl(source, optimize);
    INFO(first_error(r));
    REQUIRE(r.ok());
    const ShaderBlob* blob = r.find("CSMain", Target::Wgsl);
    REQUIRE(blob);
    return std::string(blob->as_text());
}

constexpr const char* kProducts =
    "cbuffer P : register(b0) { row_major int2x3 A; row_major int3x3 B; int3 v; };\n"
    "RWStructuredBuffer<int> Out : register(u1);\n"
    "[numthreads(1, 1, 1)] void CSMain() {\n"
    "    int2x3 ab = mul(A, B);\n"
    "    int2 av = mul(A, v);\n"
    "    int3 va = mul(int2(v.xy), A);\n"
    "    int3x2 t = transpose(A);\n"
    "    Out[0] = ab[1][2] + av.y + va.z + t[2][1];\n"
    "}\n";

constexpr const char* kComponentWise =
    "cbuffer P : register(b0) { row_major int2x3 A; float2x3 F; row_major uint2x2 U; int s; };\n"
    "RWStructuredBuffer<int> Out : register(u1);\n"
    "[numthreads(1, 1, 1)] void CSMain() {\n"
    "    int2x3 m = A * s - (A >> 1) + A % 2;\n"
    "    bool2x3 less = A < (int2x3)F;\n"
    "    bool2x3 fge = F >= (float2x3)A;\n"
    "    int2x3 pick = select(less, m, -m);\n"
    "    int2x3 pick2 = s > 0 ? A : m;\n"
    "    uint2x3 bits = asuint(F * 2.0);\n"
    "    uint2x2 flip = ~U;\n"
    "    Out[0] = pick[1][0] + pick2[0][2] + (int)bits[1][1] + (int)flip[1][1];\n"
    "    Out[1] = all(less) ? 1 : 0;\n"
    "    Out[2] = any(fge) ? 1 : 0;\n"
    "    Out[3] = any(A) ? 1 : 0;\n"
    "}\n";

}  // namespace

TEST_CASE("WGSL integer matrices are arrays of rows, with mul and transpose as helper functions", "[wgsl]") {
    wgsl::test::Validator validator;
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        std::string text = wgsl_of(kProducts, optimize);
        INFO(text);
        // mul(A, B): B's rows scaled by the components of A's row, added.
        CHECK(has(text, "(a: array<vec3<i32>, 2>, b: array<vec3<i32>, 3>) -> array<vec3<i32>, 2> {\n    return "
                        "array<vec3<i32>, 2>((a[0].x * b[0]) + (a[0].y * b[1]) + (a[0].z * b[2]), (a[1].x * b[0]) + "
                        "(a[1].y * b[1]) + (a[1].z * b[2]));"));
        // mul(M, v): each row dotted with v; mul(v, M): M's rows scaled by v's components.
        CHECK(has(text, "(a: array<vec3<i32>, 2>, b: vec3<i32>) -> vec2<i32> {\n    return vec2<i32>(dot(a[0], b), "
                        "dot(a[1], b));"));
        CHECK(has(text, "(a: vec2<i32>, b: array<vec3<i32>, 2>) -> vec3<i32> {\n    return (a.x * b[0]) + "
                        "(a.y * b[1]);"));
        // Row c of the transpose is column c.
        CHECK(has(text, "(m: array<vec3<i32>, 2>) -> array<vec2<i32>, 3> {\n    return array<vec2<i32>, 3>("
                        "vec2<i32>(m[0].x, m[1].x), vec2<i32>(m[0].y, m[1].y), vec2<i32>(m[0].z, m[1].z));"));
        CHECK_FALSE(has(text, "mat"));
        CHECK(validate(validator, text, optimize ? "products-O3" : "products-Od") == "");
    }
}

TEST_CASE("WGSL integer and bool matrices: operators, comparisons, select and conversions row by row", "[wgsl]") {
    wgsl::test::Validator validator;
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        std::string text = wgsl_of(kComponentWise, optimize);
        INFO(text);
        // Component-wise * and %, a shift with its count masked, a negation: one expression per row.
        CHECK(std::regex_search(text, std::regex(R"(array<vec3<i32>, 2>\(\(\w+\[0\] \* \w+\[0\]\), \(\w+\[1\] \* \w+\[1\]\)\))")));
        CHECK(std::regex_search(text, std::regex(R"(\(\w+\[0\] % .+?\), \(\w+\[1\] % )")));
        CHECK(std::regex_search(text, std::regex(R"(\(\w+\[0\] >> \(vec3<u32>\(.*?\) & vec3<u32>\(31u\)\)\), )")));
        CHECK(std::regex_search(text, std::regex(R"(array<vec3<i32>, 2>\(\(-\w+\[0\]\), \(-\w+\[1\]\)\))")));
        CHECK(std::regex_search(text, std::regex(R"(array<vec2<u32>, 2>\(\(~\w+\[0\]\), \(~\w+\[1\]\)\))")));
        // Comparisons of integer and float matrices answer a bool row array.
        CHECK(std::regex_search(text, std::regex(R"(array<vec3<bool>, 2>\(\(\w+\[0\] < )")));
        CHECK(std::regex_search(text, std::regex(R"(array<vec3<bool>, 2>\(\(\w+\[0\] >= )")));
        // select by a bool matrix and by one bool, a row at a time.
        CHECK(std::regex_search(text, std::regex(R"(select\(\w+\[0\], \w+\[0\], \w+\[0\]\), select\(\w+\[1\], \w+\[1\], \w+\[1\]\))")));
        CHECK(std::regex_search(text, std::regex(R"(select\(\w+\[0\], \w+\[0\], (\(.+? > 0i\))\), select\(\w+\[1\], \w+\[1\], \1\))")));
        // Conversions and bit-casts per row, from and to float matrices.
        CHECK(std::regex_search(text, std::regex(R"(array<vec3<i32>, 2>\(vec3<i32>\(\w+\[0\]\), vec3<i32>\(\w+\[1\]\)\))")));
        CHECK(std::regex_search(text, std::regex(R"(mat2x3<f32>\(vec3<f32>\(\w+\[0\]\), vec3<f32>\(\w+\[1\]\)\))")));
        CHECK(std::regex_search(text, std::regex(R"(array<vec3<u32>, 2>\(bitcast<vec3<u32>>\()")));
        // all/any: each row's, joined.
        CHECK(std::regex_search(text, std::regex(R"(\(all\(\w+\[0\]\) && all\(\w+\[1\]\)\))")));
        CHECK(std::regex_search(text, std::regex(R"(\(any\(\w+\[0\]\) \|\| any\(\w+\[1\]\)\))")));
        CHECK(std::regex_search(text, std::regex(R"(\(any\(\(\w+\[0\] != vec3<i32>\(\)\)\) \|\| any\(\(\w+\[1\] != vec3<i32>\(\)\)\)\))")));
        CHECK(validate(validator, text, optimize ? "rows-O3" : "rows-Od") == "");
    }
}

TEST_CASE("WGSL integer matrices in memory: rows and elements by run-time index, parameters, one-column elements",
          "[wgsl]") {
    wgsl::test::Validator validator;
    constexpr const char* source =
        "struct Item { row_major int3x3 M; row_major bool2x2 Flags; };\n"
        "RWStructuredBuffer<Item> Items : register(u0);\n"
        "RWStructuredBuffer<int> Out : register(u1);\n"
        "groupshared int2x2 G;\n"
        "int2x2 twice(int2x2 m) { return m + m; }\n"
        "void bump(inout int3x3 m, uint i) { m[i] = -m[i]; }\n"
        "[numthreads(2, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) {\n"
        "    G[id.x] = int2(1, 2);\n"
        "    GroupMemoryBarrierWithGroupSync();\n"
        "    Item it = Items[id.x];\n"
        "    bump(it.M, id.x);\n"
        "    it.M[id.x][id.y] = 7;\n"
        "    int3x1 column = int3x1(it.M[0]);\n"
        "    it.Flags[id.x] = !it.Flags[id.x];\n"
        "    Items[id.x + 2] = it;\n"
        "    Items[id.x].M[2] = twice(G)[id.x].xxy;\n"
        "    Out[id.x] = column._m20 + (it.Flags._m11 ? 1 : 0);\n"
        "}\n";
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        std::string text = wgsl_of(source, optimize);
        INFO(text);
        CHECK(has(text, "var<workgroup> G: array<vec2<i32>, 2>;"));
        CHECK(has(text, "    M: array<vec3<i32>, 3>,\n    Flags: array<vec2<bool>, 2>,"));
        if (!optimize) CHECK(std::regex_search(text, std::regex(R"(fn twice\(m: array<vec2<i32>, 2>\) -> array<vec2<i32>, 2>)")));
        CHECK(validate(validator, text, optimize ? "memory-O3" : "memory-Od") == "");
    }
}

TEST_CASE("WGSL still refuses products with one-row integer matrices and 16-bit integer matrices", "[wgsl]") {
    CompileResult row = compile_wgsl("RWStructuredBuffer<int> Out : register(u0);\n"
                                     "[numthreads(1, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) {\n"
                                     "    int1x3 r = int1x3(id.x, 2, 3);\n"
                                     "    int3x1 c = int3x1(4, id.y, 6);\n"
                                     "    Out[0] = mul(r, c);\n"
                                     "}\n",
                                     true);
    CHECK_FALSE(row.ok());
    CHECK(has(first_error(row), "error OSH5202: WGSL: matrix products with one-row or one-column matrices"));
    CompileResult sixteen = compile_wgsl("RWStructuredBuffer<int> Out : register(u0);\n"
                                         "[numthreads(1, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) {\n"
                                         "    int16_t2x2 m = int16_t2x2(id.x, 1, 2, id.y);\n"
                                         "    Out[0] = (m * m)[1][0];\n"
                                         "}\n",
                                         true, true);
    CHECK_FALSE(sixteen.ok());
    CHECK(has(first_error(sixteen), "error OSH5202: WGSL has no 16-bit integer types"));
}
