// combine: constant folding with the exactness rules, and exact identities.
#include "opt_fixture.hpp"

namespace oneshader::opt::test {
namespace {

// `expr` is the right-hand side of `%0 = ... : type` in a function returning `type`; returns what
// the function returns after combine ("%0" when the instruction stayed).
template <class F = IrFixture>
std::string fold(std::string_view expr, std::string_view type, std::string_view params = "") {
    std::string text = "func @f(" + std::string(params) + ") -> " + std::string(type) + " {\nbb0:\n  %0 = " +
                       std::string(expr) + " : " + std::string(type) + "\n  ret %0\n}\n";
    std::string out = after_pass<F>("combine", text);
    auto at = out.find("  ret ");
    REQUIRE(at != std::string::npos);
    auto end = out.find('\n', at);
    return out.substr(at + 6, end - at - 6);
}

struct Row {
    const char* expr;
    const char* type;
    const char* expected;  // "%0": not folded
};

template <class F = IrFixture>
void check_rows(std::initializer_list<Row> rows, std::string_view params = "") {
    for (const Row& r : rows) {
        INFO(r.expr << " : " << r.type);
        CHECK(fold<F>(r.expr, r.type, params) == r.expected);
    }
}

TEST_CASE("combine folds integer arithmetic with wrapping in every width", "[opt][combine]") {
    check_rows({
        {"add 2147483647:int, 1:int", "int", "-2147483648:int"},
        {"sub 0:uint, 1:uint", "uint", "4294967295:uint"},
        {"mul 65535:uint16_t, 65535:uint16_t", "uint16_t", "1:uint16_t"},
        {"add 32767:int16_t, 1:int16_t", "int16_t", "-32768:int16_t"},
        {"mul 9223372036854775807:int64_t, 2:int64_t", "int64_t", "-2:int64_t"},
        {"add 18446744073709551615:uint64_t, 2:uint64_t", "uint64_t", "1:uint64_t"},
        {"div -7:int, 2:int", "int", "-3:int"},
        {"rem -7:int, 2:int", "int", "-1:int"},
        {"div 7:uint, 2:uint", "uint", "3:uint"},
        {"neg -2147483648:int", "int", "-2147483648:int"},
        {"bit_not 0:uint", "uint", "4294967295:uint"},
        {"bit_xor 12:int, 10:int", "int", "6:int"},
        {"bit_and 12:int, 10:int", "int", "8:int"},
        {"bit_or 12:int, 10:int", "int", "14:int"},
    });
}

TEST_CASE("combine masks shift amounts to the width", "[opt][combine]") {
    check_rows({
        {"shl 1:int, 33:int", "int", "2:int"},
        {"shl 1:int16_t, 17:int16_t", "int16_t", "2:int16_t"},
        {"shl 1:uint64_t, 65:uint64_t", "uint64_t", "2:uint64_t"},
        {"shr -8:int, 1:int", "int", "-4:int"},
        {"shr 4294967288:uint, 1:uint", "uint", "2147483644:uint"},
        {"shr -8:int, 32:int", "int", "-8:int"},
    });
}

TEST_CASE("combine folds bit field extracts and inserts of constants", "[opt][combine]") {
    check_rows({
        {"bitfield_extract 4207835962:uint, 4:uint, 12:uint", "uint", "1971:uint"},       // 0xFACE7B3A
        {"bitfield_extract 4207835962:uint, 16:uint, 16:uint", "uint", "64206:uint"},
        {"bitfield_extract 59180:int, 0:uint, 6:uint", "int", "-20:int"},                 // sign-extended
        {"bitfield_extract 59180:int, 6:uint, 10:uint", "int", "-100:int"},
        {"bitfield_extract -1:int, 0:uint, 32:uint", "int", "-1:int"},
        {"bitfield_extract -256:int16_t, 8:uint, 8:uint", "int16_t", "-1:int16_t"},
        {"bitfield_extract 18446744073709551615:uint64_t, 40:uint, 24:uint", "uint64_t", "16777215:uint64_t"},
        {"bitfield_insert 305419896:uint, 9:uint, 0:uint, 4:uint", "uint", "305419897:uint"},  // 0x12345678
        {"bitfield_insert 0:uint, 74565:uint, 16:uint, 16:uint", "uint", "591724544:uint"},    // cut: 0x2345 << 16
        {"bitfield_insert 0:int, -3:int, 0:uint, 8:uint", "int", "253:int"},
        {"bitfield_insert 0:int, -1:int, 24:uint, 8:uint", "int", "-16777216:int"},
    });
    CHECK(fold("bitfield_extract %arg0, 4:uint, 12:uint", "uint", "%arg0: uint") == "%0");
}

TEST_CASE("combine leaves division by zero and INT_MIN / -1 to the GPU", "[opt][combine][exactness]") {
    check_rows({
        {"div 1:int, 0:int", "int", "%0"},
        {"rem 1:int, 0:int", "int", "%0"},
        {"div 1:uint, 0:uint", "uint", "%0"},
        {"div -2147483648:int, -1:int", "int", "%0"},
        {"rem -2147483648:int, -1:int", "int", "%0"},
        {"div -9223372036854775808:int64_t, -1:int64_t", "int64_t", "%0"},
        {"div -32768:int16_t, -1:int16_t", "int16_t", "%0"},
        {"div 1.0:float, 0.0:float", "float", "%0"},
        {"rem 1.0:float, 0.0:float", "float", "%0"},
    });
}

TEST_CASE("combine folds floats in their own precision", "[opt][combine]") {
    check_rows({
        {"add 0.1:float, 0.2:float", "float", "0.3:float"},
        {"add 0.1:double, 0.2:double", "double", "0.30000000000000004:double"},
        {"mul 3.0:float, 0.5:float", "float", "1.5:float"},
        {"div 1.0:float, 3.0:float", "float", "0.33333334:float"},
        {"div 1.0:double, 3.0:double", "double", "0.3333333333333333:double"},
        {"rem 7.5:float, 2.0:float", "float", "1.5:float"},
        {"rem -7.5:float, 2.0:float", "float", "-1.5:float"},
        {"sub 1.0:float, 1.0:float", "float", "0.0:float"},
        {"neg 0.0:float", "float", "-0.0:float"},
        // 1 + 2^-24 is exactly halfway between two floats: ties to even.
        {"add 1.0:float, 5.9604645e-08:float", "float", "1.0:float"},
    });
}

TEST_CASE("combine leaves NaN, infinities and subnormals to the GPU", "[opt][combine][exactness]") {
    check_rows({
        {"add nan(0x7fc00000):float, 1.0:float", "float", "%0"},
        {"mul inf:float, 2.0:float", "float", "%0"},
        {"sub -inf:float, 1.0:float", "float", "%0"},
        {"neg inf:float", "float", "%0"},
        {"mul 1e+30:float, 1e+30:float", "float", "%0"},        // overflows to infinity
        {"mul 1e-30:float, 1e-30:float", "float", "%0"},        // underflows to zero
        {"mul 1e-20:float, 1e-20:float", "float", "%0"},        // a subnormal result
        {"add 1e-45:float, 1.0:float", "float", "%0"},          // a subnormal operand
        {"mul 1e-300:double, 1e-300:double", "double", "%0"},   // underflow in double
        {"add 1e+308:double, 1e+308:double", "double", "%0"},   // overflow in double
    });
    check_rows({{"lt nan(0x7fc00000):float, 1.0:float", "bool", "%0"}, {"eq inf:float, inf:float", "bool", "%0"}});
}

TEST_CASE("combine rounds half results once, to nearest even", "[opt][combine]") {
    // With -enable-16bit-types, half is 16 bits wide.
    check_rows<Fixture16>({
        {"add 1.0:half, 0.0009765625:half", "half", "1.0009766:half"},
        {"add 2048.0:half, 1.0:half", "half", "2048.0:half"},  // halfway: ties to even
        {"add 2048.0:half, 3.0:half", "half", "2052.0:half"},  // halfway: ties to even
        {"mul 256.0:half, 256.0:half", "half", "%0"},         // 65536 overflows half
        {"mul 0.0001:half, 0.001:half", "half", "%0"},        // below half's normal range
        {"convert 70000:int", "half", "%0"},
        {"convert 0.1:float", "half", "0.099975586:half"},
    });
    // Without it, half is a 32-bit float.
    check_rows({{"add 2048.0:half, 1.0:half", "half", "2049.0:half"}});
}

TEST_CASE("combine folds conversions only into range", "[opt][combine][exactness]") {
    check_rows({
        {"convert -1.75:float", "int", "-1:int"},
        {"convert 3.99:float", "uint", "3:uint"},
        {"convert -0.5:float", "uint", "0:uint"},
        {"convert -1.0:float", "uint", "%0"},
        {"convert 4294967296.0:float", "uint", "%0"},
        {"convert 2147483648.0:float", "int", "%0"},
        {"convert -2147483648.0:float", "int", "-2147483648:int"},
        {"convert nan(0x7fc00000):float", "int", "%0"},
        {"convert inf:float", "int", "%0"},
        {"convert 16777217:int", "float", "16777216.0:float"},
        {"convert -1:int", "uint64_t", "18446744073709551615:uint64_t"},
        {"convert 4294967295:uint", "int64_t", "4294967295:int64_t"},
        {"convert 65537:int", "int16_t", "1:int16_t"},
        {"convert 0.1:double", "float", "0.1:float"},
        {"convert 1e+300:double", "float", "%0"},
        {"convert 1e-300:double", "float", "%0"},
        {"convert true:bool", "float", "1.0:float"},
        {"convert 2:int", "bool", "true:bool"},
    });
}

TEST_CASE("combine never folds min-precision types or transcendental intrinsics", "[opt][combine][exactness]") {
    check_rows({
        {"add 1.0:min16float, 2.0:min16float", "min16float", "%0"},
        {"add 1:min16int, 2:min16int", "min16int", "%0"},
        {"intrinsic sin(0.0:float)", "float", "%0"},
        {"intrinsic exp(1.0:float)", "float", "%0"},
    });
}

TEST_CASE("combine never folds specialization constants", "[opt][combine][exactness]") {
    std::string in = R"(spec 1 N = 4:int

func @f() -> int {
bb0:
  %0 = mul spec(1 N), 2:int : int
  %1 = add spec(1 N), 0:int : int
  %2 = add %0, %1 : int
  ret %2
}
)";
    check_pass("combine", in, in);
}

TEST_CASE("combine folds comparisons, logic, select and bitcast", "[opt][combine]") {
    check_rows({
        {"lt -1:int, 0:int", "bool", "true:bool"},
        {"lt 4294967295:uint, 0:uint", "bool", "false:bool"},
        {"eq -0.0:float, 0.0:float", "bool", "true:bool"},
        {"ge 2.5:double, 2.5:double", "bool", "true:bool"},
        {"and true:bool, false:bool", "bool", "false:bool"},
        {"not false:bool", "bool", "true:bool"},
        {"select true:bool, 1:int, 2:int", "int", "1:int"},
        {"bitcast 1.0:float", "uint", "1065353216:uint"},
        {"bitcast 2139095040:uint", "float", "%0"},  // infinity
    });
}

TEST_CASE("combine folds vectors component-wise and composites exactly", "[opt][combine]") {
    check_rows({
        {"add int2{1, 2}, int2{3, 4}", "int2", "int2{4, 6}"},
        {"mul float3{1.0, 2.0, 3.0}, float3{0.5, 0.5, 0.5}", "float3", "float3{0.5, 1.0, 1.5}"},
        {"div int2{4, 4}, int2{2, 0}", "int2", "%0"},  // one lane divides by zero
        {"lt int2{1, 5}, int2{3, 3}", "bool2", "bool2{true, false}"},
        {"splat 2.0:float", "float4", "float4{2.0, 2.0, 2.0, 2.0}"},
        {"swizzle float4{1.0, 2.0, 3.0, 4.0} [3, 0]", "float2", "float2{4.0, 1.0}"},
        {"extract float4{1.0, 2.0, 3.0, 4.0} [2]", "float", "3.0:float"},
        {"extract float2x2{{1.0, 2.0}, {3.0, 4.0}} [1]", "float2", "float2{3.0, 4.0}"},
        {"construct 1.0:float, float2{2.0, 3.0}", "float3", "float3{1.0, 2.0, 3.0}"},
        {"add int2{1, 2}, zero:int2", "int2", "int2{1, 2}"},
        {"add undef:int, 1:int", "int", "%0"},
    });
}

TEST_CASE("combine applies exact identities", "[opt][combine]") {
    check_rows({
        {"add %arg0, 0:int", "int", "%arg0"},
        {"mul 1:int, %arg0", "int", "%arg0"},
        {"mul %arg0, 0:int", "int", "0:int"},
        {"sub %arg0, %arg0", "int", "0:int"},
        {"bit_xor %arg0, %arg0", "int", "0:int"},
        {"bit_and %arg0, -1:int", "int", "%arg0"},
        {"shl %arg0, 32:int", "int", "%arg0"},
        {"div %arg0, 1:int", "int", "%arg0"},
    }, "%arg0: int");
    check_rows({
        {"mul %arg0, 1.0:float", "float", "%arg0"},
        {"add %arg0, -0.0:float", "float", "%arg0"},
        {"sub %arg0, 0.0:float", "float", "%arg0"},
        {"add %arg0, 0.0:float", "float", "%0"},  // -0.0 + 0.0 is +0.0
        {"mul %arg0, 0.0:float", "float", "%0"},  // NaN, infinities and -x
        {"sub %arg0, %arg0", "float", "%0"},      // NaN and infinities
    }, "%arg0: float");
    check_rows({{"eq %arg0, %arg0", "bool", "%0"}}, "%arg0: float");
    check_rows({{"eq %arg0, %arg0", "bool", "true:bool"}, {"lt %arg0, %arg0", "bool", "false:bool"}}, "%arg0: int");
}

TEST_CASE("combine clamps a constant index past the end of an array, vector or matrix to the last element", "[opt][combine]") {
    // What WGSL does with a run-time index out of range, and what WGSL requires of a constant one;
    // struct members, runtime arrays and indices in range stay as they are.
    check_pass("combine", R"(struct S { a: float4, b: float[3] }
%g0 = global private S ; s
%g1 = global storage RWStructuredBuffer<float> set(0) binding(0) ; out

func @f() -> void {
bb0:
  %0 = alloca : ptr<function, float2x2> ; m
  %1 = access %g0, 1:int, 72:uint : ptr<private, float>
  %2 = access %g0, 0:int, -2:int : ptr<private, float>
  %3 = access %0, 5:uint, 1:uint : ptr<function, float>
  %4 = access %g1, 9:uint : ptr<storage, float>
  %5 = access %g0, 1:int, 2:uint : ptr<private, float>
  %6 = load %1 : float
  %7 = load %2 : float
  %8 = load %3 : float
  %9 = load %5 : float
  store %4, %6
  store %4, %7
  store %4, %8
  store %4, %9
  ret
}
)",
               R"(struct S { a: float4, b: float[3] }

%g0 = global private S ; s
%g1 = global storage RWStructuredBuffer<float> set(0) binding(0) ; out

func @f() -> void {
bb0:
  %0 = alloca : ptr<function, float2x2> ; m
  %1 = access %g0, 1:int, 2:uint : ptr<private, float>
  %2 = access %g0, 0:int, 3:int : ptr<private, float>
  %3 = access %0, 1:uint, 1:uint : ptr<function, float>
  %4 = access %g1, 9:uint : ptr<storage, float>
  %5 = access %g0, 1:int, 2:uint : ptr<private, float>
  %6 = load %1 : float
  %7 = load %2 : float
  %8 = load %3 : float
  %9 = load %5 : float
  store %4, %6
  store %4, %7
  store %4, %8
  store %4, %9
  ret
}
)");
}

