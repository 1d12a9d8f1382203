// Modules built with the builder, compared with their printed form; the builder works out result
// types, and the printer numbers values independently of names and object identity.
#include "ir/builder.hpp"
#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

using sema::ScalarKind;

TEST_CASE("builder: the spec's loop example prints in the dump format", "[ir][builder]") {
    IrFixture f;
    Module& m = f.module;
    const sema::Type* int_t = f.scalar(ScalarKind::Int);
    Function* fn = m.add_function("f", int_t);
    Argument* n = m.add_argument(fn, int_t, "n");
    Block* entry = m.add_block(fn, "entry");
    Block* header = m.add_block(fn, "for.header");
    Block* cond = m.add_block(fn, "for.cond");
    Block* body = m.add_block(fn, "for.body");
    Block* cont = m.add_block(fn, "for.continue");
    Block* exit = m.add_block(fn, "for.end");
    Builder b(m);
    b.set_insert_point(entry);
    Instruction* sum = b.alloca_var(int_t, "sum");
    Instruction* i = b.alloca_var(int_t, "i");
    b.store(sum, m.int_constant(0));
    b.store(i, m.int_constant(0));
    b.br(header);
    Builder::mark_loop(header, exit, cont, ControlHint::DontUnroll);
    b.set_insert_point(header);
    b.br(cond);
    b.set_insert_point(cond);
    Instruction* iv = b.load(i);
    b.cond_br(b.compare(Opcode::Lt, iv, n), body, exit);
    b.set_insert_point(body);
    b.store(sum, b.add(b.load(sum), iv));
    b.br(cont);
    b.set_insert_point(cont);
    b.store(i, b.add(b.load(i), m.int_constant(1)));
    b.br(header);
    b.set_insert_point(exit);
    b.ret(b.load(sum));

    CHECK(print_module(m) == R"(func @f(%arg0: int) -> int { ; n
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
    CHECK(verify(m) == std::vector<std::string>{});
}

TEST_CASE("builder: result types of composites, access chains and matrix products", "[ir][builder]") {
    IrFixture f;
    Module& m = f.module;
    sema::TypeContext& t = f.types;
    sema::StructType* light = t.create_struct(f.interner.intern("Light"));
    sema::StructMember members[2];
    members[0].name = f.interner.intern("color");
    members[0].type = t.vector(ScalarKind::Float, 3);
    members[1].name = f.interner.intern("m");
    members[1].type = t.matrix(ScalarKind::Float, 4, 4, sema::MatrixOrientation::RowMajor);
    t.define_struct(light, nullptr, members);
    Global* cb = m.add_global(sema::AddressSpace::Uniform, t.resource(sema::ResourceKind::ConstantBuffer, light), "cb");
    cb->set = 0;
    cb->binding = 0;
    Global* buf = m.add_global(sema::AddressSpace::StorageBuffer,
                               t.resource(sema::ResourceKind::RWStructuredBuffer, light), "lights");
    buf->set = 0;
    buf->binding = 1;

    Function* fn = m.add_function("g", t.void_type());
    Builder b(m);
    b.set_insert_point(m.add_block(fn));
    Instruction* color_ptr = b.access_chain(cb, {m.int_constant(0)});
    Instruction* color = b.load(color_ptr);
    std::int64_t yz[] = {1, 2};
    Instruction* sw = b.swizzle(color, yz);
    Instruction* x = b.extract(color, {0});
    Instruction* mat = b.load(b.access_chain(buf, {m.uint_constant(2), m.int_constant(1)}));
    Value* parts[] = {color, x};
    Instruction* v4 = b.construct(t.vector(ScalarKind::Float, 4), parts);
    Instruction* prod = b.matmul(v4, mat);
    Instruction* s = b.splat(x, 2);
    b.select(b.compare(Opcode::Gt, sw, s), sw, s);
    b.ret();

    CHECK(color_ptr->type() == t.pointer(sema::AddressSpace::Uniform, t.vector(ScalarKind::Float, 3)));
    CHECK(mat->type() == t.matrix(ScalarKind::Float, 4, 4));
    CHECK(prod->type() == t.vector(ScalarKind::Float, 4));
    CHECK(print_module(m) == R"(struct Light { color: float3, m: row_major float4x4 }

%g0 = global uniform ConstantBuffer<Light> set(0) binding(0) ; cb
%g1 = global storage RWStructuredBuffer<Light> set(0) binding(1) ; lights

func @g() -> void {
bb0:
  %0 = access %g0, 0:int : ptr<uniform, float3>
  %1 = load %0 : float3
  %2 = swizzle %1 [1, 2] : float2
  %3 = extract %1 [0] : float
  %4 = access %g1, 2:uint, 1:int : ptr<storage, row_major float4x4>
  %5 = load %4 : float4x4
  %6 = construct %1, %3 : float4
  %7 = matmul %6, %5 : float4
  %8 = splat %3 : float2
  %9 = gt %2, %8 : bool2
  %10 = select %9, %2, %8 : float2
  ret
}
)");
    CHECK(verify(m) == std::vector<std::string>{});
}

TEST_CASE("builder: phis, switches, atomics, barriers and intrinsics", "[ir][builder]") {
    IrFixture f;
    Module& m = f.module;
    sema::TypeContext& t = f.types;
    Global* counter = m.add_global(sema::AddressSpace::Workgroup, t.scalar(ScalarKind::UInt), "counter");
    Function* fn = m.add_function("cs", t.void_type());
    Block* b0 = m.add_block(fn);
    Block* b1 = m.add_block(fn);
    Block* b2 = m.add_block(fn);
    Block* b3 = m.add_block(fn);
    Builder b(m);
    b.set_insert_point(b0);
    Value* one = m.uint_constant(1);
    Value* rmw_ops[] = {counter, one};
    Instruction* old = b.atomic_rmw(AtomicOp::Add, rmw_ops);
    b.barrier(kBarrierGroupSync | kBarrierWorkgroupMemory);
    SwitchCase cases[] = {{0, b1}, {7, b2}};
    b.switch_(old, b2, cases);
    Builder::mark_selection(b0, b3);
    b.set_insert_point(b1);
    Value* args[] = {old};
    Instruction* bits = b.intrinsic(intrinsics::Id::CountBits, t.scalar(ScalarKind::UInt), args);
    b.br(b3);
    b.set_insert_point(b2);
    b.br(b3);
    b.set_insert_point(b3);
    Instruction* p = b.phi(t.scalar(ScalarKind::UInt));
    Builder::add_incoming(p, bits, b1);
    Builder::add_incoming(p, m.uint_constant(0), b2);
    b.ret();
    EntryPoint* e = m.add_entry_point(ShaderStage::Compute, fn);
    e->workgroup_size = {64, 1, 1};

    CHECK(print_module(m) == R"(%g0 = global workgroup uint ; counter

func @cs() -> void {
bb0: ; selection merge=bb3
  %0 = atomic add %g0, 1:uint : uint
  barrier group_sync|workgroup_memory
  switch %0 default bb2 [0: bb1, 7: bb2]
bb1:
  %1 = intrinsic countbits(%0) : uint
  br bb3
bb2:
  br bb3
bb3:
  %2 = phi [%1, bb1], [0:uint, bb2] : uint
  ret
}

entry compute @cs workgroup_size(64, 1, 1)
)");
    CHECK(verify(m) == std::vector<std::string>{});
}

TEST_CASE("printer: numbering follows print order, not creation order or names", "[ir][printer]") {
    IrFixture f;
    Module& m = f.module;
    const sema::Type* int_t = f.scalar(sema::ScalarKind::Int);
    Function* fn = m.add_function("f", int_t);
    Block* first = m.add_block(fn);
    Block* second = m.add_block(fn);
    Builder b(m);
    // The second block's instruction is created first and named like a number.
    b.set_insert_point(second);
    Instruction* late = b.add(m.int_constant(1), m.int_constant(2));
    m.set_name(late, "%0");
    b.ret(late);
    b.set_insert_point(first);
    Instruction* early = b.mul(m.int_constant(3), m.int_constant(4));
    m.set_name(early, "x");
    b.br(second);
    CHECK(print_module(m) == R"(func @f() -> int {
bb0:
  %0 = mul 3:int, 4:int : int ; x
  br bb1
bb1:
  %1 = add 1:int, 2:int : int ; %0
  ret %1
}
)");
}

