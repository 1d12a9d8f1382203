// Bad IR text gives errors at line:column and never crashes.
#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

std::vector<std::string> errors_of(const std::string& text) {
    IrFixture f;
    return f.parse_errors(text);
}

void expect_error(const std::string& text, const std::string& expected) {
    std::vector<std::string> errors = errors_of(text);
    INFO(text);
    REQUIRE_FALSE(errors.empty());
    CHECK(errors.front() == expected);
}

TEST_CASE("parser errors: reflection texts are quoted and a counter names an earlier global", "[ir][parser]") {
    std::vector<std::string> e = errors_of("%g0 = global input float4 location(0) semantic(TEXCOORD0)\n");
    REQUIRE_FALSE(e.empty());
    CHECK(e.front().find("expected a quoted text") != std::string::npos);
    e = errors_of("%g0 = global input float4 location(0) semantic(\"TEXCOORD0)\n");
    REQUIRE_FALSE(e.empty());
    e = errors_of("%g0 = global storage RWByteAddressBuffer counter_for(%g1)\n");
    REQUIRE_FALSE(e.empty());
    CHECK(e.front().find("expected an earlier global") != std::string::npos);
}

TEST_CASE("parser errors: printf needs its format first, with two hex digits after each backslash", "[ir][parser]") {
    auto e = errors_of("func @cs() -> void {\nbb0:\n  intrinsic printf(1:int)\n  ret\n}\n");
    REQUIRE(!e.empty());
    CHECK(e.front().find("expected printf's format") != std::string::npos);
    e = errors_of("func @cs() -> void {\nbb0:\n  intrinsic printf(\"a\\q\")\n  ret\n}\n");
    REQUIRE(!e.empty());
    CHECK(e.front().find("two hex digits") != std::string::npos);
}

TEST_CASE("parser errors: unknown opcode", "[ir][parser]") {
    expect_error("func @f() -> void {\nbb0:\n  %0 = frob 1:int : int\n  ret\n}\n", "3:8: unknown opcode 'frob'");
}

TEST_CASE("parser errors: a value's instruction needs a result and a type", "[ir][parser]") {
    expect_error("func @f() -> void {\nbb0:\n  add 1:int, 2:int\n  ret\n}\n",
                 "3:3: 'add' defines a value: write %N = add ...");
    expect_error("func @f() -> void {\nbb0:\n  %0 = add 1:int, 2:int\n  ret\n}\n",
                 "3:24: expected ': type' after a value's instruction at the end of the line");
    expect_error("func @f() -> void {\nbb0:\n  %0 = store %0, 1:int : int\n}\n", "3:3: 'store' defines no value");
}

TEST_CASE("parser errors: a malformed source location", "[ir][parser]") {
    expect_error("func @f() -> int {\nbb0:\n  %0 = add 1:int, 2:int : int !line(1:2)\n  ret %0\n}\n",
                 "3:32: expected 'loc'");
    expect_error("func @f() -> int {\nbb0:\n  %0 = add 1:int, 2:int : int !loc(1)\n  ret %0\n}\n",
                 "3:37: expected ':', found ')'");
    expect_error("func @f() -> int {\nbb0:\n  %0 = add 1:int, 2:int : int !loc(0:4)\n  ret %0\n}\n",
                 "3:36: a location's file is numbered from 1");
}

TEST_CASE("parser errors: unknown types and bad type syntax", "[ir][parser]") {
    expect_error("%g0 = global private vector<int, 5>\n", "1:22: not a valid type");
    expect_error("%g0 = global private ptr<heap, int>\n", "1:26: expected an address space (function, private, "
                                                          "workgroup, uniform, uniform_constant, storage, "
                                                          "push_constant, input, output)");
    expect_error("%g0 = global private Missing\n", "1:22: struct Missing is never defined");
}

TEST_CASE("parser errors: literals must fit their type", "[ir][parser]") {
    expect_error("%g0 = global private int = 2147483648:int\n", "1:28: '2147483648' is out of range for int");
    expect_error("%g0 = global private uint = -1:uint\n", "1:29: '-1' is out of range for uint");
    expect_error("%g0 = global private int = 1.5:int\n", "1:28: '1.5' is not an integer; the type is int");
    expect_error("%g0 = global private bool = 1:bool\n", "1:29: a bool constant is true or false");
    expect_error("%g0 = global private float = 1e99:float\n", "1:30: '1e99' is out of range for float");
    expect_error("%g0 = global private float = nan(0x3f800000):float\n",
                 "1:30: nan(...) needs the bits of a NaN of type float");
}

TEST_CASE("parser errors: composite constants have one element per component", "[ir][parser]") {
    expect_error("%g0 = global private float3 = float3{1.0, 2.0}\n", "1:37: float3 needs 3 elements, not 2");
    expect_error("%g0 = global private float2 = float2{1.0, 2.0, 3.0}\n", "1:48: too many elements for float2");
    expect_error("%g0 = global private int = int{1}\n", "1:31: a int has no composite constants");
}

TEST_CASE("parser errors: undefined values, blocks, globals and functions", "[ir][parser]") {
    expect_error("func @f() -> void {\nbb0:\n  %0 = add %7, 1:int : int\n  ret\n}\n", "3:12: %7 is never defined");
    expect_error("func @f() -> void {\nbb0:\n  br bb9\n}\n", "3:6: bb9 is never defined");
    expect_error("func @f() -> void {\nbb0:\n  %0 = load %g3 : int\n  ret\n}\n", "3:13: unknown global %g3");
    expect_error("func @f() -> void {\nbb0:\n  call @g()\n  ret\n}\n", "3:8: no function @g");
    expect_error("entry compute @main workgroup_size(1, 1, 1)\n", "1:15: no function @main");
}

