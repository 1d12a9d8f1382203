// Golden IR dumps of a representative set of corpus shaders (tests/lower/golden/<name>.ir). A
// difference fails the test; run with ONESHADER_UPDATE_GOLDENS=1 to rewrite the files after
// reviewing the change, never by editing them by hand.
#include <cstdlib>

#include "lower_fixture.hpp"

using namespace lower_test;

namespace {

struct Golden {
    const char* source;  // under corpus/
    const char* name;    // tests/lower/golden/<name>.ir
};

constexpr Golden kGoldens[] = {
    {"2d/blit.hlsl", "blit"},
    {"2d/sprite.hlsl", "sprite"},
    {"3d/shadow_depth.hlsl", "shadow_depth"},
    {"3d/stage_io.hlsl", "stage_io"},
    {"compute/particles.hlsl", "particles"},
    {"compute/histogram.hlsl", "histogram"},
    {"compute/byte_address.hlsl", "byte_address"},
    {"lang/switch_fallthrough.hlsl", "switch_fallthrough"},
    {"lang/resource_arrays.hlsl", "resource_arrays"},
    {"lang/spec_constants.hlsl", "spec_constants"},
    {"lang/push_constants.hlsl", "push_constants"},
    {"lang/inheritance.hlsl", "inheritance"},
    {"lang/operators.hlsl", "operators"},
    {"spec/Sprite.hlsl", "spec_sprite"},
};

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("lower goldens: corpus dumps match tests/lower/golden") {
    const char* update_env = std::getenv("ONESHADER_UPDATE_GOLDENS");
    bool update = update_env && std::string(update_env) == "1";
    fs::path dir = fs::path(ONESHADER_SOURCE_DIR) / "tests" / "lower" / "golden";
    for (const Golden& g : kGoldens) {
        INFO(g.source);
        Lowered l = lower_file(corpus_root() / g.source);
        REQUIRE(l.errors() == "");
        fs::path file = dir / (std::string(g.name) + ".ir");
        if (update) {
            std::ofstream out(file, std::ios::binary);
            out << l.text;
            continue;
        }
        REQUIRE(fs::exists(file));
        CHECK(read(file) == l.text);
    }
}
