// Text fixtures read and printed back unchanged: each is in the printer's own form, so
// print(parse(text)) == text checks the parser and the printer at once, and the verifier accepts
// each of them. Each is also cloned (clone.hpp): the copy prints the same.
#include "ir/clone.hpp"
#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

void check_fixture(const std::string& text) {
    IrFixture f;
    f.parse(text);
    std::string printed = print_module(f.module);
    CHECK(printed == text);
    CHECK(verify(f.module) == std::vector<std::string>{});
    // And once more from the printed form.
    CHECK(reprint(printed) == printed);
    // A deep copy prints the same and verifies; changing it leaves the original as it was.
    Module copy(f.arena, f.types);
    clone_module(f.module, copy);
    CHECK(print_module(copy) == text);
    CHECK(verify(copy) == std::vector<std::string>{});
    for (Function* fn : copy.functions)
        for (Block* b : fn->blocks) {
            for (Instruction* i : b->instructions) {
                i->precise = !i->precise;
                for (Value* v : i->operands) {
                    const bool same_function =
                        v->kind() != ValueKind::Instruction || v->as<Instruction>()->block->function == fn;
                    CHECK(same_function);
                }
            }
            b->instructions.clear();
        }
    for (Global* g : copy.globals) g->binding = 99;
    CHECK(print_module(f.module) == text);
}

const char* kEveryOpcode = R"(struct Light { position: float3, intensity: float }
struct CB { view: row_major float4x4 offset(0), tint: float4 packoffset(4, 0) }

spec 0 USE_FOG = false:bool
spec 3 = 16:uint

%g0 = global input float4 location(0) interp(linear,centroid) ; in.var.TEXCOORD0
%g1 = global output float4 builtin(position) ; out.var.SV_Position
%g2 = global uniform_constant Texture2D<float4> set(0) binding(1) ; tex
%g3 = global uniform_constant SamplerState set(0) binding(2) ; samp
%g4 = global uniform ConstantBuffer<CB> set(0) binding(0) ; cb
%g5 = global storage RWStructuredBuffer<Light> set(1) binding(0) ; lights
%g6 = global uniform_constant RWTexture2D<float4> set(0) binding(3) format(rgba8) ; target
%g7 = global workgroup uint[64] ; shared
%g8 = global private float = 1.5:float ; scale
%g9 = global storage RWByteAddressBuffer set(0) binding(4) ; raw
%g10 = global uniform_constant SamplerComparisonState set(0) binding(5) ; shadow_samp
%g11 = global uniform_constant Texture2D<float>[4] set(0) binding(6) ; shadows
%g12 = global private float2x2 = float2x2{{1.0, 0.0}, {0.0, 1.0}} ; identity

func @helper(%arg0: float, %arg1: ptr<function, float>) -> float { ; x, out_y
bb0:
  %0 = mul %arg0, 2.0:float : float
  store %arg1, %0
  ret %0
}

func @nothing() -> void {
bb0:
  ret
}

