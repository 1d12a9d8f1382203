// Declarations: globals, buffers, structs, functions, typedefs, namespaces, enums, templates.
#include <catch2/catch.hpp>

#include "parse_helpers.hpp"

using oneshader::test::dump_of;

TEST_CASE("global variables with modifiers, arrays, annotations and initializers", "[parser][decl]") {
    CHECK(dump_of("static const float a = 1, b[2];") ==
          "(tu\n"
          "  (var 1:20 a float (mods static const) (init (int 1 1)))\n"
          "  (var 1:27 b float (mods static const) (dims (int 2 2))))");
    CHECK(dump_of("groupshared float4 cache[8][8];") ==
          "(tu\n  (var 1:20 cache float4 (mods groupshared) (dims (int 8 8) (int 8 8))))");
    CHECK(dump_of("uniform extern precise row_major float4x4 m;") ==
          "(tu\n  (var 1:43 m float4x4 (mods uniform extern precise row_major)))");
    CHECK(dump_of("column_major float3x3 n; snorm float s; unorm float u;") ==
          "(tu\n  (var 1:23 n float3x3 (mods column_major))\n  (var 1:38 s float (mods snorm))\n"
          "  (var 1:53 u float (mods unorm)))");
    CHECK(dump_of("static float k[] = { 1, 2, { 3, 4 }, };") ==
          "(tu\n  (var 1:14 k float (mods static) (dims _) (init {(int 1 1) (int 2 2) {(int 3 3) (int 4 4)}})))");
}

TEST_CASE("resources with registers and vk attributes", "[parser][decl]") {
    CHECK(dump_of("Texture2D<float4> t : register(t0, space1);") ==
          "(tu\n  (var 1:19 t Texture2D<float4> (register t0 space1)))");
    CHECK(dump_of("SamplerState s : register(s2);") == "(tu\n  (var 1:14 s SamplerState (register s2)))");
    CHECK(dump_of("Texture2D t2 : register(ps_5_0, t3);") ==
          "(tu\n  (var 1:11 t2 Texture2D (register ps_5_0 t3)))");
    CHECK(dump_of("[[vk::binding(0, 1)]] RWTexture2D<unorm float4> img;") ==
          "(tu\n  (var 1:49 img RWTexture2D<unorm float4> (attrs [[vk::binding (int 0 0) (int 1 1)]])))");
    CHECK(dump_of("[[vk::image_format(\"rgba8\")]] RWTexture2D<float4> img2;") ==
          "(tu\n  (var 1:51 img2 RWTexture2D<float4> (attrs [[vk::image_format \"rgba8\"]])))");
    CHECK(dump_of("[[vk::push_constant]] ConstantBuffer<Push> pc;") ==
          "(tu\n  (var 1:44 pc ConstantBuffer<Push> (attrs [[vk::push_constant]])))");
    CHECK(dump_of("[[vk::constant_id(3)]] const bool UseFog = true;") ==
          "(tu\n  (var 1:35 UseFog bool (mods const) (attrs [[vk::constant_id (int 3 3)]]) (init true)))");
    CHECK(dump_of("[[vk::counter_binding(2)]] RWStructuredBuffer<uint> buf; StructuredBuffer<Light> lights;") ==
          "(tu\n  (var 1:53 buf RWStructuredBuffer<uint> (attrs [[vk::counter_binding (int 2 2)]]))\n"
          "  (var 1:82 lights StructuredBuffer<Light>))");
    CHECK(dump_of("[[oneshader::format(\"unorm8x4\")]] Buffer<uint> b; Texture2D<float4> arr[4] : register(t1);") ==
          "(tu\n  (var 1:48 b Buffer<uint> (attrs [[oneshader::format \"unorm8x4\"]]))\n"
          "  (var 1:69 arr Texture2D<float4> (dims (int 4 4)) (register t1)))");
}

TEST_CASE("nested template arguments close with >>", "[parser][decl]") {
    CHECK(dump_of("StructuredBuffer<vector<float, 4>> a; Texture2D<vector<float,2> > b;") ==
          "(tu\n  (var 1:36 a StructuredBuffer<vector<float, (int 4 4)>>)\n"
          "  (var 1:67 b Texture2D<vector<float, (int 2 2)>>))");
    CHECK(dump_of("matrix<float,4,4> m; vector<float, 4> v = 0;") ==
          "(tu\n  (var 1:19 m matrix<float, (int 4 4), (int 4 4)>)\n"
          "  (var 1:39 v vector<float, (int 4 4)> (init (int 0 0))))");
}

