// Small inputs that used to cost exponential or unbounded time, memory or stack: struct DAGs in
// casts and buffers, deep struct nesting, layouts past 4 GiB. Each input is generated at a size
// that finishes at once when the cost is linear and would run for minutes (or crash) otherwise;
// there are no timing assertions, CTest's timeout catches a regression.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace {

using oneshader::CompileOptions;
using oneshader::CompileResult;

std::vector<std::string> codes(const CompileResult& r) {
    std::vector<std::string> out;
    for (const auto& d : r.diagnostics) out.push_back(d.code);
    return out;
}

std::string first_message(const CompileResult& r) {
    return r.diagnostics.empty() ? std::string() : r.diagnostics[0].to_string();
}

bool has_code(const CompileResult& r, const std::string& code) {
    for (const auto& d : r.diagnostics)
        if (d.code == code) return true;
    return false;
}

// struct S0 { float v; }; struct Sk { S(k-1) a; S(k-1) b; }: 2^levels scalars in `levels` lines.
std::string dag(int levels) {
    std::string s = "struct S0 { float v; };\n";
    for (int k = 1; k <= levels; ++k) s += fmt::format("struct S{} {{ S{} a; S{} b; }};\n", k, k - 1, k - 1);
    return s;
}

std::string path(const char* member, int levels) {
    std::string p;
    for (int k = 0; k < levels; ++k) p += member;
    return p;
}

CompileResult compile(const std::string& source, bool optimize, bool verify = true) {
    CompileOptions o;
    o.optimize = optimize;
    o.verify_ir = verify;
    return oneshader::compile(source, "dag.hlsl", o);
}

}  // namespace

TEST_CASE("bounded cost: a scalar cast to a 31-level struct DAG is built once per struct type") {
    // 2^31 scalars: walked as a tree this never ends; shared, it is 31 constructs.
    const int n = 31;
    std::string src = dag(n) + "template<typename T> struct P { T a; T b; };\n";
    std::string p = "float";
    for (int k = 0; k < n; ++k) p = "P<" + p + ">";
    src += fmt::format("float g;\n[shader(\"pixel\")] float4 main() : SV_Target {{ S{0} s = (S{0})g; S{0} z = (S{0})0; "
                       "{1} t = ({1})g; return s{2}.v + z{3}.v + t{2}; }}\n",
                       n, p, path(".a", n), path(".b", n));
    for (bool opt : {false, true}) {
        CompileResult r = compile(src, opt);
        INFO(first_message(r));
        CHECK(r.ok());
        CHECK(r.blobs.size() == 1);
    }
}

TEST_CASE("bounded cost: a scalar cast to a struct sets every scalar, not only the first") {
    std::string src = dag(3) +
                      "float g;\n[shader(\"pixel\")] float4 main() : SV_Target { S3 s = (S3)g; S3 z = (S3)1; "
                      "return s.b.b.b.v + z.b.a.b.v; }\n";
    for (bool opt : {false, true}) {
        CompileResult r = compile(src, opt);
        REQUIRE(r.ok());
        std::vector<std::uint32_t> words = spirv_tools::words_of(r.blobs[0]);
        CHECK(spirv_tools::validate(words).empty());
        // The 1.0 of (S3)1 reaches the result: no member is left undefined.
        CHECK(spirv_tools::disassemble(words).find("OpUndef") == std::string::npos);
    }
}

TEST_CASE("bounded cost: a 30-level struct DAG as a static global is walked once per type") {
    // The 16-bit storage check and the IR verifier's pointer check walked the members as a tree:
    // 2^30 visits for 30 lines. (The SPIR-V validator walks it as a tree too, so the module it
    // checks is the 12-level one.)
    for (int n : {30, 12}) {
        std::string src = dag(n) + fmt::format("static S{0} g;\nRWStructuredBuffer<float> o;\n[shader(\"compute\")] "
                                               "[numthreads(1, 1, 1)] void main() {{ g{1}.v = 2.0; o[0] = g{1}.v; }}\n",
                                               n, path(".a", n));
        for (bool opt : {false, true}) {
            CompileResult r = compile(src, opt);
            INFO(first_message(r));
            REQUIRE(r.ok());
            REQUIRE(r.blobs.size() == 1);
            if (n == 12) CHECK(spirv_tools::validate(spirv_tools::words_of(r.blobs[0])).empty());
        }
    }
}