func @main() -> void {
bb0: ; (entry)
  %0 = load %g0 : float4 ; uv4
  %1 = swizzle %0 [0, 1] : float2
  %2 = sample %g2, %g3, %1 : float4
  %3 = sample_bias %g2, %g3, %1, 0.5:float offset(1, -1) : float4
  %4 = sample_level %g2, %g3, %1, 0.0:float : float4
  %5 = swizzle %0 [2, 3] : float2
  %6 = sample_grad %g2, %g3, %1, %5, %5 : float4
  %7 = access %g11, 2:int : ptr<uniform_constant, Texture2D<float>>
  %8 = extract %0 [2] : float
  %9 = sample_cmp %7, %g10, %1, %8 : float
  %10 = sample_cmp_lz %7, %g10, %1, %8 : float
  %11 = gather %g2, %g3, %1 component(1) offset(0, 1) : float4
  %12 = gather_cmp %7, %g10, %1, %8 : float4
  %13 = texture_load %g2, int2{0, 0}, 0:int : float4
  %14 = texture_size %g2, 0:uint : uint2
  %15 = texture_levels %g2 : uint
  %16 = texture_lod %g2, %g3, %1 : float2
  texture_store %g6, uint2{1, 2}, %2
  %17 = access %g4, 1:int : ptr<uniform, float4>
  %18 = load %17 : float4
  %19 = access %g4, 0:int : ptr<uniform, row_major float4x4>
  %20 = load %19 : float4x4
  %21 = matmul %18, %20 : float4
  %22 = add precise %21, %2 : float4
  %23 = sub %22, %3 : float4
  %24 = div %23, %4 : float4
  %25 = rem %24, %6 : float4
  %26 = neg %25 : float4
  %27 = splat %9 : float4
  %28 = mul %26, %27 : float4
  %29 = convert %28 : int4
  %30 = bit_and %29, int4{1, 2, 3, 4} : int4
  %31 = bit_or %30, %29 : int4
  %32 = bit_xor %31, %30 : int4
  %33 = bit_not %32 : int4
  %34 = shl %33, int4{1, 1, 1, 1} : int4
  %35 = shr %34, %30 : int4
  %36 = bitcast %35 : float4
  %37 = eq %29, %30 : bool4
  %38 = ne %29, %30 : bool4
  %39 = and %37, %38 : bool4
  %40 = or %39, %37 : bool4
  %41 = not %40 : bool4
  %42 = lt %9, 0.5:float : bool
  %43 = le %9, %10 : bool
  %44 = gt %9, %10 : bool
  %45 = ge %9, %10 : bool
  %46 = select %42, %36, %28 : float4
  %47 = select %41, %36, %28 : float4
  %48 = construct %1, %5 : float4
  %49 = insert %48, %9 [3] : float4
  %50 = shuffle %48, %49 [0, 5, 2, 7] : float4
  %51 = access %g5, 3:uint, 0:int : ptr<storage, float3>
  %52 = load %51 : float3
  %53 = alloca : ptr<function, float> ; y
  %54 = call @helper(%9, %53) : float
  %55 = intrinsic sin(%54) : float
  %56 = byte_load %g9, 16:uint : uint2
  byte_store %g9, 32:uint, %56
  %57 = buffer_length %g5 : uint
  %58 = access %g7, 0:int : ptr<workgroup, uint>
  %59 = atomic add %58, 1:uint : uint
  %60 = atomic_cmpxchg %58, 0:uint, 1:uint : uint
  %61 = access %g9, 0:uint : ptr<storage, uint>
  %62 = atomic max %61, %59 : uint
  barrier group_sync|workgroup_memory
  %63 = nonuniform 1:int : int
  %64 = access %g11, %63 : ptr<uniform_constant, Texture2D<float>>
  %65 = load %g8 : float
  %66 = extract %20 [1, 2] : float
  %67 = texture_samples %g2 : uint
  call @nothing()
  %68 = intrinsic WaveIsFirstLane() : bool
  store %g1, %50
  ret
}

entry vertex @main inputs(%g0) outputs(%g1)
)";

TEST_CASE("every opcode, global kind and constant form reads back unchanged", "[ir][roundtrip]") {
    check_fixture(kEveryOpcode);
}

TEST_CASE("the spec's loop over allocas reads back unchanged", "[ir][roundtrip]") {
    check_fixture(R"(func @f(%arg0: int) -> int { ; n
bb0: ; (entry)
  %0 = alloca : ptr<function, int> ; sum
  %1 = alloca : ptr<function, int> ; i
  store %0, 0:int
  store %1, 0:int
  br bb1
bb1: ; loop merge=bb5 continue=bb4 hint=dontunroll (for.header)
  br bb2
bb2: ; (for.cond)
  %2 = load %1 : int
  %3 = lt %2, %arg0 : bool
  cond_br %3, bb3, bb5
bb3: ; (for.body)
  %4 = load %0 : int
  %5 = add %4, %2 : int
  store %0, %5
  br bb4
bb4: ; (for.continue)
  %6 = load %1 : int
  %7 = add %6, 1:int : int
  store %1, %7
  br bb1
bb5: ; (for.end)
  %8 = load %0 : int
  ret %8
}
)");
}

TEST_CASE("a loop in SSA form with phis naming later values reads back unchanged", "[ir][roundtrip]") {
    check_fixture(R"(func @sum(%arg0: int) -> int {
bb0: ; (entry)
  br bb1
bb1: ; loop merge=bb4 continue=bb3 hint=unroll(4)
  %0 = phi [0:int, bb0], [%3, bb3] : int ; i
  %1 = phi [0:int, bb0], [%4, bb3] : int ; sum
  br bb2
bb2:
  %2 = lt %0, %arg0 : bool
  cond_br %2, bb3, bb4
bb3:
  %3 = add %0, 1:int : int
  %4 = add %1, %0 : int
  br bb1
bb4:
  ret %1
}
)");
}