TEST_CASE("parser errors: redefinitions", "[ir][parser]") {
    expect_error("func @f() -> void {\nbb0:\n  %0 = add 1:int, 1:int : int\n  %0 = add 1:int, 1:int : int\n  ret\n}\n",
                 "4:3: %0 is defined twice");
    expect_error("func @f() -> void {\nbb0:\n  ret\nbb0:\n  ret\n}\n", "4:1: bb0 is defined twice");
    expect_error("func @f() -> void {\nbb0:\n  ret\n}\nfunc @f() -> void {\nbb0:\n  ret\n}\n",
                 "5:6: function @f is defined twice");
    expect_error("struct S { a: int }\nstruct S { b: int }\n", "2:8: struct S is defined twice");
    expect_error("spec 1 = 1:int\nspec 1 = 2:int\n", "2:6: specialization constant 1 is defined twice");
    expect_error("%g0 = global private int\n%g0 = global private int\n", "2:1: %g0 is defined twice");
}

TEST_CASE("parser errors: block notes, attributes and top-level lines", "[ir][parser]") {
    expect_error("func @f() -> void {\nbb0: ; loop marge=bb1\n  ret\n}\n", "2:13: unknown block note 'marge'");
    expect_error("func @f() -> void {\nbb0: ; selection merge=bb0 hint=sometimes\n  ret\n}\n",
                 "2:33: unknown control hint");
    expect_error("%g0 = global input float4 builtin(sv_position)\n", "1:35: unknown builtin 'sv_position'");
    expect_error("%g0 = global uniform_constant RWTexture2D<float4> format(rgb9)\n", "1:58: unknown image format 'rgb9'");
    expect_error("hello\n", "1:1: expected struct, spec, a global, func or entry");
    expect_error("func @f() -> void {\n  ret\n}\n", "2:3: an instruction before the first block label");
    expect_error("func @f() -> void {\nbb0:\n  ret\n", "1:6: function @f has no closing '}'");
}

TEST_CASE("parser errors: immediates of atomics, barriers, spec constants and switches", "[ir][parser]") {
    expect_error("func @f() -> void {\nbb0:\n  %0 = atomic nand %g0, 1:int : int\n  ret\n}\n",
                 "3:15: expected an atomic operation (add, sub, and, or, xor, min, max, exchange)");
    expect_error("func @f() -> void {\nbb0:\n  barrier group_sync|everything\n  ret\n}\n",
                 "3:22: expected barrier flags (group_sync, workgroup_memory, device_memory)");
    expect_error("spec 1 N = 1:int\nfunc @f() -> void {\nbb0:\n  %0 = add spec(1 M), 1:int : int\n  ret\n}\n",
                 "4:19: specialization constant 1 is named 'N'");
    expect_error("func @f() -> void {\nbb0:\n  switch 1:int default bb0 [1 bb0]\n}\n", "3:31: expected ':', found 'bb0'");
    expect_error("spec 1 = float2{1.0, 2.0}\n", "1:10: a specialization constant is a scalar");
}

TEST_CASE("parser errors: every error is reported, one per line", "[ir][parser]") {
    std::vector<std::string> errors =
        errors_of("%g0 = global private int = 1.5:int\n%g1 = global private uint = -1:uint\n%g2 = global private Q\n");
    CHECK(errors == std::vector<std::string>{"1:28: '1.5' is not an integer; the type is int",
                                             "2:29: '-1' is out of range for uint",
                                             "3:22: struct Q is never defined"});
}

TEST_CASE("parser errors: deep nesting is refused, not followed", "[ir][parser]") {
    std::string type;
    for (int i = 0; i < 200; ++i) type += "ptr<function, ";
    type += "int";
    for (int i = 0; i < 200; ++i) type += ">";
    std::vector<std::string> errors = errors_of("%g0 = global private " + type + "\n");
    REQUIRE_FALSE(errors.empty());
    CHECK(errors.front().find("type nested too deeply") != std::string::npos);

    std::string braces = "%g0 = global private float2 = float2";
    for (int i = 0; i < 5000; ++i) braces += "{";
    errors = errors_of(braces + "\n");
    REQUIRE_FALSE(errors.empty());
}

TEST_CASE("parser errors: garbage never crashes the parser", "[ir][parser]") {
    // Every prefix of a valid module, and a few mangled characters, give errors or a module.
    std::string text = R"(struct S { a: int, b: float2 }
spec 0 N = 1:int
%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) ; t
func @f(%arg0: int) -> int { ; x
bb0: ; selection merge=bb2 hint=branch (entry)
  %0 = eq %arg0, spec(0 N) : bool
  cond_br %0, bb1, bb2
bb1:
  br bb2
bb2:
  %1 = phi [%arg0, bb0], [1:int, bb1] : int
  ret %1
}
entry compute @f workgroup_size(1, 1, 1)
)";
    std::size_t ran = 0;
    for (std::size_t n = 0; n <= text.size(); n += 3) {
        IrFixture f;
        f.parse_errors(text.substr(0, n));
        verify(f.module);
        print_module(f.module);
        ++ran;
    }
    for (std::size_t k = 0; k < text.size(); k += 5) {
        for (char c : {'{', '%', ']', ':', '-', '\0'}) {
            std::string bad = text;
            bad[k] = c;
            IrFixture f;
            f.parse_errors(bad);
            verify(f.module);
            ++ran;
        }
    }
    CHECK(ran > 100);
}

}  // namespace
}  // namespace oneshader::ir::test
