// The raise runner and table: names, order, printing after a transform, verification, refusals.
#include "raise_fixture.hpp"
#include "raised_ir.hpp"

namespace oneshader::raise::test {
namespace {

const char* kSplit = R"(%g0 = global input float4[2] location(0) ; w
%g1 = global output float4 builtin(position) ; pos

func @main() -> void {
bb0:
  %0 = access %g0, 1:int : ptr<input, float4>
  %1 = load %0 : float4
  store %g1, %1
  ret
}

entry vertex @main inputs(%g0) outputs(%g1)
)";

struct Module {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    explicit Module(std::string_view text) {
        REQUIRE(ir::parse_module(text, module, interner).empty());
        REQUIRE(ir::verify(module) == std::vector<std::string>{});
    }
};

TEST_CASE("every raise transform has a unique name and is found by it", "[raise][runner]") {
    std::vector<std::string_view> names;
    for (const TransformInfo& t : transform_table()) {
        CHECK(std::find(names.begin(), names.end(), t.name) == names.end());
        names.push_back(t.name);
        CHECK(find_transform(t.name) == &t);
    }
    CHECK(find_transform("no_such_transform") == nullptr);
}

TEST_CASE("run_transforms prints after the named transform only, verified", "[raise][runner]") {
    Module m(kSplit);
    RunOptions o;
    o.verify_each = true;
    o.print_after = "split_stage_io";
    constexpr std::string_view list[] = {"split_stage_io", "merge_builtin_arrays"};
    RunResult r = run_transforms(m.module, list, o);
    REQUIRE(r.ok);
    CHECK(r.printed.rfind("; after split_stage_io\n", 0) == 0);
    CHECK(r.printed.find("%g1 = global input float4 location(1) ; w_1") != std::string::npos);
    CHECK(r.printed.find("; after merge_builtin_arrays") == std::string::npos);
}

TEST_CASE("run_transforms stops at a refusal and names the transform", "[raise][runner]") {
    Module m(test_ir::kDynamicStageIndex);
    constexpr std::string_view list[] = {"split_stage_io", "merge_builtin_arrays"};
    RunResult r = run_transforms(m.module, list, {});
    CHECK_FALSE(r.ok);
    CHECK(r.failed == "split_stage_io");
    CHECK(r.refusal == "a dynamic index into a stage-variable array or matrix");
}

TEST_CASE("run_transforms refuses a name it does not know", "[raise][runner]") {
    Module m(kSplit);
    constexpr std::string_view list[] = {"no_such_transform"};
    RunResult r = run_transforms(m.module, list, {});
    CHECK_FALSE(r.ok);
    CHECK(r.failed == "no_such_transform");
    CHECK(r.problems == "no raise transform has this name");
}

}  // namespace
}  // namespace oneshader::raise::test
