// Template specializations, variable templates, static members of struct templates through
// `Name<args>::member`, and member operator overloads compiled end to end: SPIR-V that the
// validator accepts (Vulkan 1.2, optimized and not), the specialized bodies in the IR, and MSL and
// WGSL output for the same source (instances are plain structs, functions and globals).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

namespace {

const char* kShader = R"(
RWStructuredBuffer<float4> Out : register(u0);

template<typename T, uint N> struct Storage { T v[N]; T First() { return v[0]; } static const uint Kind = 0; };
template<typename T> struct Storage<T, 1> { T v; T First() { return v; } static const uint Kind = 1; };
template<> struct Storage<float, 2> { float2 v; float First() { return v.y; } static const uint Kind = 2; };

template<typename T> struct Traits { static const uint Size = 0; };
template<> struct Traits<float> { static const uint Size = 4; typedef float Scalar; };
template<typename T, uint N> struct Traits<vector<T, N> > { static const uint Size = N * Traits<T>::Size; typedef T Scalar; };

template<typename T> T Twice(T x) { return x * 2; }
template<> float Twice(float x) { return x * 4.5; }

template<typename T> static const T Pi = T(3.14159265);
template<> static const int Pi<int> = 3;

template<typename T> struct Limits {
    static const T Max = T(100);
    static T Clamp(T x) { return min(x, Max); }
    typedef T Type;
};

typedef struct { float a; uint b; } Plain;
namespace Outer::Inner { static const float Bias = 0.25; }

struct Num {
    float v;
    Num operator+(Num o) { Num r; r.v = v + o.v; return r; }
    Num operator-() { Num r; r.v = -v; return r; }
    float operator[](uint i) { return v * i; }
    bool operator<(Num o) { return v < o.v; }
};

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Storage<int, 4> a; a.v[0] = (int)id.x; a.v[1] = 0; a.v[2] = 0; a.v[3] = 0;
    Storage<float, 1> b; b.v = (float)id.x;
    Storage<float, 2> c; c.v = float2(1, id.y);
    Limits<float>::Type f = Limits<float>::Clamp((float)id.x * 50.0);
    Plain p; p.a = Outer::Inner::Bias; p.b = id.x;
    Num n; n.v = b.v; Num m = -(n + n);
    float4 r;
    r.x = a.First() + b.First() + c.First() + m[2];
    r.y = Storage<int, 4>::Kind * 100 + Storage<float, 1>::Kind * 10 + Storage<float, 2>::Kind;
    r.z = Traits<float3>::Size + (m < n ? 1.0 : 0.0);
    r.w = Twice((int)id.x) + Twice(b.v) + Pi<float> + Pi<int> + f + Limits<int>::Max + p.a + p.b;
    Traits<float4>::Scalar s = Pi<half>;
    Out[id.x] = r + s;
}
)";

CompileOptions options_for(oneshader::Target target, bool optimize) {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Compute}};
    o.targets = {target};
    o.verify_ir = true;
    o.optimize = optimize;
    return o;
}

}  // namespace

TEST_CASE("templates: specializations, variable templates and Name<args>::member give valid SPIR-V",
          "[driver][templates]") {
    for (bool optimize : {false, true}) {
        oneshader::CompileResult r =
            oneshader::compile(kShader, "templates.hlsl", options_for(oneshader::Target::SpirV, optimize));
        INFO(diagnostics_of(r) << (optimize ? " (optimized)" : " (unoptimized)"));
        REQUIRE(r.ok());
        CHECK(r.diagnostics.empty());
        const oneshader::ShaderBlob* blob = r.find("main", oneshader::Target::SpirV);
        REQUIRE(blob != nullptr);
        std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
        INFO(spirv_tools::disassemble(words));
        CHECK(spirv_tools::validate(words) == "");
    }
}

TEST_CASE("templates: each instance is made from the specialization that matches it", "[driver][templates]") {
    oneshader::IrDumpResult ir =
        oneshader::dump_ir(kShader, "templates.hlsl", options_for(oneshader::Target::SpirV, false));
    INFO(ir.text);
    REQUIRE(ir.ok());
    // The explicit specialization's body for float (4.5), the template's for int (2).
    CHECK(ir.text.find("4.5") != std::string::npos);
    // Instances and the variable template's globals are named with their arguments.
    CHECK(ir.text.find("Storage<float, 1>") != std::string::npos);
    CHECK(ir.text.find("Storage<float, 2>") != std::string::npos);
    CHECK(ir.text.find("Pi<float>") != std::string::npos);
}

TEST_CASE("templates: MSL and WGSL take the same source", "[driver][templates]") {
    for (oneshader::Target target : {oneshader::Target::Msl, oneshader::Target::Wgsl}) {
        oneshader::CompileResult r = oneshader::compile(kShader, "templates.hlsl", options_for(target, true));
        INFO(diagnostics_of(r));
        CHECK(r.ok());
        CHECK(r.find("main", target) != nullptr);
    }
}
