// WGSL binding numbers (wgsl/bindings.hpp): WebGPU gives each (group, binding) pair one resource, so
// resources that share a Vulkan slot (a texture and its sampler at register t0 and s0) move to the
// first binding of their group that no resource has.
#include <catch2/catch.hpp>

#include <vector>

#include "wgsl/bindings.hpp"

namespace oneshader::wgsl::test {
namespace {

bool same(const std::vector<BindingSlot>& got, const std::vector<BindingSlot>& want) {
    if (got.size() != want.size()) return false;
    for (std::size_t k = 0; k < got.size(); ++k)
        if (got[k].group != want[k].group || got[k].binding != want[k].binding) return false;
    return true;
}

TEST_CASE("wgsl bindings: distinct slots keep their numbers", "[wgsl][bindings]") {
    std::vector<BindingSlot> in{{0, 0}, {0, 3}, {1, 0}, {2, 7}};
    CHECK(same(wgsl_bindings(in), in));
    CHECK(wgsl_bindings({}).empty());
}

TEST_CASE("wgsl bindings: a shared slot moves the later resource to its group's first free binding",
          "[wgsl][bindings]") {
    // t0, s0 and b0 all at (0, 0); (0, 1) and (1, 0) are someone's own slots and stay theirs.
    std::vector<BindingSlot> in{{0, 0}, {0, 0}, {0, 1}, {0, 0}, {1, 0}, {1, 0}};
    CHECK(same(wgsl_bindings(in), {{0, 0}, {0, 2}, {0, 1}, {0, 3}, {1, 0}, {1, 1}}));
}

TEST_CASE("wgsl bindings: many resources on one slot get consecutive free bindings", "[wgsl][bindings]") {
    std::vector<BindingSlot> in(1000, BindingSlot{4, 0});
    in.push_back({4, 5});  // its own slot: the moved ones go around it
    std::vector<BindingSlot> out = wgsl_bindings(in);
    REQUIRE(out.size() == in.size());
    std::vector<BindingSlot> want;
    for (std::uint32_t b = 0; b < 1001; ++b)
        if (b != 5) want.push_back({4, b});
    want.push_back({4, 5});
    CHECK(same(out, want));
}

TEST_CASE("wgsl bindings: the largest slot numbers are ordinary slots", "[wgsl][bindings]") {
    const std::uint32_t top = 0xFFFFFFFFu;
    std::vector<BindingSlot> in{{top, top}, {top, 0}, {top, 0}};
    CHECK(same(wgsl_bindings(in), {{top, top}, {top, 0}, {top, 1}}));
}

}  // namespace
}  // namespace oneshader::wgsl::test
