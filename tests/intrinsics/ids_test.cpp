// The intrinsic table's ids: names both ways, the properties the optimizer reads, and the IR's
// text form, which names intrinsics by their HLSL names and reads them back to the same ids.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "intrinsics/id.hpp"
#include "intrinsics/table.hpp"
#include "ir/module.hpp"
#include "ir/printer.hpp"
#include "ir/text_parser.hpp"
#include "ir/verifier.hpp"
#include "types/types.hpp"
#include "support/arena.hpp"
#include "support/interner.hpp"

namespace oneshader::intrinsics::test {
namespace {

TEST_CASE("every id maps to its name and back", "[intrinsics][ids]") {
    for (std::size_t k = 1; k < kIdCount; ++k) {
        Id id = Id(k);
        INFO(k);
        REQUIRE(!name(id).empty());
        CHECK(from_name(name(id)) == id);
        CHECK(rows(id).front().name == name(id));
    }
    CHECK(name(Id::Saturate) == "saturate");
    CHECK(from_name("WaveActiveSum") == Id::WaveActiveSum);
    CHECK(from_name("Saturate") == Id::None);  // HLSL names are case-sensitive
    CHECK(from_name("frobnicate") == Id::None);
    CHECK(name(Id::None).empty());
    CHECK(name(Id::Count).empty());
}

TEST_CASE("a family's rows are found by name and by id", "[intrinsics][ids]") {
    CHECK(find("mul").size() == 9);
    CHECK(rows(Id::AsUint).size() == 2);
    REQUIRE(row(Id::AsUint, 1));
    CHECK(row(Id::AsUint, 1)->params == "T<double,sv> d, out uint@T low, out uint@T high");
    CHECK(row(Id::AsUint, 2) == nullptr);
    CHECK(row(Id::None, 0) == nullptr);
}

TEST_CASE("properties come from the table's flags", "[intrinsics][properties]") {
    CHECK(is_pure(Id::Sin));
    CHECK(is_pure(Id::Dot));
    CHECK(is_pure(Id::AsUint));  // its out-parameter form shows as pointer operands in the IR
    CHECK_FALSE(is_pure(Id::Modf));
    CHECK_FALSE(is_pure(Id::InterlockedAdd));
    CHECK_FALSE(is_pure(Id::Clip));
    CHECK_FALSE(is_pure(Id::WaveActiveSum));
    CHECK(takes_derivatives(Id::Ddx));
    CHECK(takes_derivatives(Id::DdyFine));
    CHECK(takes_derivatives(Id::Fwidth));
    CHECK_FALSE(takes_derivatives(Id::Sqrt));
    CHECK(is_wave(Id::WavePrefixSum));
    CHECK(is_wave(Id::QuadReadAcrossX));
    CHECK_FALSE(is_wave(Id::Sin));
    CHECK(synchronizes(Id::GroupMemoryBarrierWithGroupSync));
    CHECK(synchronizes(Id::InterlockedOr));
    CHECK_FALSE(synchronizes(Id::Sin));
    CHECK(has(Id::Fma, kNeeds64Bit));
}

TEST_CASE("what survives lowering: not the refused, not what the lowering rewrites", "[intrinsics][properties]") {
    CHECK(survives_lowering(Id::Sin));
    CHECK(survives_lowering(Id::Dot));  // mul of two vectors becomes dot
    CHECK(survives_lowering(Id::Any));  // clip of a vector tests any
    CHECK_FALSE(survives_lowering(Id::Mul));
    CHECK_FALSE(survives_lowering(Id::Select));
    CHECK_FALSE(survives_lowering(Id::Clip));
    CHECK_FALSE(survives_lowering(Id::InterlockedAdd));
    CHECK_FALSE(survives_lowering(Id::AllMemoryBarrier));
    CHECK_FALSE(survives_lowering(Id::NonUniformResourceIndex));
    CHECK_FALSE(survives_lowering(Id::Noise));
    CHECK_FALSE(survives_lowering(Id::WaveMatch));
    CHECK_FALSE(survives_lowering(Id::None));
}

struct Ir {
    support::Arena arena;
    support::Interner interner{arena};
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    std::vector<std::string> parse(std::string_view text) {
        std::vector<std::string> out;
        for (const ir::ParseError& e : ir::parse_module(text, module, interner)) out.push_back(ir::format_error(e));
        return out;
    }
};

TEST_CASE("IR text names intrinsics in HLSL and reads them back to ids", "[intrinsics][ir]") {
    const std::string text = R"(func @f(%arg0: float4, %arg1: uint) -> float4 { ; x, lane
bb0:
  %0 = intrinsic saturate(%arg0) : float4
  %1 = intrinsic WaveReadLaneAt(%0, %arg1) : float4
  %2 = intrinsic ddx_coarse(%1) : float4
  ret %2
}
)";
    Ir ir;
    REQUIRE(ir.parse(text) == std::vector<std::string>{});
    CHECK(ir::verify(ir.module) == std::vector<std::string>{});
    const auto& code = ir.module.functions[0]->blocks[0]->instructions;
    REQUIRE(code.size() == 4);
    CHECK(code[0]->intrinsic == Id::Saturate);
    CHECK(code[1]->intrinsic == Id::WaveReadLaneAt);
    CHECK(code[2]->intrinsic == Id::DdxCoarse);
    CHECK(ir::print_module(ir.module) == text);
}

TEST_CASE("an unknown intrinsic name in IR text is a parse error", "[intrinsics][ir]") {
    Ir ir;
    CHECK(ir.parse("func @f() -> void {\nbb0:\n  %0 = intrinsic frobnicate(1.0:float) : float\n  ret\n}\n") ==
          std::vector<std::string>{"3:18: unknown intrinsic 'frobnicate'"});
    Ir lower_case;
    CHECK(lower_case.parse("func @f() -> void {\nbb0:\n  %0 = intrinsic Sqrt(1.0:float) : float\n  ret\n}\n") ==
          std::vector<std::string>{"3:18: unknown intrinsic 'Sqrt'"});
}

}  // namespace
}  // namespace oneshader::intrinsics::test
