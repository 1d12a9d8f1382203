// An index the optimizer finds constant and out of range (`uint i = 72; k[i]` on a four-element
// array, vector or matrix): undefined in HLSL, as any index past the end is, so it compiles, and
// every target gets the last element, as a run-time index out of range gets with robust access.
// Before, SPIR-V had an OpCompositeExtract past the end of a vector (spirv-val rejects it) and
// WGSL constant indices out of range (Tint and naga reject them); tests/wgsl checks that text.
#include <catch2/catch.hpp>

#include <string>

#include "folded_index_source.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

namespace {

using namespace oneshader;

constexpr const char* kSource = oneshader::test::kFoldedIndexSource;

}  // namespace

TEST_CASE("an index folded to a constant past the end compiles to the last element on every target") {
    CompileOptions o;
    o.targets = {Target::SpirV, Target::Msl, Target::Wgsl};
    o.entry_points = {{"CSMain", Stage::Compute}};
    o.verify_ir = true;
    CompileResult r = compile(kSource, "folded_index.hlsl", o);
    REQUIRE(r.ok());
    const ShaderBlob* spirv = r.find("CSMain", Target::SpirV);
    const ShaderBlob* msl = r.find("CSMain", Target::Msl);
    REQUIRE(spirv);
    REQUIRE(msl);
    const std::vector<std::uint32_t> words = spirv_tools::words_of(*spirv);
    CHECK(spirv_tools::validate(words) == "");
    const std::string dis = spirv_tools::disassemble(words);
    CHECK(dis.find("72") == std::string::npos);
    const std::string text(msl->as_text());
    CHECK(text.find("k[3u]") != std::string::npos);
    CHECK(text.find("m[0u][1u]") != std::string::npos);
    CHECK(text.find("72") == std::string::npos);
}

TEST_CASE("without the optimizer the same index stays a run-time one") {
    CompileOptions o;
    o.targets = {Target::SpirV};
    o.entry_points = {{"CSMain", Stage::Compute}};
    o.optimize = false;
    CompileResult r = compile(kSource, "folded_index.hlsl", o);
    REQUIRE(r.ok());
    const ShaderBlob* spirv = r.find("CSMain", Target::SpirV);
    REQUIRE(spirv);
    CHECK(spirv_tools::validate(spirv_tools::words_of(*spirv)) == "");
}
