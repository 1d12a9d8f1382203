// CompileOptions::syntax_only: the front end alone, with its diagnostics, files and reflection.
#include <catch2/catch.hpp>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

std::string corpus(const char* rel) { return std::string(ONESHADER_SOURCE_DIR) + "/corpus/" + rel; }

}  // namespace

TEST_CASE("syntax_only: no blobs, the same reflection and files as a full compile", "[driver][reflect]") {
    CompileOptions options;
    CompileResult full = compile_file(corpus("spec/Sprite.hlsl"), options);
    options.syntax_only = true;
    CompileResult checked = compile_file(corpus("spec/Sprite.hlsl"), options);
    REQUIRE(full.ok());
    CHECK(checked.ok());
    CHECK(checked.diagnostics.empty());
    CHECK(checked.blobs.empty());
    CHECK(full.blobs.size() == 2);
    REQUIRE(checked.reflection);
    CHECK(*checked.reflection == *full.reflection);
    CHECK(checked.files == full.files);
}

TEST_CASE("syntax_only: errors are reported, and targets without a backend are not an error", "[driver][reflect]") {
    CompileOptions options;
    options.syntax_only = true;
    CompileResult bad = compile("[shader(\"pixel\")]\nfloat4 main() : SV_Target { return Colr; }\n", "bad.hlsl", options);
    CHECK_FALSE(bad.ok());
    REQUIRE_FALSE(bad.diagnostics.empty());
    CHECK(bad.diagnostics[0].position.line == 2);
    CHECK_FALSE(bad.reflection);

    options.targets = {Target::Msl, Target::Wgsl};
    CompileResult msl = compile_file(corpus("spec/Sprite.hlsl"), options);
    CHECK(msl.ok());
    CHECK(msl.blobs.empty());
    REQUIRE(msl.reflection);
    CHECK(msl.reflection->targets == std::vector<Target>{Target::Msl, Target::Wgsl});
}
