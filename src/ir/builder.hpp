#pragma once
// Builds instructions with their result types worked out (type_rules.hpp) and places them at the
// insertion point: the end of a block, or before a given instruction. The builder trusts its
// caller: wrong operands give instructions the verifier rejects (a result type that cannot be
// worked out becomes void), never a crash.
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "ir/module.hpp"

namespace oneshader::ir {

struct SwitchCase {
    std::int64_t value;
    Block* target;
};

class Builder {
public:
    explicit Builder(Module& m) : module_(m), types_(m.types()) {}

    Module& module() const { return module_; }
    sema::TypeContext& types() const { return types_; }
    // types().pointer(space, pointee), remembered: access chains and locals ask for the same few
    // pointer types over and over.
    const sema::PointerType* pointer_type(sema::AddressSpace space, const sema::Type* pointee);

    void set_insert_point(Block* b) {
        block_ = b;
        before_ = nullptr;
    }
    // Inserts before `i`, in i's block, and takes i's source location: what a pass places before
    // an instruction is nearly always its replacement or a part of it.
    void set_insert_before(Instruction* i);
    Block* insert_block() const { return block_; }

    // From now on, what is inserted before an instruction is only recorded (its block set), and
    // place_deferred() puts it in place: one pass over each block it touched. A pass that inserts
    // before many instructions of one large block shifted the whole block per insertion. The
    // anchors must still be in their blocks when place_deferred() runs (call it before removing
    // instructions); what an anchor no longer in its block was to precede goes before the block's
    // terminator. Insertions at a block's end stay immediate.
    // The first few are placed at once all the same: the tables place_deferred() builds cost more
    // than a few insertions, and most passes over most shaders make only a few.
    static constexpr std::uint32_t kImmediateInsertions = 32;
    void defer_insertions() {
        defer_ = true;
        immediate_left_ = kImmediateInsertions;
    }
    void place_deferred();

    // The source location every instruction made from now on gets (Instruction::loc). Lowering
    // sets it per statement and expression; passes set it to the location of what they replace.
    void set_loc(support::SourceLoc loc) { loc_ = loc; }
    support::SourceLoc loc() const { return loc_; }

    // Places an instruction made elsewhere at the insertion point; one without a location gets
    // the builder's.
    Instruction* insert(Instruction* i);
    // A new instruction of any opcode, placed; operands, immediates and targets as given.
    Instruction* make(Opcode op, const sema::Type* type, std::span<Value* const> operands,
                      std::span<const std::int64_t> immediates = {}, std::span<Block* const> targets = {});

    // --- arithmetic, logic, comparison ---------------------------------------------------------
    Instruction* binary(Opcode op, Value* a, Value* b);  // result typed like `a`
    Instruction* add(Value* a, Value* b) { return binary(Opcode::Add, a, b); }
    Instruction* sub(Value* a, Value* b) { return binary(Opcode::Sub, a, b); }
    Instruction* mul(Value* a, Value* b) { return binary(Opcode::Mul, a, b); }
    Instruction* div(Value* a, Value* b) { return binary(Opcode::Div, a, b); }
    Instruction* unary(Opcode op, Value* a);  // neg, bit_not, not, nonuniform
    Instruction* compare(Opcode op, Value* a, Value* b);  // bool of a's shape
    Instruction* select(Value* cond, Value* if_true, Value* if_false);
    Instruction* convert(Value* v, const sema::Type* to);
    Instruction* bitcast(Value* v, const sema::Type* to);
    // Bits [offset, offset + count) of the integer scalar `base`, moved to bit 0 (sign-extended
    // when `base` is signed); and `base` with those bits replaced by the low bits of `field`.
    Instruction* bitfield_extract(Value* base, std::uint32_t offset, std::uint32_t count);
    Instruction* bitfield_insert(Value* base, Value* field, std::uint32_t offset, std::uint32_t count);

