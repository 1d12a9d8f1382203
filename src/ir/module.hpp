#pragma once
// The IR module (spec: "The intermediate representation").
//
// What a valid module means, and what the verifier enforces:
// - A Module holds, in source order, its specialization constants, globals, functions and entry
//   points; the dump and every backend follow that order.
// - A Function is a list of blocks; the first is the entry and has no predecessors. Each block
//   ends in exactly one terminator (br, cond_br, switch, ret, kill, unreachable), its last
//   instruction. Phis come first in their block and name each predecessor exactly once.
// - Values are SSA: an instruction defines its value once; in reachable blocks every definition
//   dominates its uses (a phi's operand dominates the end of its incoming block). Operands are
//   constants, spec constants and globals of this module, or arguments and instructions of the
//   same function.
// - Control flow keeps its structure: a selection header ends in cond_br or switch and names the
//   merge block where the arms rejoin; a loop header ends in br and names its merge (exit) block
//   and continue block (the one that branches back). Both point into the same function.
// - Addressing is logical: pointers come only from alloca, globals and access chains; there are no
//   pointers to pointers and no pointer arithmetic.
// - Types are sema's hash-consed types, so two types are equal when the pointers are.
//
// Memory: every object lives in the arena given to the module and dies with it. Removing an
// instruction from its block unlinks it; it stays allocated until the arena goes.
#include <array>
#include <map>
#include <string_view>
#include <tuple>
#include <vector>

#include "ir/instruction.hpp"
#include "support/arena.hpp"
#include "support/pool_vec.hpp"

namespace oneshader::ir {

class Block {
public:
    explicit Block(Function* f);  // its instructions in the function's module's pool
    Block(const Block&) = delete;
    Block& operator=(const Block&) = delete;

    // The terminator, or null when the block does not end in one.
    Instruction* terminator() const;
    std::string_view name() const { return name_; }
    void set_name_raw(std::string_view arena_copy) { name_ = arena_copy; }

    Function* function;
    support::PoolVec<Instruction*> instructions;

    // Structure markers of a header block (SPIR-V's OpSelectionMerge / OpLoopMerge).
    StructureKind structure = StructureKind::None;
    Block* merge = nullptr;
    Block* continue_block = nullptr;  // loops only
    ControlHint hint = ControlHint::None;
    std::uint32_t unroll_count = 0;  // [unroll(n)]; 0: unroll fully

    // The block's position when a Cfg was last built on its function: a hint only, which
    // Cfg::index checks against its own block list (the layout may have changed since).
    mutable std::uint32_t cfg_position = 0xFFFFFFFFu;

private:
    std::string_view name_;
};

class Function {
public:
    Function(Module* m, std::string_view n, const sema::Type* result);  // its lists in m's pool
    Function(const Function&) = delete;
    Function& operator=(const Function&) = delete;

    Block* entry() const { return blocks.empty() ? nullptr : blocks.front(); }

    Module* module;
    std::string_view name;  // unique in the module; entry points are found by it
    const sema::Type* result_type;
    support::PoolVec<Argument*> arguments;
    support::PoolVec<Block*> blocks;  // in layout order; the first is the entry
};

struct EntryPoint {
    ShaderStage stage = ShaderStage::Compute;
    Function* function = nullptr;  // no parameters, returns void
    std::vector<Global*> inputs;
    std::vector<Global*> outputs;
    std::array<std::uint32_t, 3> workgroup_size = {0, 0, 0};  // compute only
};

class Module {
public:
    Module(support::Arena& arena, sema::TypeContext& types) : arena_(arena), types_(types), lists_(arena) {}
    Module(const Module&) = delete;
    Module& operator=(const Module&) = delete;

    support::Arena& arena() const { return arena_; }
    // Where the blocks' instruction lists keep their elements.
    support::VecPool& list_pool() { return lists_; }
    sema::TypeContext& types() const { return types_; }

    // --- constants (interned) -------------------------------------------------------------------
    // `bits` is masked to the type's width; a bool is 0 or 1.
    Constant* scalar_constant(const sema::ScalarType* type, std::uint64_t bits);
    Constant* bool_constant(bool v);
    Constant* int_constant(std::int32_t v);
    Constant* uint_constant(std::uint32_t v);
    Constant* float_constant(float v);
    // A constant of a scalar type from a double (rounded to float/half for those types) or an
    // integer (wrapped to the width).
    Constant* float_constant(const sema::ScalarType* type, double v);
    Constant* composite_constant(const sema::Type* type, std::span<Constant* const> elements);
    Constant* zero_constant(const sema::Type* type);
    Constant* undef_constant(const sema::Type* type);
    // Every constant made so far, in creation order.
    const std::vector<Constant*>& constants() const { return constants_; }
    // Room for this many constants, globals and functions without growing (a copy of a module
    // knows its sizes up front).
    void reserve(std::size_t constants, std::size_t spec_constants, std::size_t globals, std::size_t functions);

    // --- module-scope objects -------------------------------------------------------------------
    SpecConstant* add_spec_constant(const sema::ScalarType* type, std::uint32_t id, Constant* default_value,
                                    std::string_view name);
    Global* add_global(sema::AddressSpace space, const sema::Type* value_type, std::string_view name);
    Function* add_function(std::string_view name, const sema::Type* result_type);
    Argument* add_argument(Function* f, const sema::Type* type, std::string_view name);
    Block* add_block(Function* f, std::string_view name = {});
    EntryPoint* add_entry_point(ShaderStage stage, Function* f);
    Function* find_function(std::string_view name) const;
    SpecConstant* find_spec_constant(std::uint32_t id) const;

    // A new instruction that is in no block yet (the builder places it).
    Instruction* make_instruction(Opcode op, const sema::Type* type);
    // A word no value's scratch() holds yet, for marking a set of values: fresh on every call
    // and outside the small numbers passes store there (it has the top bit set).
    std::uint32_t fresh_mark() { return 0x80000000u | (next_mark_++ & 0x7FFFFFFFu); }
    // Copies `name` into the arena so the value may outlive the caller's string.
    void set_name(Value* v, std::string_view name) { v->set_name_raw(arena_.copy(name)); }
    void set_name(Block* b, std::string_view name) { b->set_name_raw(arena_.copy(name)); }
    std::string_view copy_string(std::string_view s) { return arena_.copy(s); }
    // Strings an instruction names by index (printf's format is its immediate): each text once,
    // in first-use order, so equal formats share one OpString.
    std::int64_t add_string(std::string_view s);
    const std::vector<std::string_view>& strings() const { return strings_; }

    std::vector<SpecConstant*> spec_constants;
    std::vector<Global*> globals;
    std::vector<Function*> functions;
    std::vector<EntryPoint*> entry_points;

private:
    Constant* intern(const sema::Type* type, ConstantKind kind, std::uint64_t bits,
                     std::span<Constant* const> elements);

    support::Arena& arena_;
    sema::TypeContext& types_;
    support::VecPool lists_;
    std::vector<Constant*> constants_;
    std::vector<std::string_view> strings_;  // arena copies
    std::uint32_t next_mark_ = 0;
    // The interned constants by content: open addressing, at most half full. Lookup only (the
    // creation order is constants_), so pointer values never reach any output.
    std::vector<Constant*> interned_;
};

// The successors of a block's terminator, in terminator order (duplicates kept: a switch may
// name one block for several cases). Empty for ret/kill/unreachable or a block without one.
std::span<Block* const> successors(const Block* b);

}  // namespace oneshader::ir
