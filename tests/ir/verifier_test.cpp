// One negative test per verifier check: broken IR in, the expected message out. Most are written
// as IR text; what text cannot say (wrong parent links, values of other functions or modules) is
// built through the API.
#include <algorithm>

#include "ir/builder.hpp"
#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

void check_message(const std::vector<std::string>& messages, const std::string& expected) {
    INFO("messages:\n" << [&] {
        std::string all;
        for (const std::string& m : messages) all += m + "\n";
        return all;
    }());
    CHECK(std::find(messages.begin(), messages.end(), expected) != messages.end());
}

void expect(const std::string& text, const std::string& message) { check_message(verify_text(text), message); }

// A function body in a function taking an int and a float and returning void.
std::string fn(const std::string& body) { return "func @f(%arg0: int, %arg1: float) -> void {\n" + body + "}\n"; }

// --- block shape --------------------------------------------------------------------------------

TEST_CASE("verifier: a block must end in a terminator", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = add 1:int, 2:int : int\n"), "@f bb0: block does not end in a terminator");
}

TEST_CASE("verifier: a terminator must be last", "[ir][verifier]") {
    expect(fn("bb0:\n  ret\n  ret\n"), "@f bb0 ret: terminator in the middle of a block");
}

TEST_CASE("verifier: a function needs a block", "[ir][verifier]") {
    expect("func @f() -> void {\n}\n", "@f: a function needs at least one block");
}

TEST_CASE("verifier: the entry block has no predecessors", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb0\n"), "@f bb0: the entry block has predecessors");
}

TEST_CASE("verifier: operand counts follow the opcode table", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = add 1:int : int\n  ret\n"), "@f bb0 %0 = add: has 1 operands, expected 2");
}

// --- operand ordering and dominance ----------------------------------------------------------------

TEST_CASE("verifier: a value is defined before its use in a block", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = add %1, 1:int : int\n  %1 = add 1:int, 2:int : int\n  ret\n"),
           "@f bb0 %0 = add: operand 0 %1 is used before it is defined");
}

TEST_CASE("verifier: a definition dominates its uses in reachable blocks", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = eq %arg0, 0:int : bool\n  cond_br %0, bb1, bb2\nbb1:\n  %1 = add %arg0, 1:int : int\n"
              "  br bb2\nbb2:\n  %2 = add %1, 1:int : int\n  ret\n"),
           "@f bb2 %2 = add: operand 0 %1 does not dominate this use");
}

TEST_CASE("verifier: uses in unreachable blocks are not checked for dominance", "[ir][verifier]") {
    CHECK(verify_text(fn("bb0:\n  ret\nbb1:\n  %0 = add %1, 1:int : int\n  br bb2\nbb2:\n  %1 = add %arg0, 1:int : int\n"
                         "  br bb1\n")) == std::vector<std::string>{});
}

TEST_CASE("verifier: a phi operand dominates the end of its incoming block", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = eq %arg0, 0:int : bool\n  cond_br %0, bb1, bb2\nbb1:\n  %1 = add %arg0, 1:int : int\n"
              "  br bb3\nbb2:\n  br bb3\nbb3:\n  %2 = phi [%1, bb1], [%1, bb2] : int\n  ret\n"),
           "@f bb3 %2 = phi: operand 1 %1 does not dominate the end of bb2");
}

// --- phis ---------------------------------------------------------------------------------------

TEST_CASE("verifier: phis come first in their block", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb1\nbb1:\n  %0 = add %arg0, 1:int : int\n  %1 = phi [0:int, bb0] : int\n  ret\n"),
           "@f bb1 %1 = phi: phi after a non-phi instruction");
}

TEST_CASE("verifier: a phi has a value for every predecessor", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = eq %arg0, 0:int : bool\n  cond_br %0, bb1, bb2\nbb1:\n  br bb2\n"
              "bb2:\n  %1 = phi [1:int, bb1] : int\n  ret\n"),
           "@f bb2 %1 = phi: has no value for predecessor bb0");
}

TEST_CASE("verifier: a phi names only predecessors", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb2\nbb1:\n  br bb2\nbb2:\n  %0 = phi [1:int, bb0], [2:int, bb3] : int\n  ret\nbb3:\n  ret\n"),
           "@f bb2 %0 = phi: names bb3, which is not a predecessor");
}

