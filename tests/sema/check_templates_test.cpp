// Template specialization (explicit and partial, with clang's choice of the most specialized),
// explicit specialization of function templates, variable templates, static members of struct
// templates reached as `Name<args>::member`, and the operator overloads DXC refuses. Values are
// checked at compile time: `typedef int CheckN[cond ? 1 : 0];` is an error unless `cond` holds.
#include "check_fixture.hpp"

using namespace check_test;

namespace {

const char* kCs = "[shader(\"compute\")] [numthreads(1, 1, 1)] void CS() {}\n";

std::string with_cs(std::string_view src) { return std::string(src) + kCs; }

}  // namespace

TEST_CASE("check templates: explicit and partial specialization of struct templates") {
    std::string src = R"(
template<typename T, uint N> struct Storage { T v[N]; static const uint Kind = 0; };
template<typename T> struct Storage<T, 1> { T v; static const uint Kind = 1; };
template<> struct Storage<float, 2> { float2 v; static const uint Kind = 2; };
typedef int Check1[Storage<int, 4>::Kind == 0 ? 1 : 0];
typedef int Check2[Storage<int, 1>::Kind == 1 ? 1 : 0];
typedef int Check3[Storage<float, 2>::Kind == 2 ? 1 : 0];
typedef int Check4[Storage<int, 2>::Kind == 0 ? 1 : 0];
typedef int Check5[sizeof(Storage<float, 1>) == 4 ? 1 : 0];
typedef int Check6[sizeof(Storage<float, 2>) == 8 ? 1 : 0];

template<typename T> struct Traits { static const uint Size = 0; };
template<> struct Traits<float> { static const uint Size = 4; typedef float Scalar; };
template<typename T, uint N> struct Traits<vector<T, N> > { static const uint Size = N * Traits<T>::Size; typedef T Scalar; };
typedef int Check7[Traits<float3>::Size == 12 ? 1 : 0];
typedef int Check8[Traits<int3>::Size == 0 ? 1 : 0];
Traits<float4>::Scalar S;

template<typename T> struct Box { T v; };
template<typename T> struct Unbox { static const uint Depth = 0; };
template<typename T> struct Unbox<Box<T> > { static const uint Depth = 1 + Unbox<T>::Depth; };
typedef int Check9[Unbox<Box<Box<float> > >::Depth == 2 ? 1 : 0];

template<uint N> struct Fixed { static const uint Which = 0; };
template<> struct Fixed<Traits<float2>::Size> { static const uint Which = 1; };
typedef int Check10[Fixed<8>::Which == 1 ? 1 : 0];
template<typename T, uint N = 3> struct Def { static const uint Which = 0; };
template<> struct Def<float> { static const uint Which = 1; };
typedef int Check12[Def<float>::Which == 1 ? 1 : 0];
typedef int Check13[Def<float, 3>::Which == 1 ? 1 : 0];
typedef int Check14[Def<float, 4>::Which == 0 ? 1 : 0];
typedef int Check11[Fixed<Traits<float>::Size>::Which == 0 ? 1 : 0];
)";
    auto c = check_text(with_cs(src));
    INFO(c->messages());
    CHECK(c->diags().empty());
}

TEST_CASE("check templates: the most specialized partial specialization wins, as clang picks it") {
    std::string src = R"(
template<typename T, typename U> struct Pick { static const uint Which = 0; };
template<typename T, typename U> struct Pick<T, vector<U, 4> > { static const uint Which = 1; };
template<typename T> struct Pick<T, float4> { static const uint Which = 2; };
template<typename T> struct Pick<T, T> { static const uint Which = 3; };
template<> struct Pick<float4, float4> { static const uint Which = 4; };
typedef int Check1[Pick<int, uint> ::Which == 0 ? 1 : 0];
typedef int Check2[Pick<int, uint4>::Which == 1 ? 1 : 0];
typedef int Check3[Pick<int, float4>::Which == 2 ? 1 : 0];
typedef int Check4[Pick<int, int>::Which == 3 ? 1 : 0];
typedef int Check5[Pick<float4, float4>::Which == 4 ? 1 : 0];
template<typename T> using Vec4 = vector<T, 4>;
typedef int Check6[Pick<int, Vec4<uint> >::Which == 1 ? 1 : 0];
typedef int Check7[Pick<Vec4<float>, Vec4<float> >::Which == 4 ? 1 : 0];
)";
    auto c = check_text(with_cs(src));
    INFO(c->messages());
    CHECK(c->diags().empty());
    // uint4 with uint4 matches <T, vector<U, 4>> and <T, T>, and neither covers the other.
    std::string ambiguous = R"(