TEST_CASE("constant buffers, tbuffers and packoffset", "[parser][decl]") {
    CHECK(dump_of("cbuffer Frame : register(b0)\n{\n    float4x4 ViewProj;\n    float3 Eye : packoffset(c4.y);\n"
                  "    float t : packoffset(c5);\n};") ==
          "(tu\n  (cbuffer 1:9 Frame (register b0)\n    (var 3:14 ViewProj float4x4)\n"
          "    (var 4:12 Eye float3 (packoffset c4.y))\n    (var 5:11 t float (packoffset c5))))");
    CHECK(dump_of("tbuffer T { float a; }") == "(tu\n  (tbuffer 1:9 T\n    (var 1:19 a float)))");
    CHECK(dump_of("cbuffer B : register(b1, space2) { row_major float4x4 M; }") ==
          "(tu\n  (cbuffer 1:9 B (register b1 space2)\n    (var 1:55 M float4x4 (mods row_major))))");
}

TEST_CASE("structs with semantics, interpolation modifiers and methods", "[parser][decl]") {
    CHECK(dump_of("struct VSOut\n{\n    float4 pos : SV_Position;\n    nointerpolation uint id : TEXCOORD0;\n"
                  "    linear centroid float2 uv : TEXCOORD1;\n    noperspective sample float3 n : NORMAL;\n};") ==
          "(tu\n  (struct 1:8 VSOut\n    (var 3:12 pos float4 (semantic SV_Position))\n"
          "    (var 4:26 id uint (mods nointerpolation) (semantic TEXCOORD0))\n"
          "    (var 5:28 uv float2 (mods linear centroid) (semantic TEXCOORD1))\n"
          "    (var 6:33 n float3 (mods noperspective sample) (semantic NORMAL))))");
    CHECK(dump_of("class C { float x; float get() { return x; } static const uint K = 3; static uint count; };") ==
          "(tu\n  (class 1:7 C\n    (var 1:17 x float)\n    (function 1:26 get float\n      (block 1:32\n"
          "        (return 1:34 x)))\n    (var 1:64 K uint (mods static const) (init (int 3 3)))\n"
          "    (var 1:83 count uint (mods static))))");
    CHECK(dump_of("struct A { float a; }; struct B : A { float b; };") ==
          "(tu\n  (struct 1:8 A\n    (var 1:18 a float))\n  (struct 1:31 B (base A)\n    (var 1:45 b float)))");
    CHECK(dump_of("struct F;") == "(tu\n  (struct 1:8 F (forward)))");
    CHECK(dump_of("struct S { float v; } s1, s2[2];") ==
          "(tu\n  (struct 1:8 S\n    (var 1:18 v float))\n  (var 1:23 s1 S)\n  (var 1:27 s2 S (dims (int 2 2))))");
    CHECK(dump_of("struct P { [[vk::offset(16)]] float4 x; };") ==
          "(tu\n  (struct 1:8 P\n    (var 1:38 x float4 (attrs [[vk::offset (int 16 16)]]))))");
}

TEST_CASE("variables may be named like contextual modifiers", "[parser][decl]") {
    CHECK(dump_of("void f() { float4 sample = 1; sample *= 2; float linear = sample.x; }") ==
          "(tu\n  (function 1:6 f void\n    (block 1:10\n      (decl 1:12\n        (var 1:19 sample float4 (init (int 1 1))))\n"
          "      (expr 1:31 (*= sample (int 2 2)))\n      (decl 1:44\n"
          "        (var 1:50 linear float (init (. sample x)))))))");
}

TEST_CASE("functions with parameters, semantics, defaults and attributes", "[parser][decl]") {
    CHECK(dump_of("[shader(\"pixel\")]\nfloat4 main(in float2 uv : TEXCOORD0, out float d : SV_Depth, inout uint c,"
                  " uniform float s = 2) : SV_Target0\n{\n    return 0;\n}") ==
          "(tu\n  (function 2:8 main float4 (semantic SV_Target0) (attrs [shader \"pixel\"])\n"
          "    (param 2:23 uv float2 (mods in) (semantic TEXCOORD0))\n    (param 2:49 d float (mods out) (semantic SV_Depth))\n"
          "    (param 2:74 c uint (mods inout))\n    (param 2:91 s float (mods uniform) (default (int 2 2)))\n"
          "    (block 3:1\n      (return 4:5 (int 0 0)))))");
    CHECK(dump_of("[numthreads(8, 8, 1)] void cs(uint3 id : SV_DispatchThreadID) {}") ==
          "(tu\n  (function 1:28 cs void (attrs [numthreads (int 8 8) (int 8 8) (int 1 1)])\n"
          "    (param 1:37 id uint3 (semantic SV_DispatchThreadID))\n    (block 1:63)))");
    CHECK(dump_of("float f(float x); float f(int x); void g(void);") ==
          "(tu\n  (function 1:7 f float (prototype)\n    (param 1:15 x float))\n"
          "  (function 1:25 f float (prototype)\n    (param 1:31 x int))\n  (function 1:40 g void (prototype)))");
    CHECK(dump_of("[earlydepthstencil] float4 ps(float4 p : SV_Position, Texture2D t, SamplerState s) : SV_Target { return t.Sample(s, p.xy); }")
              .find("(param 1:65 t Texture2D)") != std::string::npos);
    CHECK(dump_of("inline precise float f(float a[4]) { return a[0]; }") ==
          "(tu\n  (function 1:22 f float (mods precise inline)\n    (param 1:30 a float (dims (int 4 4)))\n"
          "    (block 1:36\n      (return 1:38 ([] a (int 0 0))))))");
}