TEST_CASE("a switch with fall-through, shared targets and phis reads back unchanged", "[ir][roundtrip]") {
    check_fixture(R"(func @sw(%arg0: int) -> int {
bb0: ; selection merge=bb4 (entry)
  switch %arg0 default bb3 [0: bb1, 1: bb2, -5: bb2]
bb1: ; (case0)
  %0 = add %arg0, 1:int : int
  br bb2
bb2:
  %1 = phi [%arg0, bb0], [%0, bb1] : int
  br bb4
bb3:
  br bb4
bb4:
  %2 = phi [%1, bb2], [0:int, bb3] : int ; result
  ret %2
}
)");
}

TEST_CASE("selections with hints, kill and unreachable read back unchanged", "[ir][roundtrip]") {
    check_fixture(R"(%g0 = global input float location(0) ; alpha

func @ps() -> void {
bb0: ; selection merge=bb2 hint=branch (entry)
  %0 = load %g0 : float
  %1 = lt %0, 0.5:float : bool
  cond_br %1, bb1, bb2
bb1: ; (discard)
  kill
bb2: ; selection merge=bb4 hint=flatten
  %2 = gt %0, 2.0:float : bool
  cond_br %2, bb3, bb4
bb3:
  br bb4
bb4:
  ret
bb5: ; (dead)
  unreachable
}

entry pixel @ps inputs(%g0)
)");
}

TEST_CASE("printf formats are module strings, quoted with byte escapes, shared by equal formats", "[ir][roundtrip]") {
    check_fixture(R"(%g0 = global input float location(0) ; v

func @ps() -> void {
bb0: ; (entry)
  %0 = load %g0 : float
  intrinsic printf("v = %f\0a\22quoted\22 \5c", %0)
  intrinsic printf("no values")
  intrinsic printf("v = %f\0a\22quoted\22 \5c", 1.0:float)
  ret
}

entry pixel @ps inputs(%g0)
)");
    IrFixture f;
    f.parse(R"(func @cs() -> void {
bb0: ; (entry)
  intrinsic printf("a\09b %d", 1:int)
  intrinsic printf("a\09b %d", 2:int)
  ret
}

entry compute @cs
)");
    REQUIRE(f.module.strings().size() == 1);
    CHECK(f.module.strings()[0] == "a\tb %d");
}

TEST_CASE("scalar constants keep their exact bits through the text", "[ir][roundtrip]") {
    check_fixture(R"(%g0 = global private float = inf:float
%g1 = global private float = -inf:float
%g2 = global private float = nan(0x7fc00001):float
%g3 = global private float = -0.0:float
%g4 = global private double = 0.1:double
%g5 = global private float = 0.1:float
%g6 = global private float = 1e+30:float
%g7 = global private uint64_t = 18446744073709551615:uint64_t
%g8 = global private int64_t = -9223372036854775808:int64_t
%g9 = global private int = -2147483648:int
%g10 = global private uint = 4294967295:uint
%g11 = global private bool = true:bool
%g12 = global private float = 1e-45:float
%g13 = global private double = 5e-324:double
%g14 = global private min16float = 0.33333334:min16float
)");
}

TEST_CASE("aggregate, zero and undef constants read back unchanged", "[ir][roundtrip]") {
    check_fixture(R"(struct Inner { a: int, b: float2 }
struct Outer : Inner { c: Inner[2], d: bool }

%g0 = global private Outer = Outer{{1, {0.5, 1.5}}, {{2, zero}, {3, {2.0, 3.0}}}, false}
%g1 = global private float4x4 = zero:float4x4
%g2 = global private int[3] = int[3]{1, undef, 3}
%g3 = global private int2 = undef:int2
)");
}

TEST_CASE("entry points, builtins, formats and spec constant operands read back unchanged", "[ir][roundtrip]") {
    check_fixture(R"(spec 1 COUNT = 4:int
spec 2 SCALE = 0.5:float

%g0 = global input uint3 builtin(global_invocation_id) ; id
%g1 = global uniform_constant RWTexture2D<uint> set(0) binding(0) format(r32ui) ; counts
%g2 = global push_constant ConstantBuffer<float4> ; pc
%g3 = global input float2 location(1) interp(nointerpolation) ; flat

func @cs() -> void {
bb0:
  %0 = load %g0 : uint3
  %1 = swizzle %0 [0, 1] : uint2
  %2 = atomic add %g1, %1, 1:uint : uint
  %3 = atomic_cmpxchg %g1, %1, 0:uint, %2 : uint
  %4 = mul spec(1 COUNT), 2:int : int
  %5 = mul spec(2 SCALE), 2.0:float : float
  ret
}

entry compute @cs workgroup_size(8, 8, 1) inputs(%g0)
)");
}

