#pragma once
// Which instructions a text backend may print as an expression at their one use instead of
// binding them to a local (the rule structurize.hpp states): exactly one use, by a later non-phi
// instruction or the terminator of the same block, no side effects of its own and none between.
#include <cstdint>
#include <vector>

#include "ir/module.hpp"

namespace oneshader::textgen {

// Stores, calls, intrinsics the table does not mark pure (derivatives, wave operations, atomics,
// barriers...), texture and buffer writes, atomics, barriers and kill: what must run where the IR
// puts it, and what a value read from memory may not move across.
bool has_side_effects(const ir::Instruction& i);

// Numbers the function's instructions in their scratch words (ir::Value::scratch) and keeps one
// record per instruction in an array: the structurizer asks about every instruction, and a
// pointer-keyed map cost two lookups per operand. The numbers hold while nothing else writes the
// scratch words of the function's instructions, which is the case while a function is being
// structured and printed (no pass runs then).
class ValueUses {
public:
    explicit ValueUses(const ir::Function& f);

    bool may_inline(const ir::Instruction* i) const;
    // The instruction's number (0 to count() - 1), or kNotInFunction: for side arrays of the caller.
    static constexpr std::uint32_t kNotInFunction = 0xFFFFFFFFu;
    std::uint32_t number(const ir::Instruction* i) const {
        const std::uint32_t k = i->scratch();
        return k < order_.size() && order_[k] == i ? k : kNotInFunction;
    }
    std::uint32_t count() const { return static_cast<std::uint32_t>(order_.size()); }

private:
    struct Info {
        std::uint32_t uses = 0;
        const ir::Instruction* user = nullptr;  // the last use seen; the only one when uses == 1
        std::uint32_t position = 0;             // in its block
        std::uint32_t effects_before = 0;       // instructions with side effects before it there
    };
    // The record of an instruction of the function; null for any other.
    const Info* find(const ir::Instruction* i) const;

    std::vector<const ir::Instruction*> order_;  // by number
    std::vector<Info> info_;                     // by number
};

}  // namespace oneshader::textgen
