#pragma once
// The one instruction class. What an instruction means is its opcode (opcode.def); its inputs are
// value operands, immediates (indices, offsets, an AtomicOp, barrier flags, case values), block
// targets (successors of a terminator, incoming blocks of a phi, in operand order), and for calls
// the callee or the intrinsic's id. One class for every opcode lets passes rewrite in place.
#include <cstdint>
#include "intrinsics/id.hpp"
#include "ir/opcode.hpp"
#include "ir/small_vec.hpp"
#include "ir/value.hpp"
#include "support/source_manager.hpp"

namespace oneshader::ir {

class Block;

class Instruction final : public Value {
public:
    static constexpr ValueKind kKind = ValueKind::Instruction;
    // `type` is the result type; void for instructions that define nothing.
    Instruction(Opcode op, const sema::Type* type) : Value(kKind, type), opcode(op) {}

    // True when the instruction defines a value others may use.
    bool has_result() const;

    // The small fields first, together: with the location they fill what would be padding
    // before `block`, so carrying a location costs an instruction no bytes.
    Opcode opcode;
    // Forbids reassociation, fusing and algebraic rewrites (HLSL `precise`).
    bool precise = false;
    intrinsics::Id intrinsic = intrinsics::Id::None;  // CallIntrinsic: which intrinsic (intrinsics.def)
    // Where in the source this comes from (the statement or expression lowered into it), for
    // diagnostics after lowering and for debug information; invalid when nothing is known.
    // ir::Builder sets it; passes keep it and give what they make the location of what it replaces.
    support::SourceLoc loc;
    Block* block = nullptr;  // the block holding it; null once removed
    // Short lists stay inside the instruction (see small_vec.hpp).
    SmallVec<Value*, 3> operands;
    SmallVec<std::int64_t, 2> immediates;
    // Branch: [target]; CondBranch: [true, false]; Switch: [default, case targets in immediate
    // order]; Phi: the incoming block of each operand.
    SmallVec<Block*, 2> targets;
    Function* callee = nullptr;          // Call
};

}  // namespace oneshader::ir