TEST_CASE("builder: inserting before an instruction and removing one", "[ir][builder]") {
    IrFixture f;
    Module& m = f.module;
    Function* fn = m.add_function("f", f.types.void_type());
    Builder b(m);
    b.set_insert_point(m.add_block(fn));
    Instruction* r = b.ret();
    b.set_insert_before(r);
    Instruction* a = b.add(m.int_constant(1), m.int_constant(1));
    b.mul(a, a);
    remove_instruction(a);
    CHECK(a->block == nullptr);
    CHECK(fn->blocks[0]->instructions.size() == 2);
    // The mul now uses a value in no block: the verifier says so.
    CHECK(verify(m) == std::vector<std::string>{"@f bb0 %0 = mul: operand 0 is an instruction that is not in @f",
                                                "@f bb0 %0 = mul: operand 1 is an instruction that is not in @f"});
}

TEST_CASE("builder: deferred insertions land where immediate ones would", "[ir][builder]") {
    // The same edits made immediately and deferred give the same module: several instructions
    // before one anchor keep their order, and one inserted before a deferred instruction goes
    // before it. The first kImmediateInsertions are placed at once in both modes: padding before
    // the return uses them up, so the edits that follow are deferred.
    auto build = [](bool defer) {
        auto f = std::make_unique<IrFixture>();
        Module& m = f->module;
        const sema::Type* int_t = f->scalar(ScalarKind::Int);
        Function* fn = m.add_function("f", f->types.void_type());
        Builder b(m);
        b.set_insert_point(m.add_block(fn));
        Instruction* p = b.alloca_var(int_t, "p");
        Instruction* s1 = b.store(p, m.int_constant(1));
        Instruction* s2 = b.store(p, m.int_constant(2));
        Instruction* gone = b.store(p, m.int_constant(3));
        Instruction* r = b.ret();
        if (defer) b.defer_insertions();
        b.set_insert_before(r);
        for (std::uint32_t k = 0; k < Builder::kImmediateInsertions; ++k) b.add(m.int_constant(1000), m.int_constant(int(k)));
        b.set_insert_before(s2);
        Instruction* x = b.add(m.int_constant(10), m.int_constant(1));
        Instruction* y = b.add(x, m.int_constant(2));
        b.set_insert_before(s1);
        b.store(p, y);
        b.set_insert_before(x);
        b.add(m.int_constant(20), m.int_constant(3));
        b.set_insert_before(gone);
        b.add(m.int_constant(30), m.int_constant(4));
        if (defer) {
            CHECK(fn->blocks[0]->instructions.size() == 5 + Builder::kImmediateInsertions);  // the rest waits
            b.place_deferred();
        }
        remove_instruction(gone);
        return std::pair{std::move(f), print_module(m)};
    };
    auto [immediate_fixture, immediate] = build(false);
    auto [deferred_fixture, deferred] = build(true);
    CHECK(deferred == immediate);
    // The edits in order (values are numbered in print order).
    std::size_t at = 0;
    for (const char* line : {"alloca", "store %0, %", "store %0, 1:int", "add 20:int, 3:int", "add 10:int, 1:int",
                             ", 2:int : int", "store %0, 2:int", "add 30:int, 4:int", "add 1000:int, 0:int",
                             "add 1000:int, 31:int", "ret"}) {
        INFO(line);
        const std::size_t found = deferred.find(line, at);
        CHECK(found != std::string::npos);
        at = found == std::string::npos ? at : found;
    }
    // Deferred before an anchor that was removed before placing: before the block's terminator.
    IrFixture f;
    Module& m = f.module;
    const sema::Type* int_t = f.scalar(ScalarKind::Int);
    Function* fn = m.add_function("g", f.types.void_type());
    Builder b(m);
    b.set_insert_point(m.add_block(fn));
    Instruction* p = b.alloca_var(int_t, "p");
    Instruction* gone = b.store(p, m.int_constant(1));
    Instruction* r = b.ret();
    b.defer_insertions();
    b.set_insert_before(r);
    for (std::uint32_t k = 0; k < Builder::kImmediateInsertions; ++k) b.add(m.int_constant(1000), m.int_constant(int(k)));
    b.set_insert_before(gone);
    Instruction* late = b.add(m.int_constant(5), m.int_constant(6));
    remove_instruction(gone);
    b.place_deferred();
    const auto& list = fn->blocks[0]->instructions;
    REQUIRE(list.size() == 3 + Builder::kImmediateInsertions);
    CHECK(list[list.size() - 2] == late);
    CHECK(list[list.size() - 1]->opcode == Opcode::Return);
}

