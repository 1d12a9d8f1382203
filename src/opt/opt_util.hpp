#pragma once
// Helpers the passes share: block positions, splitting blocks, cloning bodies, phi bookkeeping,
// the structure roles blocks play, and side-effect facts about instructions.
#include <cstdint>
#include <vector>

#include "ir/cfg.hpp"
#include "ir/module.hpp"
#include "ir/util.hpp"

namespace oneshader::opt {

// Moves instructions [from, end) of `b` (its terminator included) into a new block placed right
// after `b` in layout order; `b` then ends in `br new`. A selection marker moves with the
// terminator; a loop marker stays on `b` (the back edges target it), which still ends in br.
// Phis of the moved terminator's successors that named `b` name the new block.
ir::Block* split_block(ir::Module& m, ir::Function& f, ir::Block* b, std::size_t from);

// A new empty block placed right after `after` (at the end when null).
ir::Block* new_block_after(ir::Module& m, ir::Function& f, ir::Block* after);

// Copies of the blocks of `from` into `into` (not placed in into.blocks: the caller does). Operands
// that are instructions of `from` become their copies; values found in `map` (arguments, for
// instance) are replaced. Other values (constants, globals, other functions' arguments when
// cloning a function into itself) stay as they are.
std::vector<ir::Block*> clone_blocks(ir::Module& m, ir::Function& into, const ir::Function& from,
                                     const ir::Replacements& map);

// In each phi of `block`, the incoming block `from` becomes `to`.
void rename_phi_incoming(ir::Block* block, const ir::Block* from, ir::Block* to);
// Drops the incoming entries of `from` from each phi of `block`.
void remove_phi_incoming(ir::Block* block, const ir::Block* from);

// Blocks that a reachable header names as merge or continue block.
struct StructureRoles {
    ir::PointerSet<const ir::Block*> merges;
    ir::PointerSet<const ir::Block*> continues;
    bool named(const ir::Block* b) const { return merges.count(b) || continues.count(b); }
};
StructureRoles structure_roles(const ir::Function& f, const ir::Cfg& cfg);

// Removes the blocks `cfg` (of `f`) does not reach, except the merge and continue blocks a
// reachable header names: those stay, reduced to `unreachable` (a merge) or to a branch back to
// their header (a continue), so every live header keeps its blocks. True when anything changed;
// `cfg` is stale then.
bool remove_unreachable(ir::Function& f, const ir::Cfg& cfg);

// The root of a pointer: the alloca or global an access-chain path starts from (null otherwise).
ir::Value* pointer_root(ir::Value* p);

// True when removing an unused `i` changes nothing but the value it defines.
bool removable_when_unused(const ir::Instruction* i);

// Instructions in the function (for growth caps).
std::size_t instruction_count(const ir::Function& f);

// Unlinks every instruction of `b` (their operands stay as they were).
void clear_block(ir::Block* b);

}  // namespace oneshader::opt
