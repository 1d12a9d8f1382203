// An index the optimizer finds constant and out of range (`uint i = 72; k[i]`): WGSL refuses a
// constant index past the end of an array, vector or matrix, so the printed index is the last
// element's, what a run-time index out of range gets (tests/driver has the other targets).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "folded_index_source.hpp"
#include "oneshader/oneshader.hpp"
#include "wgsl_validate.hpp"

namespace {

using namespace oneshader;

constexpr const char* kSource = oneshader::test::kFoldedIndexSource;

}  // namespace

TEST_CASE("WGSL: an index folded to a constant past the end is the last element's, and validates", "[wgsl]") {
    wgsl::test::Validator v;
    for (bool optimize : {true, false}) {
        INFO("optimize " << optimize);
        CompileOptions o;
        o.targets = {Target::Wgsl};
        o.entry_points = {{"CSMain", Stage::Compute}};
        o.optimize = optimize;
        o.verify_ir = true;
        CompileResult r = compile(kSource, "folded_index.hlsl", o);
        REQUIRE(r.ok());
        const ShaderBlob* blob = r.find("CSMain", Target::Wgsl);
        REQUIRE(blob);
        std::string text(blob->as_text());
        INFO(text);
        if (optimize) {
            CHECK(text.find("k[3]") != std::string::npos);
            CHECK(text.find("m[0].y") != std::string::npos);
        }
        CHECK(text.find("72]") == std::string::npos);
        REQUIRE(v.startup_error().empty());
        auto path = std::filesystem::temp_directory_path() /
                    (std::string("oneshader-wgsl-folded-index-") + (optimize ? "o" : "od") + ".wgsl");
        wgsl::test::Verdict verdict = v.check_text(text, path.string());
        CHECK(verdict.error == "");
        CHECK(verdict.tint == "ok");
        CHECK(verdict.naga == "ok");
    }
}
