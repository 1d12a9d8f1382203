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
    order_.reserve(n);
    info_.resize(n);
    // Numbered first, so that an operand defined in a later block is found.
    for (const ir::Block* b : f.blocks) {
        std::uint32_t effects = 0;
        for (std::uint32_t k = 0; k < b->instructions.size(); ++k) {
            const ir::Instruction* i = b->instructions[k];
            i->set_scratch(static_cast<std::uint32_t>(order_.size()));
            Info& at = info_[order_.size()];
            order_.push_back(i);
            at.position = k;
            at.effects_before = effects;
            if (has_side_effects(*i)) ++effects;
        }
    }
    for (const ir::Instruction* i : order_)
        for (const ir::Value* v : i->operands)
            if (const ir::Instruction* d = v ? v->as<ir::Instruction>() : nullptr) {
                // An operand from outside the function (malformed input) has no record.
                if (d->scratch() >= order_.size() || order_[d->scratch()] != d) continue;
                Info& def = info_[d->scratch()];
                ++def.uses;
                def.user = i;
            }
}

const ValueUses::Info* ValueUses::find(const ir::Instruction* i) const {
    const std::uint32_t k = number(i);
    return k == kNotInFunction ? nullptr : &info_[k];
}

bool ValueUses::may_inline(const ir::Instruction* i) const {
    if (has_side_effects(*i) || i->opcode == Opcode::Phi || i->opcode == Opcode::Alloca) return false;
    const Info* def = find(i);
    if (!def || def->uses != 1) return false;
    const ir::Instruction* user = def->user;
    if (user->block != i->block || user->opcode == Opcode::Phi) return false;
    const Info* use = find(user);
    return use && use->position > def->position && use->effects_before == def->effects_before;
}

}  // namespace oneshader::textgen
