// out/inout arguments of another type than the parameter (copied through a temporary, converted
// in and back), intrinsic outputs of another type, and mul with a vector longer than the
// matrix side it meets: which calls are accepted, with which warnings, and which stay errors.
#include "check_fixture.hpp"

using namespace check_test;

namespace {

using V = std::vector<std::string>;

std::string cs(std::string_view decls, std::string_view body) {
    return std::string("RWStructuredBuffer<float4> Out : register(u0);\nTexture2D<float4> Tex : register(t1);\n") +
           std::string(decls) + "\n[shader(\"compute\")] [numthreads(1,1,1)] void CSMain() {\n" + std::string(body) +
           "\n}\n";
}

}  // namespace

TEST_CASE("out arguments: a variable of another type converts in and back") {
    // Line 3 is the declaration line; the body starts on line 5.
    CHECK(diags_of(cs("void F(out float x) { x = 2.5; }", "int i; F(i); Out[0] = i;")) == V{});
    CHECK(diags_of(cs("void G(inout float3 v) { v *= 2; }", "half3 h = 1; G(h); int3 k = 2; G(k); Out[0] = h.x + k.y;")) ==
          V{});
    // A struct member, an array element, a swizzle and a buffer element are all lvalues to copy back into.
    CHECK(diags_of(cs("struct S { int a; uint2 b; }; RWStructuredBuffer<int> B : register(u2);\n"
                      "void F(out float x) { x = 1; } void G(inout float2 v) { v += 1; }",
                      "S s = (S)0; F(s.a); G(s.b.yx); int a[2] = {1, 2}; F(a[1]); F(B[0]); Out[0] = s.a + a[1];")) ==
          V{});
}

TEST_CASE("out arguments: a scalar for a vector parameter splats in and truncates back, with OSH0311") {
    CHECK(diags_of(cs("void G(inout float3 v) { v += 1; }", "float f = 0; G(f); Out[0] = f;")) == V{"OSH0311 5:16"});
    // An out parameter only copies back: a vector for a scalar out parameter is splatted, no warning.
    CHECK(diags_of(cs("void F(out float x) { x = 1; }", "float3 v; F(v); Out[0] = v.x;")) == V{});
    // inout of a scalar with a vector variable truncates on the way in.
    CHECK(diags_of(cs("void F(inout float x) { x += 1; }", "float3 v = 1; F(v); Out[0] = v.x;")) ==
          V{"OSH0311 5:17"});
}

TEST_CASE("out arguments: conversions HLSL does not make implicitly stay errors") {
    auto c = check_text(cs("void F(out int3 v) { v = 1; }", "int2 a; F(a); Out[0] = a.x;"));
    CHECK(c->diags() == V{"OSH0303 5:11"});
    CHECK(c->errors().find("'int2', which does not convert to it (an out argument must convert both ways)") !=
          std::string::npos);
    c = check_text(cs("void F(out int3 v) { v = 1; }", "int4 a; F(a); Out[0] = a.x;"));
    CHECK(c->diags() == V{"OSH0303 5:11"});
    CHECK(c->errors().find("'int3' does not convert to the variable's type 'int4'") != std::string::npos);
    CHECK(diags_of(cs("struct A { float x; }; struct B { float y; }; void F(out A a) { a.x = 1; }",
                      "B b; F(b); Out[0] = b.y;")) == V{"OSH0303 5:8"});
    CHECK(diags_of(cs("void F(inout float2x2 m) { m += 1; }", "float2 v = 1; F(v); Out[0] = v.x;")) ==
          V{"OSH0303 5:17"});
    // Still an lvalue.
    CHECK(diags_of(cs("void F(out float x) { x = 1; }", "F(1); Out[0] = 0;")) == V{"OSH0336 5:3"});
}

TEST_CASE("out arguments: overloads prefer the parameter of the variable's own type") {
    auto c = check_text(cs("void F(out int x) { x = 1; } void F(out float x) { x = 2; }", "int i; F(i); Out[0] = i;"));
    CHECK(c->diags() == V{});
}

TEST_CASE("out arguments: intrinsic and method outputs of another type") {
    // GetDimensions with float outputs, mixed with a uint level count.
    CHECK(diags_of(cs("", "float2 f; uint lv; Tex.GetDimensions(0, f.x, f.y, lv); int w, h; Tex.GetDimensions(w, h);"
                          " Out[0] = float4(f, lv, w + h);")) == V{});
    // sincos, modf and frexp compute at the input's type and convert their outputs back.
    CHECK(diags_of(cs("", "int s; float c; sincos(1.0f, s, c); int ip; float fr = modf(2.5f, ip);"
                          " int3 e; float3 m = frexp(float3(1, 2, 3), e); Out[0] = float4(s, c, ip + fr, m.x + e.y);")) ==
          V{});
    // The original value of an atomic on a uint destination into an int.
    CHECK(diags_of(cs("RWStructuredBuffer<uint> C : register(u2);", "int orig; InterlockedAdd(C[0], 1u, orig); Out[0] = orig;")) ==
          V{});
    // An output whose type does not convert back is still refused.
    CHECK(diags_of(cs("", "float2 s; float c; sincos(float3(1, 2, 3), s, c); Out[0] = c;")) == V{"OSH0370 5:20"});
}

TEST_CASE("mul: the larger operand is truncated to the shared size with OSH0311, as DXC") {
    CHECK(diags_of(cs("", "float4 v = 1; float3x3 m = 1; Out[0] = float4(mul(v, m), 1);")) == V{"OSH0311 5:51"});
    CHECK(diags_of(cs("", "float4 v = 1; float3x3 m = 1; Out[0] = float4(mul(m, v), 1);")) == V{"OSH0311 5:54"});
    CHECK(diags_of(cs("", "float4 v = 1; float3 w = 1; Out[0] = mul(w, v);")) == V{"OSH0311 5:45"});
    // A vector shorter than the matrix side takes that many rows or columns of the matrix.
    auto c = check_text(cs("", "float3 v = 1; float4x4 m = 1; Out[0] = mul(v, m);"));
    CHECK(c->diags() == V{"OSH0311 5:47"});
    CHECK(c->messages().find("'float4x4' is implicitly truncated to 'float3x4'") != std::string::npos);
    c = check_text(cs("", "float3 v = 1; float4x4 m = 1; Out[0] = mul(m, v);"));
    CHECK(c->diags() == V{"OSH0311 5:44"});
    CHECK(c->messages().find("'float4x4' is implicitly truncated to 'float4x3'") != std::string::npos);
    // Matrices whose inner sizes differ meet at the smaller one.
    CHECK(diags_of(cs("", "float2x3 a = 1; float4x4 b = 1; Out[0] = mul(a, b)[0];")) == V{"OSH0311 5:49"});
}
