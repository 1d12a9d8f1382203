// split_matrix_calls: component-wise intrinsics on matrices become one call per row.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"
#include "ir/printer.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "raise/polyfills.hpp"
#include "support/arena.hpp"
#include "support/interner.hpp"
#include "types/types.hpp"

namespace oneshader::raise::test {
namespace {

// Runs the transform on a compute entry point with `body`, which may read %g0 (a float2x3), and
// returns the body as printed after checking that it verifies.
std::string run(std::string_view body) {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    std::string text = "%g0 = global private float2x3 ; m\n%g1 = global private float ; f\n\nfunc @main() -> void {\nbb0:\n" +
                       std::string(body) + "  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
    INFO(text);
    std::vector<std::string> errors;
    for (const ir::ParseError& e : ir::parse_module(text, module, interner)) errors.push_back(ir::format_error(e));
    REQUIRE(errors == std::vector<std::string>{});
    REQUIRE(ir::verify(module) == std::vector<std::string>{});
    split_matrix_calls(module);
    std::string printed = ir::print_module(module);
    INFO(printed);
    CHECK(ir::verify(module) == std::vector<std::string>{});
    std::size_t from = printed.find("bb0:\n") + 5;
    return printed.substr(from, printed.find("  ret\n", from) - from);
}

constexpr std::string_view kLoad = "  %0 = load %g0 : float2x3\n";

TEST_CASE("split_matrix_calls calls a component-wise intrinsic once per row", "[raise][sweep]") {
    CHECK(run(std::string(kLoad) + "  %1 = intrinsic precise pow(%0, %0) : float2x3\n  store %g0, %1\n") ==
          std::string(kLoad) +
              "  %1 = extract %0 [0] : float3\n  %2 = intrinsic precise pow(%1, %1) : float3\n"
              "  %3 = extract %0 [1] : float3\n  %4 = intrinsic precise pow(%3, %3) : float3\n"
              "  %5 = construct %2, %4 : float2x3\n  store %g0, %5\n");
}

TEST_CASE("split_matrix_calls leaves non-component-wise intrinsics alone", "[raise][sweep]") {
    // determinant and all answer in a scalar; transpose changes the shape.
    std::string body = std::string(kLoad) + "  %1 = intrinsic all(%0) : bool\n  %2 = intrinsic transpose(%0) : float3x2\n";
    CHECK(run(body) == body);
}

TEST_CASE("split_matrix_calls writes sincos's matrices row by row through their pointers", "[raise][sweep]") {
    std::string body = std::string(kLoad) +
                       "  %1 = alloca : ptr<function, float2x3> ; s\n  %2 = alloca : ptr<function, float2x3> ; c\n  intrinsic sincos(%0, %1, %2)\n";
    std::string out = run(body);
    CHECK(out.find("sincos(%0") == std::string::npos);
    CHECK(out.find("access %1, 1:int : ptr<function, float3>") != std::string::npos);
    CHECK(out.find("intrinsic sincos(") != std::string::npos);
}

}  // namespace
}  // namespace oneshader::raise::test
