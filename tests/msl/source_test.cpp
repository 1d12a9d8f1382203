// The rewrites and the entry scan that the MSL checks apply before clang.
#include <catch2/catch.hpp>

#include "msl_source.hpp"

TEST_CASE("threadgroup locals become statics, parameters and casts stay", "[msl][source]") {
    std::string out = msl_test::prepare(
        "void h(threadgroup float* p) {}\n"
        "kernel void k(threadgroup float* q [[threadgroup(0)]]) {\n"
        "    threadgroup float s[4];\n"
        "    threadgroup atomic_int* a = (threadgroup atomic_int*)&s[0];\n"
        "    // threadgroup in a comment\n"
        "}\n");
    CHECK(out.find("void h(threadgroup float* p)") != std::string::npos);
    CHECK(out.find("kernel void k(threadgroup float* q") != std::string::npos);
    CHECK(out.find("    static threadgroup float s[4];") != std::string::npos);
    CHECK(out.find("    static threadgroup atomic_int* a = (threadgroup atomic_int*)&s[0];") != std::string::npos);
    CHECK(out.find("// threadgroup in a comment") != std::string::npos);
}

TEST_CASE("function constants become definitions with the host's value or none", "[msl][source]") {
    std::string src = "constant int Radius [[function_constant(0)]];\nconstant bool Flag [[function_constant(3)]];\n";
    std::string out = msl_test::prepare(src, {{0, "8"}});
    CHECK(out.find("constant int Radius = int(8); constexpr bool Radius_oneshader_fc_defined = true;") !=
          std::string::npos);
    CHECK(out.find("constant bool Flag = bool(); constexpr bool Flag_oneshader_fc_defined = false;") !=
          std::string::npos);
}

TEST_CASE("entry functions and their parameter attributes are found", "[msl][source]") {
    auto entries = msl_test::scan_entries(
        "struct S { float x; };\n"
        "kernel void k(device float* out [[buffer(0)]], texture2d<float, access::read> t [[texture(1)]],\n"
        "              uint3 gid [[thread_position_in_grid]]) { out[0] = 1; }\n"
        "fragment float4 f(float4 p [[position]]) { return p; }\n");
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].stage == "kernel");
    CHECK(entries[0].name == "k");
    REQUIRE(entries[0].params.size() == 3);
    CHECK(entries[0].params[0].type == "device float*");
    CHECK(entries[0].params[0].name == "out");
    CHECK(entries[0].params[0].attribute == "buffer(0)");
    CHECK(entries[0].params[1].type == "texture2d<float, access::read>");
    CHECK(entries[0].params[2].attribute == "thread_position_in_grid");
    CHECK(entries[1].stage == "fragment");
    CHECK(entries[1].params[0].attribute == "position");
}

TEST_CASE("the attribute lint names what is wrong", "[msl][source]") {
    auto problems = msl_test::lint("kernel void k(device float* o [[buffer(0)]], uint i, float4 p [[position]]) {}\n"
                                   "struct X { float a [[usr(locn0)]]; };\n");
    REQUIRE(problems.size() == 3);
    CHECK(problems[0] == "unknown attribute [[usr]]");
    CHECK(problems[1] == "kernel k: parameter 'i' has no attribute");
    CHECK(problems[2] == "kernel k: parameter 'p' cannot be [[position]]");
    CHECK(msl_test::lint("vertex float4 v(uint id [[vertex_id]]) { return float4(0); }\n").empty());
}
