// SPIR-V's 16-bit word count and its universal limits: an instruction past them is OSH5001 naming
// the construct and the limit, never a module the validator rejects or whose word counts wrapped.
// The inputs are generated at the limit and one past it.
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

Options without_names() {
    Options o;
    o.keep_names = false;
    return o;
}

}  // namespace

// A function of `params` float parameters, called once.
std::string call_ir(int params) {
    std::string s = "func @f(";
    for (int k = 0; k < params; ++k) s += fmt::format("{}%arg{}: float", k ? ", " : "", k);
    s += ") -> float {\nbb0:\n  ret %arg0\n}\n\nfunc @main() -> void {\nbb0:\n  %0 = alloca : ptr<function, float>\n"
         "  %1 = call @f(";
    for (int k = 0; k < params; ++k) s += fmt::format("{}1.0:float", k ? ", " : "");
    s += ") : float\n  store %0, %1\n  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n";
    return s;
}

TEST_CASE("a switch of 16383 cases is one valid OpSwitch, one case more is OSH5001", "[spirv][limits]") {
    for (bool wide : {false, true}) {
        Result ok = compile(switch_ir(16383, wide));
        CHECK(ok.errors.empty());
        REQUIRE(!ok.words.empty());
        CHECK(ok.validation == "");
        Result over = compile(switch_ir(16384, wide));
        CHECK(over.words.empty());
        REQUIRE(over.errors.size() == 1);
        CHECK(over.errors[0] == "OSH5001: SPIR-V: a switch with 16384 cases is more than the 16383 a SPIR-V OpSwitch may "
                                "have; split it into several switches, each over a range of the values (chosen by an if)");
    }
}

TEST_CASE("a struct of 16383 members is one valid OpTypeStruct, 16384 members are OSH5001", "[spirv][limits]") {
    Result ok = compile(struct_ir(16383), without_names());
    CHECK(ok.errors.empty());
    REQUIRE(!ok.words.empty());
    CHECK(ok.validation == "");
    Result over = compile(struct_ir(16384), without_names());
    CHECK(over.words.empty());
    REQUIRE(over.errors.size() == 1);
    CHECK(over.errors[0] == "OSH5001: SPIR-V: a struct with 16384 members (a base counts as one) is more than the 16383 "
                            "members a SPIR-V OpTypeStruct may have; group the members into nested structs or arrays");
}

TEST_CASE("255 parameters and arguments are valid SPIR-V, 256 are OSH5001", "[spirv][limits]") {
    Result ok = compile(call_ir(255));
    CHECK(ok.errors.empty());
    REQUIRE(!ok.words.empty());
    CHECK(ok.validation == "");
    Result over = compile(call_ir(256));
    CHECK(over.words.empty());
    REQUIRE(!over.errors.empty());
    CHECK(over.errors[0] == "OSH5001: SPIR-V: a function with 256 parameters is more than the 255 SPIR-V allows; pass "
                            "them in a struct or an array");
}

TEST_CASE("a name longer than a SPIR-V literal string may be is OSH5001", "[spirv][limits]") {
    std::string name(65536, 'n');
    Result r = compile("func @main() -> void {\nbb0:\n  %0 = alloca : ptr<function, float> ; " + name +
                       "\n  store %0, 1.0:float\n  ret\n}\n\nentry compute @main workgroup_size(1, 1, 1)\n");
    CHECK(r.words.empty());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0] == "OSH5001: SPIR-V: a name of 65536 bytes is longer than the 65535 bytes a SPIR-V literal string "
                         "may have; shorten it");
}

// Through the whole compiler: the error points at the switch statement's line.
TEST_CASE("an HLSL switch past the OpSwitch limit is OSH5001 at the switch's line", "[spirv][limits]") {
    std::string src = "RWStructuredBuffer<int> O;\n[shader(\"compute\")][numthreads(1, 1, 1)]\nvoid main(uint3 id : "
                      "SV_DispatchThreadID) {\n  int r = 0;\n  switch (int(id.x)) {\n";
    for (int k = 0; k < 20000; ++k) src += fmt::format("  case {}: r = {}; break;\n", k, k % 5);
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
        CHECK(contains(r.diagnostics[0].message, "a switch with 20000 cases"));
    }
}

}  // namespace oneshader::spirv::test