TEST_CASE("verifier: a phi names each predecessor once", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb1\nbb1:\n  %0 = phi [1:int, bb0], [2:int, bb0] : int\n  ret\n"),
           "@f bb1 %0 = phi: names bb0 twice");
}

TEST_CASE("verifier: phi incoming values have the phi's type", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb1\nbb1:\n  %0 = phi [1.0:float, bb0] : int\n  ret\n"),
           "@f bb1 %0 = phi: incoming value 0 has type float, expected int");
}

// --- types of operations ------------------------------------------------------------------------

TEST_CASE("verifier: a load gives the pointee's type", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = alloca : ptr<function, int>\n  %1 = load %0 : float\n  ret\n"),
           "@f bb0 %1 = load: result type float, expected int");
}

TEST_CASE("verifier: a load goes through a pointer", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = load %arg0 : int\n  ret\n"), "@f bb0 %0 = load: loads through a pointer, not int");
}

TEST_CASE("verifier: a store writes the pointee's type", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = alloca : ptr<function, int>\n  store %0, %arg1\n  ret\n"),
           "@f bb0 store: the stored value has type float, expected int");
}

TEST_CASE("verifier: stores to read-only memory are refused", "[ir][verifier]") {
    expect("%g0 = global input float location(0)\n\n" + fn("bb0:\n  store %g0, %arg1\n  ret\n"),
           "@f bb0 store: cannot store to read-only memory (ptr<input, float>)");
}

TEST_CASE("verifier: alloca gives a function-space pointer", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = alloca : ptr<private, int>\n  ret\n"),
           "@f bb0 %0 = alloca: result must be a pointer in function space");
}

TEST_CASE("verifier: arithmetic operands have one type", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = add %arg0, %arg1 : int\n  ret\n"),
           "@f bb0 %0 = add: operand 1 has type float, expected int");
}

TEST_CASE("verifier: arithmetic result has the operands' type", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = mul %arg1, %arg1 : float2\n  ret\n"),
           "@f bb0 %0 = mul: result type float2 differs from the operands' float");
}

TEST_CASE("verifier: arithmetic needs numbers and bit operations integers", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = add true:bool, false:bool : bool\n  ret\n"),
           "@f bb0 %0 = add: operands must be numeric, not bool");
    expect(fn("bb0:\n  %0 = shl %arg1, %arg1 : float\n  ret\n"), "@f bb0 %0 = shl: operands must be integer, not float");
}

TEST_CASE("verifier: unary operations keep their operand's kind", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = not %arg0 : int\n  ret\n"), "@f bb0 %0 = not: operand has the wrong kind of type: int");
}

TEST_CASE("verifier: logical operations take bools", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = and %arg0, %arg0 : int\n  ret\n"), "@f bb0 %0 = and: operands must be bool, not int");
}

TEST_CASE("verifier: comparisons give bool of the operands' shape", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = lt int2{1, 2}, int2{3, 4} : bool\n  ret\n"), "@f bb0 %0 = lt: result type bool, expected bool2");
}

TEST_CASE("verifier: select takes a bool condition and arms of the result type", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = select %arg0, %arg1, %arg1 : float\n  ret\n"),
           "@f bb0 %0 = select: condition must be bool or bool of the result's shape, not int");
    expect(fn("bb0:\n  %0 = select true:bool, %arg0, %arg1 : float\n  ret\n"),
           "@f bb0 %0 = select: operand 1 has type int, expected float");
}

TEST_CASE("verifier: convert keeps the shape", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = convert %arg0 : float2\n  ret\n"),
           "@f bb0 %0 = convert: converts between scalars, vectors or matrices of one shape, not int to float2");
}

TEST_CASE("verifier: bitcast keeps the size", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = bitcast %arg0 : double\n  ret\n"),
           "@f bb0 %0 = bitcast: bitcast needs basic types of the same size, not int to double");
}

