#pragma once
// Which instructions a text backend may print as an expression at their one use instead of
// binding them to a local (the rule structurize.hpp states): exactly one use, by a later non-phi
// instruction or the terminator of the same block, no side effects of its own and none between.
#include <cstdint>

#include "ir/module.hpp"
#include "support/pointer_map.hpp"

namespace oneshader::textgen {

// Stores, calls, intrinsics the table does not mark pure (derivatives, wave operations, atomics,
// barriers...), texture and buffer writes, atomics, barriers and kill: what must run where the IR
// puts it, and what a value read from memory may not move across.
bool has_side_effects(const ir::Instruction& i);

class ValueUses {
public:
    explicit ValueUses(const ir::Function& f);

    bool may_inline(const ir::Instruction* i) const;

private:
    struct Info {
        std::uint32_t uses = 0;
        const ir::Instruction* user = nullptr;  // the last use seen; the only one when uses == 1
        std::uint32_t position = 0;             // in its block
        std::uint32_t effects_before = 0;       // instructions with side effects before it there
    };
    support::PointerMap<const ir::Instruction*, Info> info_;
};

}  // namespace oneshader::textgen