TEST_CASE("constants are interned and keep exact bits", "[ir][module]") {
    IrFixture f;
    Module& m = f.module;
    CHECK(m.int_constant(-1) == m.int_constant(-1));
    CHECK(m.int_constant(-1)->bits == 0xFFFFFFFFu);
    CHECK(m.int_constant(1) != m.uint_constant(1));
    CHECK(m.float_constant(0.5f)->bits == 0x3F000000u);
    CHECK(m.float_constant(f.scalar(sema::ScalarKind::Double), 0.1)->bits == 0x3FB999999999999Aull);
    sema::TypeContext types16(f.arena, sema::TypeOptions{true});
    Module m16(f.arena, types16);
    CHECK(m16.float_constant(types16.scalar(sema::ScalarKind::Half), 1.0)->bits == 0x3C00u);
    CHECK(m16.float_constant(types16.scalar(sema::ScalarKind::Half), 65520.0)->bits == 0x7C00u);  // rounds to inf
    CHECK(m.bool_constant(true)->bits == 1);
    Constant* parts[] = {m.float_constant(1.0f), m.float_constant(2.0f)};
    CHECK(m.composite_constant(f.types.vector(sema::ScalarKind::Float, 2), parts) ==
          m.composite_constant(f.types.vector(sema::ScalarKind::Float, 2), parts));
}

TEST_CASE("half constants print and parse exactly with native 16-bit types", "[ir][printer]") {
    support::Arena arena;
    support::Interner interner(arena);
    sema::TypeContext types(arena, sema::TypeOptions{true});
    Module m(arena, types);
    std::string text = "%g0 = global private half = 0.33325195:half\n%g1 = global private half = 6e-08:half\n"
                       "%g2 = global private int16_t = -32768:int16_t\n";
    REQUIRE(parse_module(text, m, interner).empty());
    CHECK(m.globals[0]->initializer->bits == 0x3555u);
    CHECK(m.globals[1]->initializer->bits == 0x0001u);  // the smallest subnormal half
    // Halves print as the shortest float that holds them, which reads back to the same bits.
    CHECK(print_module(m) == "%g0 = global private half = 0.33325195:half\n"
                             "%g1 = global private half = 5.9604645e-08:half\n"
                             "%g2 = global private int16_t = -32768:int16_t\n");
}

}  // namespace
}  // namespace oneshader::ir::test