TEST_CASE("verifier: bit fields are constant bits of an integer scalar", "[ir][verifier]") {
    CHECK(verify_text(fn("bb0:\n  %0 = bitfield_extract %arg0, 4:uint, 28:uint : int\n"
                         "  %1 = bitfield_insert %arg0, %0, 0:uint, 1:uint : int\n  ret\n")) == std::vector<std::string>{});
    expect(fn("bb0:\n  %0 = bitfield_extract %arg1, 0:uint, 4:uint : float\n  ret\n"),
           "@f bb0 %0 = bitfield_extract: the base must be an integer scalar, not float");
    expect(fn("bb0:\n  %0 = bitfield_extract %arg0, 0:uint, 4:uint : uint\n  ret\n"),
           "@f bb0 %0 = bitfield_extract: result type uint differs from the base's int");
    expect(fn("bb0:\n  %0 = bitfield_extract %arg0, 30:uint, 4:uint : int\n  ret\n"),
           "@f bb0 %0 = bitfield_extract: the bits 30 to 34 are not a field of int");
    expect(fn("bb0:\n  %0 = bitfield_extract %arg0, 0:uint, 0:uint : int\n  ret\n"),
           "@f bb0 %0 = bitfield_extract: the bits 0 to 0 are not a field of int");
    expect(fn("bb0:\n  %0 = bitfield_extract %arg0, %arg0, 4:uint : int\n  ret\n"),
           "@f bb0 %0 = bitfield_extract: the offset and count must be uint constants");
    expect(fn("bb0:\n  %0 = bitfield_insert %arg0, 1:uint, 0:uint, 4:uint : int\n  ret\n"),
           "@f bb0 %0 = bitfield_insert: the field has type uint, expected int");
}

TEST_CASE("verifier: construct gives every component once", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = construct %arg1, %arg1 : float3\n  ret\n"), "@f bb0 %0 = construct: gives 2 components for a float3");
    expect(fn("bb0:\n  %0 = construct %arg0 : int[2]\n  ret\n"),
           "@f bb0 %0 = construct: a int[2] cannot be built from 1 elements");
}

TEST_CASE("verifier: extract and insert indices lead into the composite", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = extract float2{1.0, 2.0} [2] : float\n  ret\n"),
           "@f bb0 %0 = extract: indices do not lead into float2");
    expect(fn("bb0:\n  %0 = insert float2{1.0, 2.0}, %arg0 [1] : float2\n  ret\n"),
           "@f bb0 %0 = insert: the inserted value has type int, expected float");
}

TEST_CASE("verifier: swizzle components are in range", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = swizzle float2{1.0, 2.0} [0, 2] : float2\n  ret\n"),
           "@f bb0 %0 = swizzle: component 2 is out of range");
}

TEST_CASE("verifier: splat makes a vector of its scalar", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = splat %arg0 : float3\n  ret\n"),
           "@f bb0 %0 = splat: splats a scalar into a vector of it, not int into float3");
}

TEST_CASE("verifier: matmul shapes must agree", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = matmul float3{1.0, 2.0, 3.0}, zero:float4x4 : float4\n  ret\n"),
           "@f bb0 %0 = matmul: cannot multiply float3 by float4x4");
    expect(fn("bb0:\n  %0 = matmul float4{1.0, 2.0, 3.0, 4.0}, zero:float4x3 : float4\n  ret\n"),
           "@f bb0 %0 = matmul: result type float4, expected float3");
}

TEST_CASE("verifier: access chain indices select into the pointee", "[ir][verifier]") {
    expect("struct S { a: int, b: float }\n\n" +
               fn("bb0:\n  %0 = alloca : ptr<function, S>\n  %1 = access %0, 2:int : ptr<function, float>\n  ret\n"),
           "@f bb0 %1 = access: index 0 (2:int) does not select into S");
    expect("struct S { a: int, b: float }\n\n" +
               fn("bb0:\n  %0 = alloca : ptr<function, S>\n  %1 = access %0, %arg0 : ptr<function, float>\n  ret\n"),
           "@f bb0 %1 = access: index 0 (%arg0) does not select into S");
}