TEST_CASE("member functions defined outside and operator overloads", "[parser][decl]") {
    CHECK(dump_of("struct S { float v; float f(); float4 operator+(S o); };\nfloat S::f() { return this.v; }") ==
          "(tu\n  (struct 1:8 S\n    (var 1:18 v float)\n    (function 1:27 f float (prototype))\n"
          "    (function 1:47 operator+ float4 (prototype)\n      (param 1:51 o S)))\n"
          "  (function 2:7 S::f float\n    (block 2:14\n      (return 2:16 (. this v)))))");
    CHECK(dump_of("struct V { bool operator==(V o); float operator[](uint i); V operator()(int a); };")
              .find("(function 1:25 operator== bool (prototype)") != std::string::npos);
    CHECK(dump_of("struct V { float operator[](uint i); };").find("operator[] float") != std::string::npos);
    CHECK(dump_of("struct V { V operator()(int a); };").find("operator() V") != std::string::npos);
}

TEST_CASE("typedef, using, namespace and enum", "[parser][decl]") {
    CHECK(dump_of("typedef float4 Color, Palette[4]; Color c; using Vec = vector<float, 3>; Vec v;") ==
          "(tu\n  (typedef 1:16 Color float4)\n  (typedef 1:23 Palette float4 (dims (int 4 4)))\n  (var 1:41 c Color)\n"
          "  (using 1:50 Vec vector<float, (int 3 3)>)\n  (var 1:78 v Vec))");
    CHECK(dump_of("namespace A { namespace B { float f() { return 1; } } static const int k = 2; }\n"
                  "void g() { float x = A::B::f() + A::k; }") ==
          "(tu\n  (namespace 1:11 A\n    (namespace 1:25 B\n      (function 1:35 f float\n        (block 1:39\n"
          "          (return 1:41 (int 1 1)))))\n    (var 1:72 k int (mods static const) (init (int 2 2))))\n"
          "  (function 2:6 g void\n    (block 2:10\n      (decl 2:12\n"
          "        (var 2:18 x float (init (+ (call A::B::f) A::k)))))))");
    CHECK(dump_of("enum Mode { A, B = 4, C, };\nenum class Kind : uint { X = 1 << 2 };") ==
          "(tu\n  (enum 1:6 Mode (A) (B (int 4 4)) (C))\n"
          "  (enum-class 2:12 Kind (underlying uint) (X (<< (int 1 1) (int 2 2)))))");
    CHECK(dump_of("namespace N { struct T { float a; }; } N::T t; void f() { N::T u = (N::T)0; }")
              .find("(var 1:64 u N::T (init (cast N::T (int 0 0))))") != std::string::npos);
}

TEST_CASE("templates: functions, structs, value parameters, defaults", "[parser][decl]") {
    CHECK(dump_of("template<typename T, uint N = 4> T sum(T v[N]) { return v[0]; }") ==
          "(tu\n  (function 1:36 sum T (template (typename T) (uint N = (int 4 4)))\n    (param 1:42 v T (dims N))\n"
          "    (block 1:48\n      (return 1:50 ([] v (int 0 0))))))");
    CHECK(dump_of("template<class T> struct Box { T value; }; Box<float> b; Box<Box<int>> bb;") ==
          "(tu\n  (struct 1:26 Box (template (typename T))\n    (var 1:34 value T))\n  (var 1:55 b Box<float>)\n"
          "  (var 1:72 bb Box<Box<int>>))");
    CHECK(dump_of("template<typename T> struct W { static T make() { T t = (T)0; return t; } };\n"
                  "void f() { W<float> w; float x = W<float>::make(); }")
              .find("(var 2:21 w W<float>)") != std::string::npos);
}

TEST_CASE("pragma pack_matrix is recorded on the declarations after it", "[parser][decl]") {
    CHECK(dump_of("float4x4 a;\n#pragma pack_matrix(row_major)\nfloat4x4 b;\n#pragma pack_matrix(column_major)\nfloat4x4 c;") ==
          "(tu\n  (var 1:10 a float4x4)\n  (var 3:10 b float4x4 (pragma row_major))\n"
          "  (var 5:10 c float4x4 (pragma column_major)))");
}

