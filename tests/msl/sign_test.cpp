// HLSL's sign() on floats, signed and unsigned integers, scalars and vectors: Metal's sign() takes
// floats only, so integers compare; every form answers in int, as HLSL's does. Run on the CPU.
#include <catch2/catch.hpp>

#include <string>

#include "msl_clang.hpp"
#include "msl_source.hpp"
#include "oneshader/oneshader.hpp"

namespace {

const char* kKernel = R"(
StructuredBuffer<float4> F : register(t0);
StructuredBuffer<int4> I : register(t1);
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)] void CSMain() {
    float4 f = F[0];
    int4 i = I[0];
    uint u = asuint(i.w);
    int3 fs = sign(f.xyz);
    int3 is = sign(i.xyz);
    Out[0] = sign(f.w);
    Out[1] = fs.x; Out[2] = fs.y; Out[3] = fs.z;
    Out[4] = is.x; Out[5] = is.y; Out[6] = is.z;
    Out[7] = sign(i.w);
    Out[8] = sign(u);
    Out[9] = sign(u - u);
    Out[10] = sign(half(f.x));
}
)";

}  // namespace

TEST_CASE("MSL sign() of floats, ints and uints answers in int as HLSL's does", "[msl][exec]") {
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        oneshader::CompileOptions o;
        o.targets = {oneshader::Target::Msl};
        o.entry_points = {{"CSMain", oneshader::Stage::Compute}};
        o.optimize = optimize;
        o.verify_ir = true;
        oneshader::CompileResult r = oneshader::compile(kKernel, "sign.hlsl", o);
        std::string diags;
        for (const auto& d : r.diagnostics) diags += d.to_string() + "\n";
        INFO(diags);
        REQUIRE(r.ok());
        const oneshader::ShaderBlob* b = r.find("CSMain", oneshader::Target::Msl);
        REQUIRE(b);
        std::string text(b->as_text());
        INFO(text);
        CHECK(msl_test::lint(text).empty());
        msl_test::ClangRun check = msl_test::type_check(text);
        INFO(check.output);
        REQUIRE(check.status == 0);
        msl_test::ClangRun run = msl_test::run_kernel(text,
                                                      "grid 1 1 1\ngroup 1 1 1\n"
                                                      "buffer 0 float -2.5 0 7 -0\n"
                                                      "buffer 1 int -9 0 4 -1\n"
                                                      "buffer 2 int 0 0 0 0 0 0 0 0 0 0 0\n");
        INFO(run.output);
        REQUIRE(run.status == 0);
        // sign(-0.0) is 0; sign(uint) is 1 for any non-zero value (asuint(-1) here), 0 for zero.
        CHECK(run.output.find("buffer 2 int 0 -1 0 1 -1 0 1 -1 1 0 -1\n") != std::string::npos);
    }
}
