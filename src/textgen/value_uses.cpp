#include "textgen/value_uses.hpp"

#include "intrinsics/id.hpp"

namespace oneshader::textgen {

using ir::Opcode;

bool has_side_effects(const ir::Instruction& i) {
    switch (i.opcode) {
    case Opcode::CallIntrinsic:
        return !intrinsics::is_pure(i.intrinsic);
    case Opcode::Store:
    case Opcode::Call:
    case Opcode::TextureStore:
    case Opcode::ByteAddressStore:
    case Opcode::AtomicRmw:
    case Opcode::AtomicCompareExchange:
    case Opcode::Barrier:
    case Opcode::InterlockBegin:
    case Opcode::InterlockEnd:
    case Opcode::Kill:
        return true;
    default:
        return false;
    }
}

ValueUses::ValueUses(const ir::Function& f) {
    std::size_t n = 0;
    for (const ir::Block* b : f.blocks) n += b->instructions.size();
    info_.reserve(n);
    for (const ir::Block* b : f.blocks) {
        std::uint32_t effects = 0;
        for (std::uint32_t k = 0; k < b->instructions.size(); ++k) {
            const ir::Instruction* i = b->instructions[k];
            Info& at = info_[i];
            at.position = k;
            at.effects_before = effects;
            if (has_side_effects(*i)) ++effects;
            for (const ir::Value* v : i->operands)
                if (const ir::Instruction* d = v ? v->as<ir::Instruction>() : nullptr) {
                    Info& def = info_[d];
                    ++def.uses;
                    def.user = i;
                }
        }
    }
}

bool ValueUses::may_inline(const ir::Instruction* i) const {
    if (has_side_effects(*i) || i->opcode == Opcode::Phi || i->opcode == Opcode::Alloca) return false;
    const auto* def = info_.find(i);
    if (!def || def->second.uses != 1) return false;
    const ir::Instruction* user = def->second.user;
    if (user->block != i->block || user->opcode == Opcode::Phi) return false;
    const auto* use = info_.find(user);
    return use && use->second.position > def->second.position &&
           use->second.effects_before == def->second.effects_before;
}

}  // namespace oneshader::textgen