TEST_CASE("verifier: a constant index past the end of an array, vector or matrix is accepted", "[ir][verifier]") {
    // `uint i = 72; a[i]` becomes such an access once the optimizer knows i: undefined in HLSL, as
    // a dynamic index past the end is, and no reason to reject the module (combine clamps it).
    CHECK(verify_text(fn("bb0:\n  %0 = alloca : ptr<function, float[4]>\n  %1 = access %0, 72:uint : ptr<function, float>\n"
                         "  %2 = alloca : ptr<function, float4>\n  %3 = access %2, -1:int : ptr<function, float>\n"
                         "  %4 = alloca : ptr<function, float2x2>\n  %5 = access %4, 9:uint : ptr<function, float2>\n"
                         "  ret\n")) == std::vector<std::string>{});
}

TEST_CASE("verifier: access chain result is a pointer to what it selects", "[ir][verifier]") {
    expect(fn("bb0:\n  %0 = alloca : ptr<function, float4>\n  %1 = access %0, %arg0 : ptr<private, float>\n  ret\n"),
           "@f bb0 %1 = access: result type ptr<private, float>, expected ptr<function, float>");
}

TEST_CASE("verifier: calls match the callee's signature", "[ir][verifier]") {
    std::string callee = "func @g(%arg0: int) -> float {\nbb0:\n  ret 1.0:float\n}\n\n";
    expect(callee + fn("bb0:\n  %0 = call @g() : float\n  ret\n"),
           "@f bb0 %0 = call: passes 0 arguments to @g, which takes 1");
    expect(callee + fn("bb0:\n  %0 = call @g(%arg1) : float\n  ret\n"),
           "@f bb0 %0 = call: argument 0 has type float, expected int");
    expect(callee + fn("bb0:\n  %0 = call @g(%arg0) : int\n  ret\n"), "@f bb0 %0 = call: result type int, expected float");
}

TEST_CASE("verifier: ret matches the function's result", "[ir][verifier]") {
    expect(fn("bb0:\n  ret %arg0\n"), "@f bb0 ret: @f returns void");
    expect("func @g() -> int {\nbb0:\n  ret\n}\n", "@g bb0 ret: @g returns int");
    expect("func @g() -> int {\nbb0:\n  ret 1.0:float\n}\n", "@g bb0 ret: the returned value has type float, expected int");
}

TEST_CASE("verifier: branch conditions and switch selectors", "[ir][verifier]") {
    expect(fn("bb0:\n  cond_br %arg0, bb1, bb1\nbb1:\n  ret\n"),
           "@f bb0 cond_br: the condition must be a bool scalar, not int");
    expect(fn("bb0:\n  switch %arg1 default bb1 []\nbb1:\n  ret\n"),
           "@f bb0 switch: the selector must be an integer scalar, not float");
    expect(fn("bb0:\n  switch %arg0 default bb1 [1: bb1, 1: bb1]\nbb1:\n  ret\n"), "@f bb0 switch: case 1 appears twice");
}

