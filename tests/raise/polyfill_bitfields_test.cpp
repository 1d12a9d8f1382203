// polyfill_bitfields and polyfill_wide_bitfields: IR text in, shifts and masks out, verified.
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

// `body` is the body of a compute entry point that may read %u (a uint), %i (an int) and %w (a
// uint64_t).
std::string run(TransformFn transform, std::string_view body) {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    std::string text = "%u = global private uint ; u\n%i = global private int ; i\n%w = global private uint64_t ; w\n\n"
                       "func @main() -> void {\nbb0:\n" +
                       std::string(body) + "  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
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

}  // namespace

TEST_CASE("polyfill_bitfields: unsigned and signed extracts", "[raise][polyfill]") {
    // (x >> 4) & 0xFFF
    CHECK(run(polyfill_bitfields, "  %0 = load %u : uint\n  %1 = bitfield_extract %0, 4:uint, 12:uint : uint\n"
                                  "  store %u, %1\n") ==
          "  %0 = load %g0 : uint\n  %1 = shr %0, 4:uint : uint\n  %2 = bit_and %1, 4095:uint : uint\n"
          "  store %g0, %2\n");
    // The sign extends: (x << 16) >> 22 on an int.
    CHECK(run(polyfill_bitfields, "  %0 = load %i : int\n  %1 = bitfield_extract %0, 6:uint, 10:uint : int\n"
                                  "  store %i, %1\n") ==
          "  %0 = load %g1 : int\n  %1 = shl %0, 16:int : int\n  %2 = shr %1, 22:int : int\n  store %g1, %2\n");
    // No shift by 0; a field of every bit is the value.
    CHECK(run(polyfill_bitfields, "  %0 = load %u : uint\n  %1 = bitfield_extract %0, 0:uint, 3:uint : uint\n"
                                  "  %2 = bitfield_extract %0, 0:uint, 32:uint : uint\n  %3 = add %1, %2 : uint\n") ==
          "  %0 = load %g0 : uint\n  %1 = bit_and %0, 7:uint : uint\n  %2 = bit_and %0, 4294967295:uint : uint\n"
          "  %3 = add %1, %2 : uint\n");
    CHECK(run(polyfill_bitfields, "  %0 = load %i : int\n  %1 = bitfield_extract %0, 26:uint, 6:uint : int\n") ==
          "  %0 = load %g1 : int\n  %1 = shr %0, 26:int : int\n");
}

TEST_CASE("polyfill_bitfields: inserts keep the other bits", "[raise][polyfill]") {
    CHECK(run(polyfill_bitfields, "  %0 = load %u : uint\n  %1 = load %u : uint\n"
                                  "  %2 = bitfield_insert %0, %1, 4:uint, 12:uint : uint\n  store %u, %2\n") ==
          "  %0 = load %g0 : uint\n  %1 = load %g0 : uint\n  %2 = bit_and %1, 4095:uint : uint\n"
          "  %3 = shl %2, 4:uint : uint\n  %4 = bit_and %0, 4294901775:uint : uint\n  %5 = bit_or %4, %3 : uint\n"
          "  store %g0, %5\n");
    // A constant field or base is masked and shifted by the transform.
    CHECK(run(polyfill_bitfields, "  %0 = load %i : int\n  %1 = bitfield_insert %0, -3:int, 0:uint, 8:uint : int\n"
                                  "  %2 = bitfield_insert 0:int, %0, 8:uint, 8:uint : int\n") ==
          "  %0 = load %g1 : int\n  %1 = bit_and %0, -256:int : int\n  %2 = bit_or %1, 253:int : int\n"
          "  %3 = bit_and %0, 255:int : int\n  %4 = shl %3, 8:int : int\n  %5 = bit_or 0:int, %4 : int\n");
}

TEST_CASE("polyfill_wide_bitfields rewrites only integers that are not 32 bits wide", "[raise][polyfill]") {
    std::string body = "  %0 = load %u : uint\n  %1 = bitfield_extract %0, 4:uint, 12:uint : uint\n"
                       "  %2 = load %w : uint64_t\n  %3 = bitfield_extract %2, 40:uint, 20:uint : uint64_t\n"
                       "  %4 = bitfield_insert %2, %3, 0:uint, 20:uint : uint64_t\n";
    CHECK(run(polyfill_wide_bitfields, body) ==
          "  %0 = load %g0 : uint\n  %1 = bitfield_extract %0, 4:uint, 12:uint : uint\n  %2 = load %g2 : uint64_t\n"
          "  %3 = shr %2, 40:uint64_t : uint64_t\n  %4 = bit_and %3, 1048575:uint64_t : uint64_t\n"
          "  %5 = bit_and %4, 1048575:uint64_t : uint64_t\n"
          "  %6 = bit_and %2, 18446744073708503040:uint64_t : uint64_t\n  %7 = bit_or %6, %5 : uint64_t\n");
}

}  // namespace oneshader::raise::test