template<typename T, typename U> struct Pick { static const uint Which = 0; };
template<typename T, typename U> struct Pick<T, vector<U, 4> > { static const uint Which = 1; };
template<typename T> struct Pick<T, T> { static const uint Which = 3; };
static const uint W = Pick<uint4, uint4>::Which;
)";
    auto a = check_text(with_cs(ambiguous));
    CHECK(a->diags() == V{"OSH0325 5:23"});
    CHECK(a->messages().find("match 2 partial specializations") != std::string::npos);
}

TEST_CASE("check templates: specialization errors") {
    // No primary template.
    CHECK(diags_of(with_cs("template<> struct Nope<int> { int v; };\n")) == V{"OSH0325 1:19"});
    // A parameter the patterns never use.
    CHECK(diags_of(with_cs("template<typename T, typename U> struct P { T v; };\n"
                           "template<typename T, typename U> struct P<T, int> { T v; };\n")) == V{"OSH0325 2:31"});
    // Without template<...>.
    CHECK(diags_of(with_cs("template<typename T> struct P { T v; };\nstruct P<int> { int v; };\n")) ==
          V{"OSH0209 2:9"});
    // Fewer arguments than parameters, one of them without a default.
    CHECK(diags_of(with_cs("template<typename T, typename U> struct P { T v; };\n"
                           "template<> struct P<int> { int v; };\n")) == V{"OSH0325 2:19"});
    // An alias template around a parameter in a pattern.
    CHECK(diags_of(with_cs("template<typename T> using Vec4 = vector<T, 4>;\n"
                           "template<typename T> struct P { T v; };\n"
                           "template<typename T> struct P<Vec4<T> > { T v; };\n")) == V{"OSH0325 3:31"});
    // A specialization after an instance it would have made (clang's "after instantiation").
    CHECK(diags_of(with_cs("template<typename T> struct P { T v; };\nP<int> a;\n"
                           "template<typename T> struct P<vector<T, 2> > { T v; };\nP<int2> b;\n"
                           "template<> struct P<int> { int w; };\n")) == V{"OSH0325 5:19"});
    CHECK(diags_of(with_cs("template<typename T> T f(T x) { return x; }\nstatic const int A = f(1);\n"
                           "template<> int f(int x) { return 2; }\n")) == V{"OSH0325 3:16"});
    CHECK(diags_of(with_cs("template<typename T> static const T K = 1;\nstatic const int A = K<int>;\n"
                           "template<> static const int K<int> = 2;\n")) == V{"OSH0325 3:29"});
    // A use with a non-default trailing argument does not come before a specialization that omits it.
    CHECK(diags_of(with_cs("template<typename T, uint N = 3> struct D { T v; };\nD<int, 4> a;\n"
                           "template<> struct D<int> { int w; };\n")) == V{});
    // The same specialization twice.
    CHECK(diags_of(with_cs("template<typename T, typename U> struct P { T v; };\n"
                           "template<typename T> struct P<T, T> { T v; };\n"
                           "template<typename T> struct P<T, T> { T w; };\n")) == V{"OSH0302 3:29"});
    // Declared, never defined, no specialization for these arguments.
    CHECK(diags_of(with_cs("template<typename T> struct P;\ntemplate<> struct P<int> { int v; };\n"
                           "P<int> a; P<float> b;\n")) == V{"OSH0340 3:11"});
}

TEST_CASE("check templates: explicit specialization of function templates") {
    std::string src = R"(
template<typename T> T Twice(T x) { return x * 2; }
template<> int Twice<int>(int x) { return x + x + 1; }
template<> float Twice(float x) { return x * 4; }
[shader("compute")] [numthreads(1, 1, 1)] void CS() { int a = Twice(1); float b = Twice(1.0f); uint c = Twice(1u); }
)";
    auto c = check_text(src);
    INFO(c->messages());
    CHECK(c->diags().empty());
    CHECK(diags_of(with_cs("template<> int Nope<int>(int x) { return x; }\n")) == V{"OSH0325 1:16"});
    CHECK(diags_of(with_cs("template<typename T> T Twice(T x) { return x; }\n"
                           "template<> int Twice<int>(int x) { return x; }\n"
                           "template<> int Twice(int x) { return x; }\n")) == V{"OSH0302 3:16"});
}

