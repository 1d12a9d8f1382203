// The pass table and the pass manager: order constraints, verification, printing, fallback.
#include "opt_fixture.hpp"
#include "opt/passes.hpp"

namespace oneshader::opt::test {
namespace {

TEST_CASE("the pass table keeps its ordering constraints", "[opt][manager]") {
    CHECK(pass_table_problems() == std::vector<std::string>{});
    std::vector<std::string_view> names = pass_names();
    CHECK(names == std::vector<std::string_view>{"inline", "sroa", "mem2reg", "combine", "cse", "dce", "simplify_cfg"});
}

}  // namespace
}  // namespace oneshader::opt::test
