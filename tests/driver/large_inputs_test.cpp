// Inputs with many of one thing (cbuffer members, resources, locals, calls, switch cases) compiled
// to every target: the paths that look members, resources, cases and callees up in tables instead
// of scanning a list each time must give what the scans gave. SPIR-V is validated in process; MSL
// and WGSL must compile, and name what the shader uses.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

namespace {

using oneshader::CompileOptions;
using oneshader::CompileResult;
using oneshader::Target;

constexpr int kUnits = 400;

// Metal's argument table has 31 buffer slots, so an entry point with hundreds of buffers is
// compiled to SPIR-V and WGSL only (MSL refuses it with OSH5105, as it should).
CompileResult compile_all(const std::string& source, bool optimize, bool msl = true) {
    CompileOptions o;
    o.optimize = optimize;
    o.verify_ir = true;
    o.targets = {Target::SpirV, Target::Wgsl};
    if (msl) o.targets.push_back(Target::Msl);
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    return oneshader::compile(source, "large.hlsl", o);
}

// Compiles `source` with and without the optimizer; checks every target and returns the WGSL
// and MSL texts of the optimized compile, joined.
std::string check_all(const std::string& source, bool msl = true) {
    std::string text;
    for (bool optimize : {false, true}) {
        CompileResult r = compile_all(source, optimize, msl);
        INFO(oneshader::test::diagnostics_of(r));
        REQUIRE(r.ok());
        const oneshader::ShaderBlob* spv = r.find("main", Target::SpirV);
        REQUIRE(spv);
        CHECK(spirv_tools::validate(spirv_tools::words_of(*spv)).empty());
        for (Target t : {Target::Msl, Target::Wgsl}) {
            if (t == Target::Msl && !msl) continue;
            const oneshader::ShaderBlob* b = r.find("main", t);
            REQUIRE(b);
            if (optimize) text += std::string(b->as_text());
        }
    }
    return text;
}

}  // namespace

TEST_CASE("large inputs: a cbuffer of many members, each read, behind a base-less struct") {
    std::string s = "cbuffer Params : register(b0) {\n";
    for (int k = 0; k < kUnits; ++k) s += fmt::format("    float p{};\n", k);
    s += "};\nRWStructuredBuffer<float> Out : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() {\n    float v = 0;\n";
    for (int k = kUnits - 1; k >= 0; k -= 3) s += fmt::format("    v += p{};\n", k);
    s += "    Out[0] = v;\n}\n";
    std::string text = check_all(s);
    CHECK(text.find("p399") != std::string::npos);
    CHECK(text.find("p0") != std::string::npos);
}

TEST_CASE("large inputs: many resources, each bound where reflection says") {
    std::string s = "RWStructuredBuffer<float> Out : register(u0);\n";
    for (int k = 0; k < kUnits; ++k) s += fmt::format("StructuredBuffer<float> In{} : register(t{});\n", k, k);
    s += "[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {\n    float v = 0;\n";
    for (int k = 0; k < kUnits; ++k) s += fmt::format("    v += In{}[id.x];\n", k);
    s += "    Out[id.x] = v;\n}\n";
    CompileResult r = compile_all(s, true, false);
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    const oneshader::ShaderBlob* wgsl = r.find("main", Target::Wgsl);
    REQUIRE(wgsl);
    // Each resource's WGSL binding is reflection's.
    std::size_t checked = 0;
    for (const auto& res : r.reflection->resources)
        for (const auto& slot : res.slots)
            if (slot.target == Target::Wgsl && res.name.starts_with("In")) {
                const std::string decl = fmt::format("@group({}) @binding({}) var<storage, read> {}:", slot.set,
                                                     slot.binding, res.name);
                INFO(decl);
                CHECK(wgsl->as_text().find(decl) != std::string_view::npos);
                ++checked;
            }
    CHECK(checked == kUnits);
    check_all(s, false);
}