TEST_CASE("resource-typed locals and parameters", "[parser][decl]") {
    CHECK(dump_of("float4 f(Texture2D<float4> t, SamplerState s) { Texture2D<float4> l = t; return l.Sample(s, 0); }") ==
          "(tu\n  (function 1:8 f float4\n    (param 1:28 t Texture2D<float4>)\n    (param 1:44 s SamplerState)\n"
          "    (block 1:47\n      (decl 1:49\n        (var 1:67 l Texture2D<float4> (init t)))\n"
          "      (return 1:74 (call (. l Sample) s (int 0 0))))))");
}

TEST_CASE("several attributes in one double bracket and in a row", "[parser][decl]") {
    CHECK(dump_of("[[vk::binding(0, 1), vk::counter_binding(2)]] [[maybe_unused]] RWStructuredBuffer<uint> b;") ==
          "(tu\n  (var 1:89 b RWStructuredBuffer<uint> (attrs [[vk::binding (int 0 0) (int 1 1)]] "
          "[[vk::counter_binding (int 2 2)]] [[maybe_unused]])))");
    CHECK(dump_of("[shader(\"vertex\")] [[vk::location(0)]] float4 v() : SV_Position { return 0; }")
              .find("(attrs [shader \"vertex\"] [[vk::location (int 0 0)]])") != std::string::npos);
    CHECK(dump_of("void f([[vk::location(1)]] float2 uv : TEXCOORD0) {}")
              .find("(param 1:35 uv float2 (semantic TEXCOORD0) (attrs [[vk::location (int 1 1)]]))") !=
          std::string::npos);
}

TEST_CASE("arrays of many dimensions and unsized arrays", "[parser][decl]") {
    CHECK(dump_of("float a[2][3][4][5]; Texture2D t[]; static const int k[2][2] = { { 1, 2 }, { 3, 4 } };") ==
          "(tu\n  (var 1:7 a float (dims (int 2 2) (int 3 3) (int 4 4) (int 5 5)))\n  (var 1:32 t Texture2D (dims _))\n"
          "  (var 1:54 k int (mods static const) (dims (int 2 2) (int 2 2)) "
          "(init {{(int 1 1) (int 2 2)} {(int 3 3) (int 4 4)}})))");
}

TEST_CASE("unsigned int and unsigned are uint, as in DXC", "[parser][decl]") {
    CHECK(dump_of("static unsigned int a; unsigned b;") ==
          "(tu\n  (var 1:21 a uint (mods static))\n  (var 1:33 b uint))");
}

TEST_CASE("template specializations, variable templates and Name<args>::member", "[parser][decl]") {
    std::string s = dump_of("template<typename T> struct S { T v; };\n"
                            "template<typename T> struct S<vector<T, 4> > { T v; };\n"
                            "template<> struct S<int> { int v; };");
    CHECK(s.find("(struct 2:29 S (template (typename T)) (specializes <vector<T, (int 4 4)>>)") != std::string::npos);
    CHECK(s.find("(struct 3:19 S (template) (specializes <int>)") != std::string::npos);
    std::string f = dump_of("template<typename T> T f(T x) { return x; }\ntemplate<> int f<int>(int x) { return x; }");
    CHECK(f.find("(function 2:16 f int (template) (specializes <int>)") != std::string::npos);
    std::string v = dump_of("template<typename T> static const T Pi = T(3);\nstatic const float F = Pi<float>;");
    CHECK(v.find("(var 1:37 Pi T (mods static const) (template (typename T))") != std::string::npos);
    CHECK(v.find("Pi<float>") != std::string::npos);
    std::string m = dump_of("template<typename T> struct L { typedef T Type; static T k; };\n"
                            "L<float>::Type g = L<float>::k;");
    CHECK(m.find("(var 2:16 g L<float>::Type") != std::string::npos);
    CHECK(m.find("L<float>::k") != std::string::npos);
}

TEST_CASE("bit fields: a width after ':' that does not start with a name", "[parser][decl]") {
    CHECK(dump_of("struct S { uint a : 4, b : 2; int c : (3) : SV_Position; };") ==
          "(tu\n  (struct 1:8 S\n    (var 1:17 a uint (bits (int 4 4)))\n    (var 1:24 b uint (bits (int 2 2)))\n"
          "    (var 1:35 c int (bits (int 3 3)) (semantic SV_Position))))");
    // A name after ':' stays a semantic.
    // A name that an operator follows, and sizeof, start a width.
    CHECK(dump_of("struct U { uint n : N - 1; uint m : sizeof(uint); };") ==
          "(tu\n  (struct 1:8 U\n    (var 1:17 n uint (bits (- N (int 1 1))))\n"
          "    (var 1:33 m uint (bits (sizeof uint)))))");
    CHECK(dump_of("struct T { uint n : N; };") == "(tu\n  (struct 1:8 T\n    (var 1:17 n uint (semantic N))))");
}
