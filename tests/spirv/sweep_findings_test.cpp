// Regression tests for the classes of invalid SPIR-V the sweep (tests/sweep/) found, one case per
// class: each input once gave a module the validator rejects (or crashed the emitter).
#include "spirv_fixture.hpp"

namespace oneshader::spirv::test {
namespace {

std::string compute(const std::string& globals, const std::string& body) {
    return globals + "\nfunc @main() -> void {\nbb0:\n" + body + "  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
}

TEST_CASE("all() and any() of a matrix with more than four components reduce column by column", "[spirv][sweep]") {
    for (const char* f : {"all", "any"}) {
        // float2x3 has six components: there is no bool6 to convert it to (this crashed the emitter).
        Result r = compile_valid(compute("%g0 = global storage RWStructuredBuffer<uint> set(0) binding(0) ; out\n"
                                         "%g1 = global private float2x3 ; m",
                                         "  %0 = load %g1 : float2x3\n"
                                         "  %1 = intrinsic " + std::string(f) + "(%0) : bool\n"
                                         "  %2 = select %1, 1:uint, 0:uint : uint\n"
                                         "  %3 = access %g0, 0:uint : ptr<storage, uint>\n"
                                         "  store %3, %2\n"));
        CHECK(count_of(r.text, std::string(f) == "all" ? "OpAll %bool" : "OpAny %bool") == 2);
        CHECK(count_of(r.text, std::string(f) == "all" ? "OpLogicalAnd %bool" : "OpLogicalOr %bool") == 1);
    }
}

}  // namespace
}  // namespace oneshader::spirv::test