TEST_CASE("text without comments or canonical numbering reads into the canonical form", "[ir][roundtrip]") {
    // Labels are only names: the printer renumbers them in print order.
    std::string text = R"(func @f(%x: int) -> int {
entry:
  %a = add %x, %x : int
  br exit
exit:
  ret %a
}
)";
    CHECK(reprint(text) == R"(func @f(%arg0: int) -> int {
bb0:
  %0 = add %arg0, %arg0 : int
  br bb1
bb1:
  ret %0
}
)");
}

TEST_CASE("block notes the verifier rejects still read back unchanged", "[ir][roundtrip]") {
    // The printer shows what a module holds, valid or not: a header without its merge block, a
    // continue block on a selection, a merge on a plain block. A fuzz finding printed a missing
    // merge as `merge=bb?`, which does not parse.
    const std::string text = R"(func @f() -> void {
bb0: ; selection (merge=bb2 (entry)
  cond_br true:bool, bb1, bb1
bb1: ; loop continue=bb2
  br bb2
bb2: ; selection continue=bb3
  br bb3
bb3: ; merge=bb1
  ret
}
)";
    CHECK(reprint(text) == text);
    CHECK(verify_text(text) == std::vector<std::string>{
                                   "@f bb0: merge block is missing",
                                   "@f bb1: merge block is missing",
                                   "@f bb2: merge block is missing",
                                   "@f bb2: a selection has no continue block",
                                   "@f bb2: a selection header ends in cond_br or switch",
                                   "@f bb3: merge or continue block without a structure",
                                   "@f bb1: no block of the continue construct branches back to the header",
                               });
}

TEST_CASE("a block named like an unroll count keeps its name", "[ir][roundtrip]") {
    // `unroll(4)` is a count only with the '(' right after the word; `unroll (4)` is a name.
    const std::string text = R"(func @f() -> void {
bb0: ; loop merge=bb2 continue=bb1 hint=unroll (4)
  br bb1
bb1: ; hint=unroll(2) (8)
  br bb0
bb2:
  ret
}
)";
    CHECK(reprint(text) == text);
}

TEST_CASE("HLSL reflection texts on globals read back unchanged", "[ir][roundtrip]") {
    check_fixture(R"(%g0 = global input float2 location(0) semantic("TEXCOORD0") ; in.var.TEXCOORD0
%g1 = global output float4 builtin(position) semantic("SV_Position") ; out.var.SV_Position
%g2 = global uniform_constant Texture2DMS<float4, 4> set(0) binding(0) user_type("texture2dms:<float4,4>") ; t
%g3 = global storage AppendStructuredBuffer<float4> set(0) binding(1) user_type("appendstructuredbuffer:<float4>") ; out
%g4 = global storage RWByteAddressBuffer set(0) binding(2) counter_for(%g3) ; counter.var.out

func @main() -> void {
bb0:
  ret
}

entry vertex @main inputs(%g0) outputs(%g1)
)");
}

TEST_CASE("source locations read back and print on request", "[ir][roundtrip]") {
    std::string text = R"(%g0 = global input float4 location(0) !loc(1:12) ; in.var.TEXCOORD0

func @f(%arg0: int) -> int { ; x
bb0:
  %0 = add %arg0, %arg0 : int !loc(1:40) ; twice
  store %0, %0 !loc(2:7)
  ret %0 !loc(1:52)
}
)";
    IrFixture f;
    f.parse(text);
    PrintOptions with;
    with.locations = true;
    CHECK(print_module(f.module, with) == text);
    // Without the option the text is the IR alone, as before locations existed.
    CHECK(print_module(f.module).find("!loc") == std::string::npos);
    const Instruction* add = f.module.functions[0]->blocks[0]->instructions[0];
    CHECK(add->loc == support::SourceLoc{1, 40});
    // A deep copy keeps them.
    Module copy(f.arena, f.types);
    clone_module(f.module, copy);
    CHECK(print_module(copy, with) == text);
}

}  // namespace
}  // namespace oneshader::ir::test