TEST_CASE("bounded cost: a struct DAG as a buffer element is refused past the reflection size, at once") {
    // 2^24 leaves when written out as a tree (reflection's form): OSH0349, not minutes and gigabytes.
    std::string src = dag(24) + fmt::format("StructuredBuffer<S24> B;\n[shader(\"pixel\")] float4 main() : SV_Target "
                                            "{{ return B[0]{}.v; }}\n",
                                            path(".a", 24));
    CompileResult r = compile(src, false);
    CHECK(codes(r) == std::vector<std::string>{"OSH0349"});
    // A small DAG still compiles and validates.
    std::string small = dag(6) + fmt::format("StructuredBuffer<S6> B;\n[shader(\"pixel\")] float4 main() : "
                                             "SV_Target {{ return B[0]{}.v; }}\n",
                                             path(".b", 6));
    CompileResult ok = compile(small, true);
    REQUIRE(ok.ok());
    CHECK(spirv_tools::validate(spirv_tools::words_of(ok.blobs[0])).empty());
}

TEST_CASE("bounded cost: aggregate initializers and casts of huge types are refused with a code") {
    std::string src = dag(20) +
                      "S20 h;\n[shader(\"pixel\")] float4 main() : SV_Target { S19 a = (S19)h; S20 b = { a, a }; "
                      "return 0; }\n";
    CompileResult r = compile(src, false);
    CHECK(has_code(r, "OSH0341"));
    CHECK(has_code(r, "OSH0338"));
}

TEST_CASE("bounded cost: struct nesting past 32 levels is OSH0348, not a stack overflow") {
    // 40,000 levels of `struct Sk { S(k-1) x; float y; }`, then a cbuffer and a cast of the deepest.
    const int n = 40000;
    std::string src = "struct S0 { float y; };\n";
    for (int k = 1; k <= n; ++k) src += fmt::format("struct S{} {{ S{} x; float y; }};\n", k, k - 1);
    src += fmt::format("cbuffer C {{ S{0} c; }}\n[shader(\"pixel\")] float4 main() : SV_Target {{ S{0} s = (S{0})0; "
                       "return c.y + s.y; }}\n",
                       n);
    CompileResult r = compile(src, false);
    REQUIRE(!r.diagnostics.empty());
    CHECK(r.diagnostics[0].code == "OSH0348");
    CHECK(r.diagnostics[0].position.line == 33);
    // The same through inheritance.
    std::string bases = "struct B0 { float y; };\n";
    for (int k = 1; k <= n; ++k) bases += fmt::format("struct B{} : B{} {{ float y{}; }};\n", k, k - 1, k);
    bases += fmt::format("[shader(\"pixel\")] float4 main() : SV_Target {{ B{0} s = (B{0})0; return s.y; }}\n", n);
    CompileResult rb = compile(bases, false);
    REQUIRE(!rb.diagnostics.empty());
    CHECK(rb.diagnostics[0].code == "OSH0348");
    // 31 levels are fine.
    std::string fine = "struct S0 { float y; };\n";
    for (int k = 1; k <= 30; ++k) fine += fmt::format("struct S{} {{ S{} x; float y; }};\n", k, k - 1);
    fine += "cbuffer C { S30 c; }\n[shader(\"pixel\")] float4 main() : SV_Target { S30 s = (S30)0; return c.x.y + s.y; }\n";
    CompileResult rf = compile(fine, true);
    INFO(first_message(rf));
    REQUIRE(rf.ok());
    CHECK(spirv_tools::validate(spirv_tools::words_of(rf.blobs[0])).empty());
}

TEST_CASE("bounded cost: layouts past 4 GiB are OSH0349 instead of wrapping") {
    auto first = [](const std::string& src) {
        CompileResult r = compile(src, false);
        return r.diagnostics.empty() ? std::string() : r.diagnostics[0].code;
    };
    const std::string main = "[shader(\"pixel\")] float4 main() : SV_Target { return 0; }\n";
    CHECK(first("cbuffer C { float4 A[268435456]; float b; }\n" + main) == "OSH0349");
    CHECK(first("cbuffer C { float a : packoffset(c4294967295.w); }\n" + main) == "OSH0349");
    CHECK(first("struct T { float4 a[1073741824]; float b; };\nStructuredBuffer<T> B;\n" + main) == "OSH0349");
    CHECK(first("struct T { float a[2147483647]; };\nStructuredBuffer<T> B;\n" + main) == "OSH0349");
    CHECK(first("struct T { [[vk::offset(4294967296)]] float x; };\nStructuredBuffer<T> B;\n" + main) == "OSH0319");
    CHECK(first("struct T { [[vk::offset(-4)]] float x; };\nStructuredBuffer<T> B;\n" + main) == "OSH0319");
    CompileResult big = compile("Texture2D t[4294967295];\n" + main, false);
    REQUIRE(!big.diagnostics.empty());
    CHECK(big.diagnostics[0].code == "OSH0324");
    CHECK(big.diagnostics[0].message.find("at most 2147483647") != std::string::npos);
}

