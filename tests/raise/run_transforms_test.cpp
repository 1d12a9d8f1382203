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

const char* kCalls = R"(%g0 = global private float4 ; f
%g1 = global output float4 builtin(position) ; pos

func @main() -> void {
bb0:
  %0 = load %g0 : float4
  %1 = intrinsic sign(%0) : int4
  %2 = intrinsic sqrt(%0) : float4
  store %g1, %2
  ret
}

entry vertex @main outputs(%g1)
)";

// Whether IdleTest finds every one of `names` idle on `m`.
bool idle_on(const ir::Module& m, std::span<const std::string_view> names) {
    IdleTest test(m);
    for (std::string_view n : names)
        if (!test.idle(n)) return false;
    return true;
}

TEST_CASE("IdleTest: polyfills of intrinsics the module does not call, and transforms that say they are idle",
          "[raise][runner]") {
    Module m(kCalls);
    constexpr std::string_view none[] = {"polyfill_log10", "polyfill_isfinite", "polyfill_rcp"};
    CHECK(idle_on(m.module, none));
    constexpr std::string_view sign[] = {"polyfill_log10", "polyfill_sign"};
    CHECK_FALSE(idle_on(m.module, sign));
    // merge_builtin_arrays says so itself: no clip or cull distance or sample mask here.
    constexpr std::string_view merge[] = {"merge_builtin_arrays"};
    CHECK(idle_on(m.module, merge));
    // A transform that cannot tell, and a name no transform has, are never idle.
    constexpr std::string_view split[] = {"split_stage_io"};
    CHECK_FALSE(idle_on(m.module, split));
    constexpr std::string_view unknown[] = {"no_such_transform"};
    CHECK_FALSE(idle_on(m.module, unknown));
    CHECK(idle_on(m.module, {}));

    Module clip(R"(%g0 = global output float2 builtin(clip_distance) ; c
%g1 = global output float4 builtin(position) ; pos

func @main() -> void {
bb0:
  store %g0, zero:float2
  store %g1, zero:float4
  ret
}

entry vertex @main outputs(%g0, %g1)
)");
    CHECK_FALSE(idle_on(clip.module, merge));
}

TEST_CASE("IdleTest: two lists alike but for transforms idle on the module", "[raise][runner]") {
    Module m(kCalls);
    constexpr std::string_view a[] = {"split_matrix_calls", "polyfill_sign", "polyfill_log10", "split_stage_io",
                                      "merge_builtin_arrays", "place_interlock", "polyfill_bitfields"};
    constexpr std::string_view b[] = {"refuse_per_vertex_inputs", "split_matrix_calls", "polyfill_rcp",
                                      "polyfill_sign", "split_stage_io", "polyfill_wide_bitfields"};
    IdleTest test(m.module);
    const std::uint64_t in_a = test.active(a), in_b = test.active(b);
    CHECK(in_a == 0b1011);  // split_matrix_calls, polyfill_sign, split_stage_io
    CHECK(in_b == 0b11010);
    CHECK(IdleTest::same_active(a, in_a, b, in_b));  // the same module from either list
    CHECK(IdleTest::same_active(b, in_b, a, in_a));
    constexpr std::string_view swapped[] = {"polyfill_sign", "split_matrix_calls", "split_stage_io"};
    CHECK_FALSE(IdleTest::same_active(a, in_a, swapped, test.active(swapped)));  // another order
    constexpr std::string_view shorter[] = {"split_matrix_calls", "polyfill_sign"};
    CHECK_FALSE(IdleTest::same_active(a, in_a, shorter, test.active(shorter)));
    CHECK_FALSE(IdleTest::same_active(shorter, test.active(shorter), a, in_a));
    constexpr std::string_view unknown[] = {"split_matrix_calls", "polyfill_sign", "split_stage_io", "no_such_transform"};
    CHECK(test.active(unknown) == 0b1111);
    CHECK_FALSE(IdleTest::same_active(a, in_a, unknown, test.active(unknown)));
    constexpr std::string_view idle_only[] = {"polyfill_log10", "merge_builtin_arrays"};
    CHECK(test.active(idle_only) == 0);
    CHECK(IdleTest::same_active(idle_only, 0, {}, 0));
    CHECK((test.idle(idle_only[0]) && test.idle(idle_only[1])));
    CHECK_FALSE(test.idle("polyfill_sign"));
}

}  // namespace
}  // namespace oneshader::raise::test