TEST_CASE("verifier: texture operations take texture and sampler pointers", "[ir][verifier]") {
    std::string globals =
        "%g0 = global uniform_constant Texture2D<float4> set(0) binding(0)\n"
        "%g1 = global uniform_constant SamplerState set(0) binding(1)\n"
        "%g2 = global uniform_constant SamplerComparisonState set(0) binding(2)\n"
        "%g3 = global storage RWByteAddressBuffer set(0) binding(3)\n"
        "%g4 = global storage ByteAddressBuffer set(0) binding(4)\n\n";
    expect(globals + fn("bb0:\n  %0 = sample %g1, %g1, float2{0.0, 0.0} : float4\n  ret\n"),
           "@f bb0 %0 = sample: operand 0 must point to a texture or typed buffer, not ptr<uniform_constant, SamplerState>");
    expect(globals + fn("bb0:\n  %0 = sample %g0, %g2, float2{0.0, 0.0} : float4\n  ret\n"),
           "@f bb0 %0 = sample: operand 1 must point to a SamplerState");
    expect(globals + fn("bb0:\n  %0 = sample_cmp %g0, %g1, float2{0.0, 0.0}, 0.5:float : float\n  ret\n"),
           "@f bb0 %0 = sample_cmp: operand 1 must point to a SamplerComparisonState");
    expect(globals + fn("bb0:\n  %0 = sample %g0, %g1, int2{0, 0} : float4\n  ret\n"),
           "@f bb0 %0 = sample: the coordinate must be float, not int2");
    expect(globals + fn("bb0:\n  %0 = gather %g0, %g1, float2{0.0, 0.0} component(4) : float4\n  ret\n"),
           "@f bb0 %0 = gather: a gather's component is 0 to 3");
    expect(globals + fn("bb0:\n  %0 = sample %g0, %g1, float2{0.0, 0.0} offset(1, 2, 3, 4) : float4\n  ret\n"),
           "@f bb0 %0 = sample: a texel offset has at most 3 components");
    expect(globals + fn("bb0:\n  %0 = texture_load %g0, float2{0.0, 0.0} : float4\n  ret\n"),
           "@f bb0 %0 = texture_load: the coordinate must be integer, not float2");
    expect(globals + fn("bb0:\n  texture_store %g0, int2{0, 0}, float4{0.0, 0.0, 0.0, 0.0}\n  ret\n"),
           "@f bb0 texture_store: operand 0 must point to a read-write texture or typed buffer, not "
           "ptr<uniform_constant, Texture2D<float4>>");
    expect(globals + fn("bb0:\n  %0 = texture_size %g0 : float2\n  ret\n"),
           "@f bb0 %0 = texture_size: a texture query gives integers, not float2");
    expect(globals + fn("bb0:\n  byte_store %g4, 0:uint, 1:uint\n  ret\n"),
           "@f bb0 byte_store: operand 0 must point to a RWByteAddressBuffer");
    expect(globals + fn("bb0:\n  %0 = byte_load %g3, 1.0:float : uint\n  ret\n"),
           "@f bb0 %0 = byte_load: the byte offset must be an integer scalar");
    expect(globals + fn("bb0:\n  %0 = buffer_length %g0 : uint\n  ret\n"),
           "@f bb0 %0 = buffer_length: operand must point to a structured or byte-address buffer");
}

TEST_CASE("verifier: atomics work on integers in shared or storage memory", "[ir][verifier]") {
    expect("%g0 = global private uint\n\n" + fn("bb0:\n  %0 = atomic add %g0, 1:uint : uint\n  ret\n"),
           "@f bb0 %0 = atomic: atomics work on workgroup or storage memory, not ptr<private, uint>");
    expect("%g0 = global workgroup float\n\n" + fn("bb0:\n  %0 = atomic add %g0, 1.0:float : float\n  ret\n"),
           "@f bb0 %0 = atomic: atomics work on integer scalars (and exchange on float), not float");
    // Shader Model 6.6's float exchange verifies.
    CHECK(verify_text("%g0 = global workgroup float\n\n" +
                      fn("bb0:\n  %0 = atomic exchange %g0, 1.0:float : float\n  ret\n")).empty());
    expect("%g0 = global workgroup uint\n\n" + fn("bb0:\n  %0 = atomic_cmpxchg %g0, 1:int, 2:uint : uint\n  ret\n"),
           "@f bb0 %0 = atomic_cmpxchg: a value has type int, expected uint");
}

TEST_CASE("verifier: barriers need flags and nonuniform takes an integer", "[ir][verifier]") {
    expect(fn("bb0:\n  barrier none\n  ret\n"), "@f bb0 barrier: needs barrier flags");
    expect(fn("bb0:\n  %0 = nonuniform %arg1 : float\n  ret\n"), "@f bb0 %0 = nonuniform: the index must be an integer scalar");
}

// --- structure markers --------------------------------------------------------------------------

TEST_CASE("verifier: a selection header ends in cond_br or switch", "[ir][verifier]") {
    expect(fn("bb0: ; selection merge=bb1\n  br bb1\nbb1:\n  ret\n"), "@f bb0: a selection header ends in cond_br or switch");
}

TEST_CASE("verifier: a loop header ends in br", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb1\nbb1: ; loop merge=bb3 continue=bb2\n  cond_br true:bool, bb2, bb3\nbb2:\n  br bb1\nbb3:\n  ret\n"),
           "@f bb1: a loop header ends in br");
}

TEST_CASE("verifier: headers name their merge block", "[ir][verifier]") {
    expect(fn("bb0: ; selection\n  cond_br true:bool, bb1, bb1\nbb1:\n  ret\n"), "@f bb0: merge block is missing");
}

TEST_CASE("verifier: loops name their continue block", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb1\nbb1: ; loop merge=bb2\n  br bb2\nbb2:\n  ret\n"), "@f bb1: continue block is missing");
}

