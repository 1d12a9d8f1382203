// A raise transform's refusal carries the location of the use it stopped at, and
// raise::report_failure reports the backend's diagnostic there (the line of use).
#include "raise_fixture.hpp"
#include "raise/report.hpp"

namespace oneshader::raise::test {
namespace {

// The dynamic index `w[k]` of the source below: offset 65, line 2, column 12.
const char* kDynamicIndexAt = R"(%g0 = global input float4[2] location(0) ; weights
%g1 = global input int location(2) interp(nointerpolation) ; which
%g2 = global output float4 location(0) ; color

func @main() -> void {
bb0:
  %0 = load %g1 : int !loc(1:67)
  %1 = access %g0, %0 : ptr<input, float4> !loc(1:65)
  %2 = load %1 : float4 !loc(1:65)
  store %g2, %2 !loc(1:58)
  ret !loc(1:58)
}

entry pixel @main inputs(%g0, %g1) outputs(%g2)
)";

const char* kSource = "float4 main(float4 w[2] : W, int k : K) : SV_Target {\n"
                      "    return w[k];\n"
                      "}\n";

}  // namespace

TEST_CASE("a refusal is reported at the use it stopped at", "[raise][refusal][locations]") {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    REQUIRE(ir::parse_module(kDynamicIndexAt, module, interner).empty());
    constexpr std::string_view list[] = {"split_stage_io"};
    RunResult r = run_transforms(module, list, {});
    REQUIRE_FALSE(r.ok);
    CHECK(r.refusal_at == support::SourceLoc{1, 65});

    support::SourceManager sources;
    sources.add("t.hlsl", kSource);
    support::DiagnosticEngine diags(sources);
    report_failure(r, diags, support::DiagCode::wgsl_not_expressible, "WGSL: " + r.refusal + " is not supported");
    REQUIRE(diags.diagnostics().size() == 1);
    CHECK(diags.format(diags.diagnostics()[0]) ==
          "t.hlsl(2,12): error OSH5202: WGSL: a dynamic index into a stage-variable array or matrix is not supported");
}

}  // namespace oneshader::raise::test
