// The driver's answer to a failing optimizer pass: warning OSH6001, and the program lowered again
// and left unoptimized (the optimizer does not restore the module itself in a compile).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "driver/codegen.hpp"
#include "driver/front_end.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "support/context.hpp"

namespace oneshader::driver {
namespace {

constexpr const char* kShader = R"(
float Scale(float x, float k) { float r = x * k; return r + 0.0; }

[shader("pixel")]
float4 PSMain(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
    float a = Scale(uv.x, 2.0);
    float b = Scale(uv.y, 2.0);
    return float4(a, b, a * 1.0, 1.0);
}
)";

struct Lowered {
    std::string dump;                    // empty when lowering failed
    std::vector<support::DiagCode> codes;
    std::vector<std::string> problems;   // what the verifier says of the result
};

Lowered lower(bool optimize, const std::string& fail_pass) {
    support::CompileContext ctx;
    support::FileId main = ctx.sources.add("fallback.hlsl", kShader);
    CompileOptions options;
    std::unique_ptr<FrontEnd> fe = run_front_end(ctx, main, options, true);
    Lowered out;
    if (fe->program) {
        opt::Options oo;
        oo.verify_each_pass = true;
        oo.fail_pass_for_testing = fail_pass;
        std::unique_ptr<ir::Module> m = lower_and_optimize(ctx, *fe, optimize, oo);
        if (m) {
            out.dump = ir::print_module(*m);
            out.problems = ir::verify(*m);
        }
    }
    for (const support::Diag& d : ctx.diags.diagnostics()) out.codes.push_back(d.code);
    return out;
}

TEST_CASE("driver: a failing optimizer pass gives OSH6001 and the unoptimized program", "[driver][opt]") {
    const Lowered unoptimized = lower(false, "");
    const Lowered optimized = lower(true, "");
    REQUIRE(!unoptimized.dump.empty());
    REQUIRE(unoptimized.codes.empty());
    REQUIRE(optimized.codes.empty());
    REQUIRE(optimized.dump != unoptimized.dump);  // the optimizer does change this shader

    for (const char* pass : {"inline", "mem2reg", "combine", "simplify_cfg"}) {
        INFO("failing pass: " << pass);
        const Lowered failed = lower(true, pass);
        CHECK(failed.codes == std::vector<support::DiagCode>{support::DiagCode::opt_pass_failed});
        CHECK(failed.problems.empty());
        CHECK(failed.dump == unoptimized.dump);
    }
}

}  // namespace
}  // namespace oneshader::driver
