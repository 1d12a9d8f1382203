// The polyfills one at a time: IR text in, the transform, IR text out, and the verifier's
// approval of the result.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "ir/module.hpp"
#include "ir/printer.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "raise/polyfills.hpp"
#include "types/types.hpp"
#include "support/arena.hpp"
#include "support/interner.hpp"

namespace oneshader::raise::test {
namespace {

// `body` is the body of a compute entry point reading %g0 (a float4), %g1 (an int4) and %g2 (a
// float2x2).
std::string module_text(std::string_view body) {
    return "%g0 = global private float4 ; f\n"
           "%g1 = global private int4 ; i\n"
           "%g2 = global private float2x2 ; m\n\n"
           "func @main() -> void {\n"
           "bb0:\n" +
           std::string(body) +
           "  ret\n"
           "}\n\n"
           "entry compute @main workgroup_size(1, 1, 1)\n";
}

// Parses `body` (which must verify), runs `transform`, and returns the function's body as printed,
// after checking that the result verifies.
std::string run(TransformFn transform, std::string_view body) {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    std::string text = module_text(body);
    INFO(text);
    std::vector<std::string> errors;
    for (const ir::ParseError& e : ir::parse_module(text, module, interner)) errors.push_back(ir::format_error(e));
    REQUIRE(errors == std::vector<std::string>{});
    REQUIRE(ir::verify(module) == std::vector<std::string>{});
    transform(module);
    std::string printed = ir::print_module(module);
    INFO(printed);
    CHECK(ir::verify(module) == std::vector<std::string>{});
    std::size_t from = printed.find("bb0:\n") + 5;
    std::size_t to = printed.find("  ret\n", from);
    return printed.substr(from, to - from);
}

constexpr std::string_view kLoadF = "  %0 = load %g0 : float4\n";
constexpr std::string_view kLoadI = "  %0 = load %g1 : int4\n";

std::string with(std::string_view load, std::string_view rest) { return std::string(load) + std::string(rest); }

TEST_CASE("polyfill_sign answers in the operand's type, then converts to int", "[raise][polyfill]") {
    CHECK(run(polyfill_sign, with(kLoadF, "  %1 = intrinsic sign(%0) : int4\n  store %g1, %1\n")) ==
          with(kLoadF, "  %1 = intrinsic sign(%0) : float4\n  %2 = convert %1 : int4\n  store %g1, %2\n"));
    // Already in the operand's type: nothing to do.
    CHECK(run(polyfill_sign, with(kLoadI, "  %1 = intrinsic sign(%0) : int4\n  store %g1, %1\n")) ==
          with(kLoadI, "  %1 = intrinsic sign(%0) : int4\n  store %g1, %1\n"));
    // Unsigned: never negative, so whether it is non-zero (SSign would read 0x80000000 up as negative).
    CHECK(run(polyfill_sign, with(kLoadI, "  %1 = bitcast %0 : uint4\n  %2 = intrinsic sign(%1) : int4\n  store %g1, %2\n")) ==
          with(kLoadI, "  %1 = bitcast %0 : uint4\n  %2 = ne %1, zero:uint4 : bool4\n  %3 = convert %2 : int4\n"
                       "  store %g1, %3\n"));
}

TEST_CASE("polyfill_saturate clamps to constant bounds of the operand's shape", "[raise][polyfill]") {
    CHECK(run(polyfill_saturate, with(kLoadF, "  %1 = intrinsic saturate(%0) : float4\n  store %g0, %1\n")) ==
          with(kLoadF, "  %1 = intrinsic clamp(%0, float4{0.0, 0.0, 0.0, 0.0}, float4{1.0, 1.0, 1.0, 1.0}) : float4\n"
                       "  store %g0, %1\n"));
    CHECK(run(polyfill_saturate, with(kLoadF, "  %1 = extract %0 [0] : float\n  %2 = intrinsic saturate(%1) : float\n")) ==
          with(kLoadF, "  %1 = extract %0 [0] : float\n  %2 = intrinsic clamp(%1, 0.0:float, 1.0:float) : float\n"));
}

TEST_CASE("polyfill_rcp divides one by the operand, keeping precise", "[raise][polyfill]") {
    CHECK(run(polyfill_rcp, with(kLoadF, "  %1 = intrinsic precise rcp(%0) : float4\n  store %g0, %1\n")) ==
          with(kLoadF, "  %1 = div precise float4{1.0, 1.0, 1.0, 1.0}, %0 : float4\n  store %g0, %1\n"));
}

TEST_CASE("polyfill_log10 scales log2 by log10(2), a vector by a scalar", "[raise][polyfill]") {
    CHECK(run(polyfill_log10, with(kLoadF, "  %1 = intrinsic log10(%0) : float4\n  store %g0, %1\n")) ==
          with(kLoadF, "  %1 = intrinsic log2(%0) : float4\n  %2 = matmul %1, 0.30103:float : float4\n"
                       "  store %g0, %2\n"));
    CHECK(run(polyfill_log10, with(kLoadF, "  %1 = extract %0 [0] : float\n  %2 = intrinsic log10(%1) : float\n")) ==
          with(kLoadF, "  %1 = extract %0 [0] : float\n  %2 = intrinsic log2(%1) : float\n"
                       "  %3 = mul %2, 0.30103:float : float\n"));
}

TEST_CASE("polyfill_mad fuses floats and multiplies and adds integers", "[raise][polyfill]") {
    CHECK(run(polyfill_mad, with(kLoadF, "  %1 = intrinsic mad(%0, %0, %0) : float4\n  store %g0, %1\n")) ==
          with(kLoadF, "  %1 = intrinsic fma(%0, %0, %0) : float4\n  store %g0, %1\n"));
    CHECK(run(polyfill_mad, with(kLoadI, "  %1 = intrinsic mad(%0, %0, %0) : int4\n  store %g1, %1\n")) ==
          with(kLoadI, "  %1 = mul %0, %0 : int4\n  %2 = add %1, %0 : int4\n  store %g1, %2\n"));
}

TEST_CASE("polyfill_ldexp multiplies by exp2 of the exponent", "[raise][polyfill]") {
    CHECK(run(polyfill_ldexp, with(kLoadF, "  %1 = intrinsic ldexp(%0, %0) : float4\n  store %g0, %1\n")) ==
          with(kLoadF, "  %1 = intrinsic exp2(%0) : float4\n  %2 = mul %0, %1 : float4\n  store %g0, %2\n"));
}

TEST_CASE("polyfill_isfinite is neither NaN nor infinite", "[raise][polyfill]") {
    CHECK(run(polyfill_isfinite, with(kLoadF, "  %1 = intrinsic isfinite(%0) : bool4\n")) ==
          with(kLoadF, "  %1 = intrinsic isnan(%0) : bool4\n  %2 = intrinsic isinf(%0) : bool4\n"
                       "  %3 = or %1, %2 : bool4\n  %4 = not %3 : bool4\n"));
}

TEST_CASE("polyfills leave other intrinsics and matrices alone", "[raise][polyfill]") {
    const std::string body = with(kLoadF, "  %1 = intrinsic sqrt(%0) : float4\n  store %g0, %1\n");
    for (auto* transform : {polyfill_sign, polyfill_saturate, polyfill_rcp, polyfill_log10, polyfill_mad, polyfill_ldexp,
                            polyfill_isfinite})
        CHECK(run(transform, body) == body);
    const std::string matrix = "  %0 = load %g2 : float2x2\n  %1 = intrinsic saturate(%0) : float2x2\n"
                               "  %2 = intrinsic rcp(%0) : float2x2\n  %3 = intrinsic log10(%0) : float2x2\n";
    for (auto* transform : {polyfill_saturate, polyfill_rcp, polyfill_log10}) CHECK(run(transform, matrix) == matrix);
}

}  // namespace
}  // namespace oneshader::raise::test
