// -Fo naming for one and several outputs.
#include <catch2/catch.hpp>

#include "output_paths.hpp"

using namespace oneshader;
using namespace oneshader::cli;

namespace {

ShaderBlob blob(std::string entry, Target target) {
    ShaderBlob b;
    b.entry_point = std::move(entry);
    b.target = target;
    return b;
}

std::vector<std::string> paths(const std::vector<ShaderBlob>& blobs, std::optional<std::string> fo) {
    auto plan = plan_outputs(blobs, fo);
    if (auto* e = std::get_if<std::string>(&plan)) FAIL(*e);
    std::vector<std::string> out;
    for (const PlannedOutput& p : std::get<std::vector<PlannedOutput>>(plan)) out.push_back(p.path.value_or("<stdout>"));
    return out;
}

}  // namespace

TEST_CASE("an extension is the part after the last dot of the file name") {
    CHECK(without_extension("out/sprite.ps.spv") == "out/sprite.ps");
    CHECK(without_extension("out/sprite") == "out/sprite");
    CHECK(without_extension("out.d/sprite") == "out.d/sprite");
    CHECK(without_extension("out/.hidden") == "out/.hidden");
    CHECK(without_extension("sprite.out") == "sprite");
}

TEST_CASE("one output takes the -Fo name as given") {
    CHECK(output_path("sprite.ps.spv", "PSMain", Target::SpirV, false, false) == "sprite.ps.spv");
    CHECK(paths({blob("PSMain", Target::Msl)}, "x.bin") == std::vector<std::string>{"x.bin"});
}

TEST_CASE("several entry points and targets are written beside -Fo") {
    std::vector<ShaderBlob> blobs{blob("VSMain", Target::SpirV), blob("VSMain", Target::Msl),
                                  blob("VSMain", Target::Wgsl),  blob("PSMain", Target::SpirV),
                                  blob("PSMain", Target::Msl),   blob("PSMain", Target::Wgsl)};
    CHECK(paths(blobs, "out/sprite") ==
          std::vector<std::string>{"out/sprite.VSMain.spv", "out/sprite.VSMain.metal", "out/sprite.VSMain.wgsl",
                                   "out/sprite.PSMain.spv", "out/sprite.PSMain.metal", "out/sprite.PSMain.wgsl"});
}

TEST_CASE("several entry points, one target") {
    CHECK(paths({blob("VSMain", Target::Wgsl), blob("PSMain", Target::Wgsl)}, "sprite.wgsl") ==
          std::vector<std::string>{"sprite.VSMain.wgsl", "sprite.PSMain.wgsl"});
    CHECK(paths({blob("VSMain", Target::Msl), blob("PSMain", Target::Msl)}, "build/sprite.out") ==
          std::vector<std::string>{"build/sprite.VSMain.metal", "build/sprite.PSMain.metal"});
}

TEST_CASE("one entry point, several targets") {
    CHECK(paths({blob("CSMain", Target::SpirV), blob("CSMain", Target::Msl), blob("CSMain", Target::Wgsl)},
                "out/histogram") ==
          std::vector<std::string>{"out/histogram.spv", "out/histogram.metal", "out/histogram.wgsl"});
}

TEST_CASE("standard output takes one output only") {
    CHECK(paths({blob("main", Target::SpirV)}, std::nullopt) == std::vector<std::string>{"<stdout>"});
    auto plan = plan_outputs(std::vector<ShaderBlob>{blob("A", Target::SpirV), blob("B", Target::SpirV)}, std::nullopt);
    REQUIRE(std::holds_alternative<std::string>(plan));
    CHECK(std::get<std::string>(plan).starts_with("2 outputs cannot all go to standard output."));
}

TEST_CASE("two blobs for the same file are refused") {
    auto plan = plan_outputs(std::vector<ShaderBlob>{blob("A", Target::SpirV), blob("A", Target::SpirV)}, "x.spv");
    REQUIRE(std::holds_alternative<std::string>(plan));
    CHECK(std::get<std::string>(plan) == "two outputs would both be written to 'x.spv'.");
}
