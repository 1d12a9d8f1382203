// The pass table and the pass manager: order constraints, verification, printing, fallback.
#include "opt_fixture.hpp"
#include "opt/passes.hpp"
#include "support/diagnostics.hpp"

namespace oneshader::opt::test {
namespace {

const char* kLoop = R"(func @f(%arg0: int) -> int {
bb0:
  %0 = alloca : ptr<function, int> ; sum
  store %0, 0:int
  br bb1
bb1: ; loop merge=bb4 continue=bb3
  br bb2
bb2:
  %1 = load %0 : int
  %2 = lt %1, %arg0 : bool
  cond_br %2, bb3, bb4
bb3:
  %3 = add %1, 2:int : int
  store %0, %3
  br bb1
bb4:
  %4 = load %0 : int
  ret %4
}
)";

// An add of an int and a float: the verifier rejects it.
const char* kIllTyped = R"(func @f() -> int {
bb0:
  %0 = add 1:int, 2.0:float : int
  ret %0
}
)";

TEST_CASE("the pass table keeps its ordering constraints", "[opt][manager]") {
    CHECK(pass_table_problems() == std::vector<std::string>{});
    std::vector<std::string_view> names = pass_names();
    CHECK(names == std::vector<std::string_view>{"inline", "sroa", "mem2reg", "combine", "cse", "dce", "simplify_cfg"});
}

TEST_CASE("print_after dumps the module after each run of the named pass", "[opt][manager]") {
    IrFixture f;
    f.parse(kLoop);
    Options o;
    o.verify_each_pass = true;
    o.print_after = "mem2reg";
    OptimizeResult r = optimize(f.module, o);
    REQUIRE(r.ok);
    CHECK(r.printed.rfind("; after mem2reg @f\nfunc @f", 0) == 0);
    CHECK(r.printed.find("phi [0:int, bb0]") != std::string::npos);
    CHECK(r.rounds >= 2);
}

TEST_CASE("a failing pass restores the unoptimized module", "[opt][manager]") {
    IrFixture f;
    f.parse(kLoop);
    std::string before = ir::print_module(f.module);
    Options o;
    o.verify_each_pass = true;
    o.fail_pass_for_testing = "combine";
    OptimizeResult r = optimize(f.module, o);
    CHECK_FALSE(r.ok);
    CHECK(r.failed_pass == "combine");
    CHECK(r.message == "@f: failure injected for testing");
    CHECK(ir::print_module(f.module) == before);
    CHECK(ir::verify(f.module) == std::vector<std::string>{});
}

TEST_CASE("a failing pass gives warning OSH6001 and the compile goes on", "[opt][manager]") {
    IrFixture f;
    f.parse(kLoop);
    std::string before = ir::print_module(f.module);
    support::SourceManager sm;
    support::DiagnosticEngine diags(sm);
    Options o;
    o.fail_pass_for_testing = "inline";
    CHECK_FALSE(optimize_or_fall_back(f.module, o, diags));
    REQUIRE(diags.diagnostics().size() == 1);
    CHECK(diags.diagnostics()[0].code == support::DiagCode::opt_pass_failed);
    CHECK(diags.diagnostics()[0].severity == support::DiagSeverity::Warning);
    CHECK_FALSE(diags.has_errors());
    CHECK(ir::print_module(f.module) == before);
    o.fail_pass_for_testing.clear();
    CHECK(optimize_or_fall_back(f.module, o, diags));
    CHECK(diags.diagnostics().size() == 1);
}

TEST_CASE("an input the verifier rejects fails as the input, untouched", "[opt][manager]") {
    IrFixture f;
    f.parse(kIllTyped);
    std::string before = ir::print_module(f.module);
    Options o;
    o.verify_each_pass = true;
    OptimizeResult r = optimize(f.module, o);
    CHECK_FALSE(r.ok);
    CHECK(r.failed_pass == "input");
    CHECK(ir::print_module(f.module) == before);
}

TEST_CASE("with verification on, a module the verifier rejects is error OSH7000, not a fallback", "[opt][manager]") {
    IrFixture f;
    f.parse(kIllTyped);
    support::SourceManager sm;
    support::DiagnosticEngine diags(sm);
    Options o;
    o.verify_each_pass = true;
    CHECK_FALSE(optimize_or_fall_back(f.module, o, diags));
    REQUIRE(diags.diagnostics().size() == 1);
    CHECK(diags.diagnostics()[0].code == support::DiagCode::internal_error);
    CHECK(diags.diagnostics()[0].message.find("given to the optimizer does not verify") != std::string::npos);
    CHECK(diags.has_errors());
}

TEST_CASE("run_pass runs one pass by name and refuses unknown names", "[opt][manager]") {
    IrFixture f;
    f.parse(kLoop);
    OptimizeResult r = run_pass(f.module, "no_such_pass");
    CHECK_FALSE(r.ok);
    CHECK(r.message == "no pass has this name");
    CHECK(run_pass(f.module, "mem2reg").ok);
    CHECK(ir::print_module(f.module).find("alloca") == std::string::npos);
}

TEST_CASE("the growth cap leaves calls that would make the caller too big", "[opt][manager][inline]") {
    const char* text = R"(func @g(%arg0: int) -> int {
bb0:
  %0 = mul %arg0, %arg0 : int
  ret %0
}

func @f(%arg0: int) -> int {
bb0:
  %0 = call @g(%arg0) : int
  %1 = call @g(%0) : int
  ret %1
}
)";
    IrFixture f;
    f.parse(text);
    Options o;
    o.verify_each_pass = true;
    o.inline_growth_limit = 6;  // room for one copy of @g, not two
    REQUIRE(run_pass(f.module, "inline", o).ok);
    std::string out = ir::print_module(f.module);
    CHECK(out.find("call @g(%arg0)") == std::string::npos);
    CHECK(out.find("call @g(") != std::string::npos);
}

}  // namespace
}  // namespace oneshader::opt::test
