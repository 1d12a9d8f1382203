// SPIR-V's 16-bit word count: an instruction past 65535 words is OSH5001 naming the construct and
// the limit, never a module whose word counts wrapped. The inputs are generated at the limit and
// one past it.
#include <fmt/format.h>

#include "oneshader/oneshader.hpp"
#include "spirv_fixture.hpp"

namespace oneshader::spirv::test {
namespace {

// A compute shader that switches over a loaded int with `cases` cases (all to one block).
std::string switch_ir(int cases, bool wide) {
    const char* t = wide ? "int64_t" : "int";
    std::string s = fmt::format("%g0 = global storage RWStructuredBuffer<{}> set(0) binding(0) ; out\n\n"
                                "func @main() -> void {{\nbb0: ; selection merge=bb3 (entry)\n"
                                "  %0 = access %g0, 0:uint : ptr<storage, {}>\n  %1 = load %0 : {}\n"
                                "  switch %1 default bb2 [",
                                t, t, t);
    for (int k = 0; k < cases; ++k) s += fmt::format("{}{}: bb1", k ? ", " : "", k);
    s += "]\nbb1:\n  br bb3\nbb2:\n  br bb3\nbb3:\n  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
    return s;
}

// A struct of `members` floats held in a function variable.
std::string struct_ir(int members) {
    std::string s = "struct Big { ";
    for (int k = 0; k < members; ++k) s += fmt::format("{}m{}: float", k ? ", " : "", k);
    s += " }\n\nfunc @main() -> void {\nbb0:\n  %0 = alloca : ptr<function, Big>\n"
         "  %1 = access %0, 0:uint : ptr<function, float>\n  store %1, 1.0:float\n  ret\n}\n\n"
         "entry compute @main workgroup_size(1, 1, 1)\n";
    return s;
}

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST_CASE("a switch of 32766 cases is one valid OpSwitch; one case more is OSH5001", "[spirv][limits]") {
    Result ok = compile(switch_ir(32766, false));
    CHECK(ok.errors.empty());
    REQUIRE(!ok.words.empty());
    CHECK(ok.validation == "");
    Result over = compile(switch_ir(32767, false));
    CHECK(over.words.empty());
    REQUIRE(over.errors.size() == 1);
    CHECK(starts_with(over.errors[0], "OSH5001: SPIR-V: a switch with 32767 cases does not fit in one SPIR-V OpSwitch, "
                                      "which holds at most 32766 cases (21844 with a 64-bit selector); split it"));
}

TEST_CASE("a 64-bit switch selector takes three words per case: 21844 cases fit, 21845 do not", "[spirv][limits]") {
    Result ok = compile(switch_ir(21844, true));
    CHECK(ok.errors.empty());
    CHECK(!ok.words.empty());
    Result over = compile(switch_ir(21845, true));
    CHECK(over.words.empty());
    REQUIRE(over.errors.size() == 1);
    CHECK(starts_with(over.errors[0], "OSH5001: SPIR-V: a switch with 21845 cases"));
}

TEST_CASE("a struct of 65533 members is one OpTypeStruct; 65534 members are OSH5001", "[spirv][limits]") {
    Result ok = compile(struct_ir(65533), Options{.keep_names = false});
    CHECK(ok.errors.empty());
    REQUIRE(!ok.words.empty());
    CHECK(ok.validation == "");
    Result over = compile(struct_ir(65534), Options{.keep_names = false});
    CHECK(over.words.empty());
    REQUIRE(over.errors.size() == 1);
    CHECK(starts_with(over.errors[0], "OSH5001: SPIR-V: a struct with 65534 members"));
    CHECK(contains(over.errors[0], "at most 65533 members; group the members into nested structs or arrays"));
}

TEST_CASE("a name longer than one OpName holds is OSH5001, not a wrapped word count", "[spirv][limits]") {
    std::string name(4 * 65535, 'n');
    Result r = compile("func @main() -> void {\nbb0:\n  %0 = alloca : ptr<function, float> ; " + name +
                       "\n  store %0, 1.0:float\n  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n");
    CHECK(r.words.empty());
    REQUIRE(r.errors.size() == 1);
    CHECK(starts_with(r.errors[0], "OSH5001: SPIR-V: a name of about"));
    CHECK(contains(r.errors[0], "shorten the identifier"));
}

// Through the whole compiler: the error points at the switch statement's line.
TEST_CASE("an HLSL switch past the OpSwitch limit is OSH5001 at the switch's line", "[spirv][limits]") {
    std::string src = "RWStructuredBuffer<int> O;\n[shader(\"compute\")][numthreads(1, 1, 1)]\nvoid main(uint3 id : "
                      "SV_DispatchThreadID) {\n  int r = 0;\n  switch (int(id.x)) {\n";
    for (int k = 0; k < 40000; ++k) src += fmt::format("  case {}: r = {}; break;\n", k, k % 5);
    src += "  }\n  O[0] = r;\n}\n";
    for (bool optimize : {false, true}) {
        CompileOptions o;
        o.optimize = optimize;
        CompileResult r = oneshader::compile(src, "switch.hlsl", o);
        CHECK(r.blobs.empty());
        REQUIRE(r.diagnostics.size() == 1);
        INFO(r.diagnostics[0].to_string());
        CHECK(r.diagnostics[0].code == "OSH5001");
        CHECK(starts_with(r.diagnostics[0].to_string(), "switch.hlsl(5,"));
        CHECK(contains(r.diagnostics[0].message, "a switch with 40000 cases"));
    }
}

}  // namespace oneshader::spirv::test