TEST_CASE("large inputs: many locals, many calls, and a switch whose cases share bodies") {
    std::string s = "RWStructuredBuffer<float> Out : register(u0);\n";
    for (int k = 0; k < kUnits; ++k) s += fmt::format("float f{}(float x) {{ return x * {}.0 + 1.0; }}\n", k, k + 1);
    s += "[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {\n    float s = Out[id.x];\n";
    for (int k = 0; k < kUnits; ++k) s += fmt::format("    float l{} = f{}(s);\n", k, k);
    s += "    float v = 0;\n    switch (id.x) {\n";
    // Pairs of values share a body, and every tenth body falls through into the next case.
    for (int k = 0; k < kUnits; k += 2) {
        s += fmt::format("    case {}: case {}: v = l{};", k, k + 1, k);
        s += k % 20 == 10 ? "\n" : " break;\n";
    }
    s += "    default: v = -1.0; break;\n    }\n    Out[id.x] = v;\n}\n";
    std::string text = check_all(s);
    CHECK(text.find("case 398") != std::string::npos);
    CHECK(text.find("case 399") != std::string::npos);
}

TEST_CASE("large inputs: one expression of thousands of operations, each used once") {
    // The optimizer turns the chain of assignments into single-use values: printed whole, the MSL
    // and WGSL would nest 24,000 deep and the printers' recursion overflowed the stack. Inlined
    // expressions stop at 32 values deep (a `let` there), so the parentheses stay shallow.
    std::string s = "RWStructuredBuffer<float> Out : register(u0);\n[numthreads(1, 1, 1)]\n"
                    "void main(uint3 id : SV_DispatchThreadID) {\n    float v = Out[id.x];\n";
    for (int k = 0; k < 12000; ++k) s += fmt::format("    v = v * 1.01 + {}.0;\n", k % 7);
    s += "    Out[id.x] = v;\n}\n";
    std::string text = check_all(s);
    int depth = 0, deepest = 0;
    for (char c : text) {
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        deepest = std::max(deepest, depth);
    }
    CHECK(deepest <= 80);
}

TEST_CASE("large inputs: many struct locals and many rewritten calls in one block") {
    // SROA splits each struct local, and the raise transforms rewrite each sign() of a uint and
    // each mad(): every new instruction goes before one in a block of thousands, placed in one
    // pass over the block (ir::Builder::place_deferred) where each insertion shifted the block.
    std::string s = "RWStructuredBuffer<uint> Out : register(u0);\n";
    for (int k = 0; k < kUnits; ++k) s += fmt::format("struct S{} {{ float a; float4 b; int c[3]; }};\n", k);
    s += "[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {\n    float v = 0;\n    int n = 0;\n";
    for (int k = 0; k < kUnits; ++k) {
        s += fmt::format("    {{ S{0} s; s.a = asfloat(Out[{0}]); s.b = s.a; s.c[id.x % 3] = {0}; v += s.b.y + s.c[0]; }}\n", k);
        s += fmt::format("    n += sign(Out[id.x] * {}u); v = mad(v, 1.5, {}.0);\n", k + 3, k);
    }
    s += "    Out[id.x] = asuint(v) + uint(n);\n}\n";
    std::string text = check_all(s);
    // Every rewritten sign() of a uint is a comparison with zero in WGSL.
    std::size_t compares = 0;
    for (std::size_t at = text.find(" != 0u"); at != std::string::npos; at = text.find(" != 0u", at + 1)) ++compares;
    CHECK(compares >= static_cast<std::size_t>(kUnits));
}

TEST_CASE("large inputs: many functions with early returns, inlined into one") {
    // Each inlined early return leaves merge and continue blocks nothing reaches; the SPIR-V
    // backend finds the loop header of each in a table (it searched every block per one).
    std::string s = "RWStructuredBuffer<float> Out : register(u0);\n";
    for (int k = 0; k < kUnits; ++k)
        s += fmt::format("float f{0}(float x) {{ if (x > {0}.0) return x; if (x < -{0}.0) return -x; return x * 0.5; }}\n", k);
    s += "[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {\n    float v = Out[id.x];\n";
    for (int k = 0; k < kUnits; ++k) s += fmt::format("    v = f{}(v);\n", k);
    s += "    Out[id.x] = v;\n}\n";
    std::string text = check_all(s);
    // With the optimizer, every function is inlined: the WGSL has its entry point only.
    std::size_t functions = 0;
    for (std::size_t at = text.find("\nfn "); at != std::string::npos; at = text.find("\nfn ", at + 1)) ++functions;
    CHECK(functions == 1);
}