TEST_CASE("combine never rewrites precise instructions, but folds their constants", "[opt][combine][exactness]") {
    check_rows({{"mul precise %arg0, 1.0:float", "float", "%0"}, {"add precise 1.0:float, 2.0:float", "float", "3.0:float"}},
               "%arg0: float");
}

TEST_CASE("combine simplifies composites and phis through their sources", "[opt][combine]") {
    check_pass("combine", R"(func @f(%arg0: float4, %arg1: float, %arg2: bool) -> float {
bb0: ; selection merge=bb2
  %0 = swizzle %arg0 [3, 2, 1, 0] : float4
  %1 = swizzle %0 [1, 0] : float2
  %2 = extract %1 [1] : float
  %3 = construct %arg1, %2 : float2
  %4 = extract %3 [0] : float
  %5 = insert %arg0, %4 [2] : float4
  %6 = extract %5 [2] : float
  %7 = swizzle %arg0 [0, 1, 2, 3] : float4
  %8 = extract %7 [0] : float
  %9 = add %6, %8 : float
  cond_br %arg2, bb1, bb2
bb1:
  br bb2
bb2:
  %10 = phi [%9, bb0], [%9, bb1] : float
  ret %10
}
)",
               R"(func @f(%arg0: float4, %arg1: float, %arg2: bool) -> float {
bb0: ; selection merge=bb2
  %0 = swizzle %arg0 [3, 2, 1, 0] : float4
  %1 = swizzle %arg0 [2, 3] : float2
  %2 = extract %arg0 [3] : float
  %3 = construct %arg1, %2 : float2
  %4 = insert %arg0, %arg1 [2] : float4
  %5 = extract %arg0 [0] : float
  %6 = add %arg1, %5 : float
  cond_br %arg2, bb1, bb2
bb1:
  br bb2
bb2:
  ret %6
}
)");
}

}  // namespace
}  // namespace oneshader::opt::test