TEST_CASE("check templates: variable templates") {
    std::string src = R"(
template<typename T> static const T Pi = T(3.14159265);
template<> static const int Pi<int> = 3;
template<uint N> static const uint Squared = N * N;
typedef int Check1[Pi<int> == 3 ? 1 : 0];
typedef int Check2[Squared<5> == 25 ? 1 : 0];
[shader("compute")] [numthreads(1, 1, 1)] void CS() { float p = Pi<float>; half h = Pi<half>; int i = Pi<int>; }
)";
    auto c = check_text(src);
    INFO(c->messages());
    CHECK(c->diags().empty());
    bool named = false;
    for (const Function* f : c->program->functions)
        for (const Variable* v : f->globals_used) named = named || v->name.str() == "Pi<float>";
    CHECK(named);
    CHECK(diags_of(with_cs("template<typename T> T Uniform;\n")) == V{"OSH0350 1:24"});
    CHECK(diags_of(with_cs("template<typename T> static const T K = 1;\nstatic const float F = K;\n")) ==
          V{"OSH0325 2:24"});
    CHECK(diags_of(with_cs("template<> static const int Nope<int> = 3;\n")) == V{"OSH0325 1:29"});
}

TEST_CASE("check templates: static members and Name<args>::member") {
    std::string src = R"(
template<typename T> struct Limits {
    static const T Max = T(100);
    static T Clamp(T x) { return min(x, Max); }
    typedef T Type;
    struct Inner { T v; static const uint K = 7; };
};
typedef int Check1[Limits<int>::Max == 100 ? 1 : 0];
typedef int Check2[Limits<float>::Inner::K == 7 ? 1 : 0];
[shader("compute")] [numthreads(1, 1, 1)] void CS() {
    Limits<float>::Type f = Limits<float>::Clamp(150.0);
    Limits<int>::Inner inner;
    inner.v = Limits<int>::Max;
    float g = (Limits<float>::Type)inner.v;
}
)";
    auto c = check_text(src);
    INFO(c->messages());
    CHECK(c->diags().empty());
}

TEST_CASE("check templates: typedef'd unnamed structs and nested namespaces") {
    std::string src = R"(
typedef struct { float a; int b; } Pair;
struct { float4 c; } Anon;
namespace A::B { static const uint K = 3; struct S { uint v; }; }
typedef int Check1[A::B::K == 3 ? 1 : 0];
[shader("compute")] [numthreads(1, 1, 1)] void CS() { Pair p; p.a = 1; p.b = 2; A::B::S s; s.v = A::B::K; }
)";
    auto c = check_text(src);
    INFO(c->messages());
    CHECK(c->diags().empty());
}

TEST_CASE("check templates: the operator overloads DXC refuses stay refused") {
    for (const char* op : {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "<<", ">>", "++", "--"}) {
        std::string src = fmt::format("struct S {{ float f; S operator{}(S o) {{ return o; }} }};\n", op);
        auto c = check_text(with_cs(src));
        INFO(op);
        CHECK(c->codes() == V{"OSH0309"});
        CHECK(c->messages().find("DXC refuses it too") != std::string::npos);
    }
    auto non_member = check_text(with_cs("struct S { float f; };\nS operator+(S a, S b) { return a; }\n"));
    CHECK(non_member->codes() == V{"OSH0309"});
    CHECK(non_member->messages().find("DXC refuses non-member operators too") != std::string::npos);
    // What DXC accepts: binary, comparison, logical, unary, [] and ().
    std::string ok = R"(
struct N {
    float v;
    N operator+(N o) { N r; r.v = v + o.v; return r; }
    bool operator<(N o) { return v < o.v; }
    bool operator&&(N o) { return v != 0 && o.v != 0; }
    N operator-() { N r; r.v = -v; return r; }
    bool operator!() { return v == 0; }
    float operator[](uint i) { return v * i; }
    float operator()(float x, float y) { return v * x + y; }
};
[shader("compute")] [numthreads(1, 1, 1)] void CS() {
    N a; a.v = 1; N b; b.v = 2;
    N c = -(a + b);
    bool t = a < b && !c && (a && b);
    N list[2] = {a, b};
    float f = c[2] + a(3, 4) + list[1](5, 6);
}
)";
    auto c = check_text(ok);
    INFO(c->messages());
    CHECK(c->diags().empty());
}

TEST_CASE("check templates: members of explicit specializations defined outside the struct") {
    std::string src = R"(
template<typename T> struct St { T v; };
template<> struct St<float> { float v; float Get(); };
float St<float>::Get() { return v * 2; }
[shader("compute")] [numthreads(1, 1, 1)] void CS() { St<float> s; s.v = 1; float g = s.Get(); }
)";
    auto c = check_text(src);
    INFO(c->messages());
    CHECK(c->diags().empty());
    // A templated out-of-line member definition is refused, not taken for a free function.
    CHECK(diags_of(with_cs("template<typename T> struct Pr { T v; T Get(); };\n"
                           "template<typename T> T Pr<T>::Get() { return v; }\n")) == V{"OSH0350 2:24"});
}
