// GetAttributeAtVertex: what the checker accepts as its first argument and what it refuses, with
// the code and the line:column of each refusal (DXC refuses the same arguments).
#include "check_fixture.hpp"

using namespace check_test;

TEST_CASE("GetAttributeAtVertex: nointerpolation inputs, their members and components are accepted") {
    const char* src = R"(struct S1 { nointerpolation float3 f1 : B; };
struct S2 { float3 f1 : C; };
struct S3 { nointerpolation float3 g : D; };
struct S4 { S3 inner; };
[shader("pixel")]
float4 PS(nointerpolation float3 a : A, S1 s1, nointerpolation S2 s2, S4 s4, uint i : I) : SV_Target {
    float v = GetAttributeAtVertex(a, 0)[0] + GetAttributeAtVertex(a.x, 1) + GetAttributeAtVertex(s1.f1, 2).y;
    v += GetAttributeAtVertex(s2.f1.zy, i).x + GetAttributeAtVertex(s4.inner.g, 0).z;
    return v;
}
)";
    CHECK(diags_of(src) == V{});
}

TEST_CASE("GetAttributeAtVertex: an argument that is not a nointerpolation input is OSH0314") {
    // Interpolated inputs, a struct member without the qualifier, and a local copy of an input.
    const char* src = R"(struct S1 { float3 f1 : B; };
[shader("pixel")]
float4 PS(float3 a : A, S1 s1, nointerpolation float3 n : N) : SV_Target {
    float3 local = n;
    return GetAttributeAtVertex(a, 0).x + GetAttributeAtVertex(s1.f1, 0).x + GetAttributeAtVertex(local, 0).x;
}
)";
    CHECK(diags_of(src) == V{"OSH0314 5:33", "OSH0314 5:67", "OSH0314 5:99"});
    auto c = check_text(src);
    REQUIRE(c->ctx.diags.diagnostics().size() == 3);
    CHECK(c->ctx.diags.diagnostics()[1].message ==
          "The first argument of 'GetAttributeAtVertex' must be declared 'nointerpolation', and 's1.f1' is not. "
          "Declare the input (or its member) 'nointerpolation'.");
    CHECK(c->ctx.diags.diagnostics()[0].message ==
          "The first argument of 'GetAttributeAtVertex' must be declared 'nointerpolation', and 'a' is not. Declare "
          "the input (or its member) 'nointerpolation'.");
}

TEST_CASE("GetAttributeAtVertex: a call outside the entry point, or on a system value, is OSH0314") {
    // A helper's parameter is a copy of the input, whatever it is declared: DXC writes per-vertex
    // parameters for it, OneShader asks for the call in the entry point.
    const char* helper = R"(float f(nointerpolation float3 v) { return GetAttributeAtVertex(v, 1).x; }
[shader("pixel")]
float4 PS(nointerpolation float3 n : N) : SV_Target { return f(n); }
)";
    CHECK(diags_of(helper) == V{"OSH0314 1:44"});
    const char* system = R"(struct I { nointerpolation float4 pos : SV_Position; nointerpolation uint prim : SV_PrimitiveID; };
[shader("pixel")]
float4 PS(I i) : SV_Target { return GetAttributeAtVertex(i.pos, 0) + GetAttributeAtVertex(i.prim, 1); }
)";
    CHECK(diags_of(system) == V{"OSH0314 3:60", "OSH0314 3:93"});
}

TEST_CASE("GetAttributeAtVertex: pixel shaders only, per-vertex arrays and matrices are OSH0350") {
    CHECK(diags_of("[shader(\"vertex\")] float4 VS(nointerpolation float4 p : P) : SV_Position { return "
                   "GetAttributeAtVertex(p, 0); }\n") == V{"OSH0372 1:83"});
    // Every nointerpolation input of the shader becomes per-vertex, so one that cannot is refused
    // where it is declared, even when the call reads another.
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(nointerpolation float2x2 m : M, nointerpolation float4 c : C) : "
                   "SV_Target { return GetAttributeAtVertex(c, 0) + m[0].x; }\n") == V{"OSH0350 1:54"});
    CHECK(diags_of("[shader(\"pixel\")] float4 PS(nointerpolation float4 a[2] : A) : SV_Target { return "
                   "GetAttributeAtVertex(a[1], 0); }\n") == V{"OSH0350 1:52"});
}