TEST_CASE("verifier: a header is not its own merge block", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb1\nbb1: ; selection merge=bb1\n  cond_br true:bool, bb2, bb2\nbb2:\n  ret\n"),
           "@f bb1: merge block is the header itself");
}

TEST_CASE("verifier: a loop's merge and continue blocks differ", "[ir][verifier]") {
    expect(fn("bb0:\n  br bb1\nbb1: ; loop merge=bb2 continue=bb2\n  br bb2\nbb2:\n  ret\n"),
           "@f bb1: merge and continue blocks must differ");
}

TEST_CASE("verifier: only loops have continue blocks", "[ir][verifier]") {
    expect(fn("bb0: ; selection merge=bb1 continue=bb1\n  cond_br true:bool, bb1, bb1\nbb1:\n  ret\n"),
           "@f bb0: a selection has no continue block");
}

TEST_CASE("verifier: markers and hints need a structure", "[ir][verifier]") {
    expect(fn("bb0: ; merge=bb1\n  br bb1\nbb1:\n  ret\n"), "@f bb0: merge or continue block without a structure");
    expect(fn("bb0: ; hint=flatten\n  br bb1\nbb1:\n  ret\n"), "@f bb0: control hint without a structure");
}

TEST_CASE("verifier: hints fit the construct", "[ir][verifier]") {
    expect(fn("bb0: ; selection merge=bb1 hint=unroll\n  cond_br true:bool, bb1, bb1\nbb1:\n  ret\n"),
           "@f bb0: unroll hints are for loops");
    expect(fn("bb0:\n  br bb1\nbb1: ; loop merge=bb3 continue=bb2 hint=flatten\n  br bb2\nbb2:\n  br bb1\nbb3:\n  ret\n"),
           "@f bb1: flatten and branch hints are for selections");
}

// --- module level -------------------------------------------------------------------------------

TEST_CASE("verifier: specialization constant ids are unique", "[ir][verifier]") {
    IrFixture f;
    f.parse("spec 1 A = 1:int\n");
    f.module.add_spec_constant(f.scalar(sema::ScalarKind::Int), 1, f.module.int_constant(2), "B");
    check_message(verify(f.module), "spec 1: id used twice");
}

TEST_CASE("verifier: a specialization constant's default has its type", "[ir][verifier]") {
    IrFixture f;
    f.module.add_spec_constant(f.scalar(sema::ScalarKind::Int), 4, f.module.float_constant(1.0f), "A");
    check_message(verify(f.module), "spec 4: default value must be a scalar constant of type int");
}

TEST_CASE("verifier: globals are not in function space", "[ir][verifier]") {
    expect("%g0 = global function int\n", "%g0: a global cannot be in function space");
}

TEST_CASE("verifier: only private globals have initializers, of their type", "[ir][verifier]") {
    expect("%g0 = global workgroup int = 1:int\n", "%g0: only private globals have initializers");
    expect("%g0 = global private int = 1.0:float\n", "%g0: initializer has type float, expected int");
}

TEST_CASE("verifier: stage variables have a location or a builtin", "[ir][verifier]") {
    expect("%g0 = global input float4\n", "%g0: a stage variable needs a location or a builtin");
    expect("%g0 = global output float4 location(0) builtin(position)\n",
           "%g0: a stage variable has a location or a builtin, not both");
    expect("%g0 = global private float4 location(0)\n", "%g0: location, builtin and interpolation are for stage variables");
}

TEST_CASE("verifier: resources have bindings and others none", "[ir][verifier]") {
    expect("%g0 = global uniform_constant Texture2D<float4> set(0)\n", "%g0: a resource needs a binding");
    expect("%g0 = global private int set(0) binding(1)\n", "%g0: set and binding are for resources");
}

TEST_CASE("verifier: image formats are for read-write textures", "[ir][verifier]") {
    expect("%g0 = global uniform_constant Texture2D<float4> set(0) binding(0) format(rgba8)\n",
           "%g0: an image format is for read-write textures and texel buffers");
}

TEST_CASE("verifier: a Buffer<T> may carry an image format, as sema allows", "[ir][verifier]") {
    CHECK(verify_text("%g0 = global uniform_constant Buffer<float4> set(0) binding(0) format(rgba32f)\n").empty());
}