TEST_CASE("bounded cost: the IR verifier accepts what the front end makes of comparison LOD and buffer formats") {
    CompileResult lod = compile("Texture2D T; SamplerComparisonState S;\n[shader(\"pixel\")] float4 main(float2 uv : "
                                "TEXCOORD) : SV_Target { return T.CalculateLevelOfDetail(S, uv); }\n",
                                true);
    INFO(first_message(lod));
    REQUIRE(lod.ok());
    CHECK(spirv_tools::validate(spirv_tools::words_of(lod.blobs[0])).empty());
    CompileResult format = compile("[[vk::image_format(\"rgba32f\")]] Buffer<float4> B;\n[shader(\"pixel\")] float4 main() "
                                ": SV_Target { return B[0]; }\n",
                                true);
    INFO(first_message(format));
    REQUIRE(format.ok());
    CHECK(spirv_tools::validate(spirv_tools::words_of(format.blobs[0])).empty());
    CompileResult tex = compile("[[vk::image_format(\"rgba8\")]] Texture2D T;\n[shader(\"pixel\")] float4 main() : "
                                "SV_Target { return T.Load(int3(0, 0, 0)); }\n",
                                true);
    CHECK(codes(tex) == std::vector<std::string>{"OSH0319"});
}

TEST_CASE("bounded cost: 100,000 switch cases and 100,000 struct members are checked in linear time") {
    const int n = 100000;
    std::string sw = "RWStructuredBuffer<int> O;\n[shader(\"compute\")][numthreads(1, 1, 1)] void main(uint3 id : "
                     "SV_DispatchThreadID) {\n int r = 0;\n switch (int(id.x)) {\n";
    for (int i = 0; i < n; ++i) sw += fmt::format("  case {}: r = {}; break;\n", i, i % 7);
    sw += "  case 17: r = 1; break;\n }\n O[0] = r;\n}\n";
    CompileResult rs = compile(sw, false, false);
    CHECK(codes(rs) == std::vector<std::string>{"OSH0337"});
    std::string st = "struct Big {\n";
    for (int i = 0; i < n; ++i) st += fmt::format(" float m{};\n", i);
    st += " float m5;\n};\n[shader(\"pixel\")] float4 main() : SV_Target { Big b; b.m5 = 1; return b.m5; }\n";
    CompileResult rm = compile(st, false, false);
    CHECK(codes(rm) == std::vector<std::string>{"OSH0302"});
}

TEST_CASE("bounded cost: 50,000 locals, a 5,000-deep call chain and 10,000 functions compile optimized") {
    // mem2reg once scanned blocks linearly per insert and the inliner kept every grown callee's CFG:
    // quadratic in each of these.
    std::string locals = "RWStructuredBuffer<float> O;\n[shader(\"compute\")][numthreads(1, 1, 1)] void main() {\n"
                         " float v0 = O[0];\n";
    for (int k = 1; k < 50000; ++k) locals += fmt::format(" float v{} = v{} * 1.5 + O[{}];\n", k, k - 1, k % 7);
    locals += " O[0] = v49999;\n}\n";
    CompileResult rl = compile(locals, true, false);
    CHECK(rl.ok());

    std::string chain = "float f0(float x) { return x + 1; }\n";
    for (int k = 1; k < 5000; ++k) chain += fmt::format("float f{}(float x) {{ return f{}(x) * 0.5 + {}; }}\n", k, k - 1, k);
    chain += "RWStructuredBuffer<float> O;\n[shader(\"compute\")][numthreads(1, 1, 1)] void main() { O[0] = f4999(O[1]); }\n";
    CompileResult rc = compile(chain, true, false);
    CHECK(rc.ok());

    std::string wide;
    std::string body;
    for (int k = 0; k < 10000; ++k) {
        wide += fmt::format("float g{}(float x) {{ return x * {}.0 + 1; }}\n", k, k);
        body += fmt::format(" a += g{}(a);\n", k);
    }
    wide += "RWStructuredBuffer<float> O;\n[shader(\"compute\")][numthreads(1, 1, 1)] void main() {\n float a = O[0];\n" +
            body + " O[0] = a;\n}\n";
    CompileResult rw = compile(wide, true, false);
    CHECK(rw.ok());
}