    // --- composites ----------------------------------------------------------------------------
    Instruction* construct(const sema::Type* type, std::span<Value* const> parts);
    Instruction* extract(Value* composite, std::span<const std::int64_t> indices);
    Instruction* extract(Value* composite, std::initializer_list<std::int64_t> indices) {
        return extract(composite, std::span<const std::int64_t>(indices.begin(), indices.size()));
    }
    Instruction* insert_element(Value* composite, Value* element, std::span<const std::int64_t> indices);
    Instruction* swizzle(Value* vector, std::span<const std::int64_t> components);
    Instruction* shuffle(Value* a, Value* b, std::span<const std::int64_t> components);
    Instruction* splat(Value* scalar, std::uint32_t count);
    Instruction* matmul(Value* a, Value* b);

    // --- memory --------------------------------------------------------------------------------
    Instruction* alloca_var(const sema::Type* type, std::string_view name = {});  // ptr<function, type>
    Instruction* load(Value* pointer);
    Instruction* store(Value* pointer, Value* value);
    Instruction* access_chain(Value* base, std::span<Value* const> indices);
    Instruction* access_chain(Value* base, std::initializer_list<Value*> indices) {
        return access_chain(base, std::span<Value* const>(indices.begin(), indices.size()));
    }

    // --- calls ---------------------------------------------------------------------------------
    Instruction* call(Function* callee, std::span<Value* const> args);
    Instruction* intrinsic(intrinsics::Id id, const sema::Type* result, std::span<Value* const> args);

    // --- resources, atomics, barriers ----------------------------------------------------------
    // Any texture opcode; `immediates` are the texel offset (gather: component first).
    Instruction* texture(Opcode op, const sema::Type* result, std::span<Value* const> operands,
                         std::span<const std::int64_t> immediates = {});
    Instruction* atomic_rmw(AtomicOp op, std::span<Value* const> operands);  // result typed like the value
    Instruction* atomic_compare_exchange(std::span<Value* const> operands);
    Instruction* barrier(std::uint32_t flags);

    // --- control flow --------------------------------------------------------------------------
    Instruction* phi(const sema::Type* type);
    static void add_incoming(Instruction* phi, Value* value, Block* from);
    Instruction* br(Block* target);
    Instruction* cond_br(Value* cond, Block* if_true, Block* if_false);
    Instruction* switch_(Value* selector, Block* default_target, std::span<const SwitchCase> cases);
    Instruction* ret(Value* value = nullptr);
    Instruction* kill();
    Instruction* unreachable();

    static void mark_selection(Block* header, Block* merge, ControlHint hint = ControlHint::None);
    static void mark_loop(Block* header, Block* merge, Block* continue_block, ControlHint hint = ControlHint::None,
                          std::uint32_t unroll_count = 0);

private:
    const sema::Type* or_void(const sema::Type* t) const { return t ? t : types_.void_type(); }

    Module& module_;
    sema::TypeContext& types_;
    Block* block_ = nullptr;
    Instruction* before_ = nullptr;
    // Where before_ was last found in its block: a pass inserting several instructions before one
    // finds it again at the next position instead of searching the block each time.
    std::size_t before_hint_ = 0;
    bool defer_ = false;
    std::uint32_t immediate_left_ = 0;  // insertions before an instruction still placed at once
    struct Deferred {
        Instruction* anchor;
        Instruction* inst;
    };
    std::vector<Deferred> deferred_;  // in insertion order
    support::SourceLoc loc_;
    // Direct-mapped by pointee: a miss only costs the context's own lookup. Cleared on first use
    // rather than on construction, since passes make builders that never ask for a pointer type.
    struct PointerSlot {
        const sema::Type* pointee;
        sema::AddressSpace space;
        const sema::PointerType* type;
    };
    bool pointer_slots_ready_ = false;
    PointerSlot pointer_slots_[64];
};

// Unlinks `i` from its block (it keeps its operands; nothing is freed).
void remove_instruction(Instruction* i);

}  // namespace oneshader::ir