TEST_CASE("verifier: pointers are never stored in memory", "[ir][verifier]") {
    expect("%g0 = global private ptr<private, int>\n",
           "%g0: pointers cannot be stored in memory (only resource references in private globals, until "
           "legalize_resources)");
    expect("%g0 = global uniform_constant Texture2D<float4>\n%g1 = global private ptr<uniform_constant, int>\n",
           "%g1: pointers cannot be stored in memory (only resource references in private globals, until "
           "legalize_resources)");
    // A static holding a resource holds its reference until legalize_resources makes it a local.
    CHECK(verify_text("%g0 = global private ptr<uniform_constant, Texture2D<float4>>\n").empty());
}

TEST_CASE("verifier: entry points wrap a parameterless void function", "[ir][verifier]") {
    expect(fn("bb0:\n  ret\n") + "\nentry pixel @f\n", "entry pixel @f: an entry point's function takes nothing and returns void");
}

TEST_CASE("verifier: entry point inputs and outputs are stage variables", "[ir][verifier]") {
    expect("%g0 = global output float4 location(0)\n\nfunc @main() -> void {\nbb0:\n  ret\n}\n\nentry vertex @main inputs(%g0)\n",
           "entry vertex @main: %g0 is not an input global of this module");
}

TEST_CASE("verifier: compute entry points and only they have a workgroup size", "[ir][verifier]") {
    std::string main = "func @main() -> void {\nbb0:\n  ret\n}\n\n";
    expect(main + "entry compute @main workgroup_size(8, 0, 1)\n",
           "entry compute @main: a compute entry point needs a workgroup size of at least 1 in each dimension");
    expect(main + "entry vertex @main workgroup_size(1, 1, 1)\n",
           "entry vertex @main: only compute entry points have a workgroup size");
}

// --- what text cannot say: links and ownership ----------------------------------------------------

struct BuiltFunction {
    IrFixture f;
    Function* fn;
    Block* entry;
    Builder b{f.module};
    BuiltFunction() {
        fn = f.module.add_function("f", f.types.void_type());
        f.module.add_argument(fn, f.scalar(sema::ScalarKind::Int), "x");
        entry = f.module.add_block(fn);
        b.set_insert_point(entry);
    }
};

TEST_CASE("verifier: an instruction's block link matches its block", "[ir][verifier]") {
    BuiltFunction t;
    Instruction* r = t.b.ret();
    Block* other = t.f.module.add_block(t.fn);
    r->block = other;
    t.b.set_insert_point(other);
    t.b.ret();
    check_message(verify(t.f.module), "@f bb0 ret: instruction's block link is wrong");
}

TEST_CASE("verifier: a block's function link matches its function", "[ir][verifier]") {
    BuiltFunction t;
    t.b.ret();
    Function* g = t.f.module.add_function("g", t.f.types.void_type());
    t.entry->function = g;
    check_message(verify(t.f.module), "@f bb0: block's function link is wrong");
}

TEST_CASE("verifier: an instruction is in one place", "[ir][verifier]") {
    BuiltFunction t;
    Instruction* r = t.b.ret();
    Block* other = t.f.module.add_block(t.fn);
    other->instructions.push_back(r);
    check_message(verify(t.f.module), "@f bb1 ret: instruction is in two places");
}

TEST_CASE("verifier: operands belong to the function and module", "[ir][verifier]") {
    BuiltFunction t;
    Function* g = t.f.module.add_function("g", t.f.types.void_type());
    Argument* foreign_arg = t.f.module.add_argument(g, t.f.scalar(sema::ScalarKind::Int), "y");
    Instruction* removed = t.b.add(t.fn->arguments[0], t.fn->arguments[0]);
    remove_instruction(removed);
    IrFixture other;
    Constant* foreign_constant = other.module.int_constant(7);
    Global* foreign_global = other.module.add_global(sema::AddressSpace::Private, other.scalar(sema::ScalarKind::Int), "g");
    t.b.add(foreign_arg, foreign_arg);
    t.b.add(removed, foreign_constant);
    t.b.load(foreign_global);
    t.b.ret();
    Block* gb = t.f.module.add_block(g);
    t.b.set_insert_point(gb);
    t.b.ret();
    std::vector<std::string> messages = verify(t.f.module);
    check_message(messages, "@f bb0 %0 = add: operand 0 is an argument of another function");
    check_message(messages, "@f bb0 %1 = add: operand 0 is an instruction that is not in @f");
    check_message(messages, "@f bb0 %1 = add: operand 1 is a constant of another module");
    check_message(messages, "@f bb0 %2 = load: operand 0 is a global of another module");
}

TEST_CASE("verifier: branch targets are blocks of the function", "[ir][verifier]") {
    BuiltFunction t;
    Function* g = t.f.module.add_function("g", t.f.types.void_type());
    Block* gb = t.f.module.add_block(g);
    t.b.br(gb);
    t.b.set_insert_point(gb);
    t.b.ret();
    check_message(verify(t.f.module), "@f bb0 br: targets a block that is not in @f");
}

TEST_CASE("verifier: null operands and missing results are reported, not followed", "[ir][verifier]") {
    BuiltFunction t;
    Value* ops[] = {nullptr, t.fn->arguments[0]};
    t.b.make(Opcode::Add, nullptr, ops);
    t.b.ret();
    std::vector<std::string> messages = verify(t.f.module);
    check_message(messages, "@f bb0 add: operand 0 is null");
    check_message(messages, "@f bb0 add: must define a value");
}

TEST_CASE("verifier: function names are unique and the entry function is in the module", "[ir][verifier]") {
    BuiltFunction t;
    t.b.ret();
    Function* dup = t.f.module.add_function("f", t.f.types.void_type());
    t.b.set_insert_point(t.f.module.add_block(dup));
    t.b.ret();
    IrFixture other;
    Function* foreign = other.module.add_function("main", other.types.void_type());
    t.f.module.add_entry_point(ShaderStage::Pixel, foreign);
    std::vector<std::string> messages = verify(t.f.module);
    check_message(messages, "@f: function name used twice");
    check_message(messages, "entry pixel @main: the function is not in the module");
}

TEST_CASE("verifier: calls go to functions of the module and intrinsics have ids", "[ir][verifier]") {
    BuiltFunction t;
    IrFixture other;
    Function* foreign = other.module.add_function("h", other.types.void_type());
    t.b.call(foreign, {});
    t.b.intrinsic(intrinsics::Id::None, t.f.scalar(sema::ScalarKind::Float), {});
    t.b.intrinsic(intrinsics::Id::GroupMemoryBarrier, t.f.types.void_type(), {});
    t.b.ret();
    std::vector<std::string> messages = verify(t.f.module);
    check_message(messages, "@f bb0 call: the callee is not in the module");
    check_message(messages, "@f bb0 %0 = intrinsic: no intrinsic");
    check_message(messages, "@f bb0 intrinsic: 'GroupMemoryBarrier' is never a call in the IR");
}

TEST_CASE("verifier: composite constants fit their type", "[ir][verifier]") {
    IrFixture f;
    Constant* one = f.module.int_constant(1);
    Constant* parts[] = {one, one, one};
    f.module.composite_constant(f.types.vector(sema::ScalarKind::Float, 3), parts);
    std::vector<std::string> messages = verify(f.module);
    check_message(messages, "constant float3{1, 1, 1}: element 0 does not fit float3");
}

TEST_CASE("verifier: a verified module gives no messages, and bad ones never crash it", "[ir][verifier]") {
    BuiltFunction t;
    // Everything broken at once: no terminator, null type, foreign targets, a phi without blocks.
    Instruction* odd = t.f.module.make_instruction(Opcode::Phi, t.f.scalar(sema::ScalarKind::Int));
    odd->operands.push_back(t.fn->arguments[0]);
    t.b.insert(odd);
    Instruction* sw = t.f.module.make_instruction(Opcode::Switch, nullptr);
    sw->immediates = {1, 2};
    t.b.insert(sw);
    std::vector<std::string> messages = verify(t.f.module);
    check_message(messages, "@f bb0 switch: has 0 operands, expected 1");
    check_message(messages, "@f bb0 %0 = phi: has 0 block targets, expected 1");
}

}  // namespace
}  // namespace oneshader::ir::test
