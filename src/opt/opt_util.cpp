#include "opt/opt_util.hpp"

#include <algorithm>

#include "intrinsics/id.hpp"
#include "ir/builder.hpp"
#include "ir/clone.hpp"

namespace oneshader::opt {

using namespace ir;

Block* new_block_after(Module& m, Function& f, Block* after) {
    Block* nb = m.add_block(&f);  // appended; move it into place
    if (after) {
        f.blocks.pop_back();
        auto it = std::find(f.blocks.begin(), f.blocks.end(), after);
        f.blocks.insert(it == f.blocks.end() ? it : it + 1, nb);
    }
    return nb;
}

Block* split_block(Module& m, Function& f, Block* b, std::size_t from) {
    Block* nb = new_block_after(m, f, b);
    nb->instructions.assign(b->instructions.begin() + static_cast<std::ptrdiff_t>(from), b->instructions.end());
    b->instructions.resize(from);
    for (Instruction* i : nb->instructions) i->block = nb;
    if (b->structure == StructureKind::Selection) {
        nb->structure = b->structure;
        nb->merge = b->merge;
        nb->hint = b->hint;
        nb->unroll_count = b->unroll_count;
        b->structure = StructureKind::None;
        b->merge = nullptr;
        b->hint = ControlHint::None;
        b->unroll_count = 0;
    }
    for (Block* s : successors(nb)) rename_phi_incoming(s, b, nb);
    Builder builder(m);
    builder.set_insert_point(b);
    // The new branch stands where the code it jumps to begins.
    if (!nb->instructions.empty()) builder.set_loc(nb->instructions.front()->loc);
    builder.br(nb);
    return nb;
}

std::vector<Block*> clone_blocks(Module& m, Function& into, const Function& from,
                                 const Replacements& map) {
    std::vector<Block*> out;
    out.reserve(from.blocks.size());
    std::size_t count = 0;
    for (std::uint32_t k = 0; k < from.blocks.size(); ++k) {
        const Block* b = from.blocks[k];
        b->cfg_position = k;  // block_of's lookup; a Cfg checks the hint before trusting it
        count += b->instructions.size();
        Block* nb = m.arena().make<Block>(&into);
        nb->set_name_raw(b->name());
        out.push_back(nb);
    }
    auto block_of = [&](Block* b) -> Block* {
        const std::uint32_t k = b ? b->cfg_position : kNoBlock;
        return k < from.blocks.size() && from.blocks[k] == b ? out[k] : b;
    };
    // Original instruction -> copy: open addressing on the pointer, at most half full.
    std::size_t slots = 16;
    while (slots < 2 * count) slots *= 2;
    std::vector<std::pair<const Value*, Value*>> table(slots, {nullptr, nullptr});
    auto slot_of = [&](const Value* v) -> std::size_t {
        auto h = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(v)) * 0x9e3779b97f4a7c15ull;
        return static_cast<std::size_t>(h >> 32) & (slots - 1);
    };
    // First the instructions, so operands may refer forward (phis); then the operands.
    for (std::size_t k = 0; k < from.blocks.size(); ++k) {
        const Block* b = from.blocks[k];
        Block* nb = out[k];
        nb->instructions.reserve(b->instructions.size());
        for (const Instruction* i : b->instructions) {
            Instruction* c = copy_instruction(m, *i);
            c->block = nb;
            nb->instructions.push_back(c);
            std::size_t s = slot_of(i);
            while (table[s].first && table[s].first != i) s = (s + 1) & (slots - 1);
            table[s] = {i, c};
        }
        nb->structure = b->structure;
        nb->merge = b->merge ? block_of(b->merge) : nullptr;
        nb->continue_block = b->continue_block ? block_of(b->continue_block) : nullptr;
        nb->hint = b->hint;
        nb->unroll_count = b->unroll_count;
    }
    auto copy_of = [&](Value* v) -> Value* {
        if (!v) return v;
        if (v->kind() == ValueKind::Instruction) {
            for (std::size_t s = slot_of(v); table[s].first; s = (s + 1) & (slots - 1))
                if (table[s].first == v) return table[s].second;
        }
        if (map.empty()) return v;
        auto it = map.find(v);
        return it == map.end() ? v : it->second;
    };
    for (Block* nb : out)
        for (Instruction* c : nb->instructions) {
            for (Value*& op : c->operands) op = copy_of(op);
            for (Block*& t : c->targets) t = block_of(t);
        }
    return out;
}

void rename_phi_incoming(Block* block, const Block* from, Block* to) {
    for (Instruction* i : block->instructions) {
        if (i->opcode != Opcode::Phi) break;
        for (Block*& t : i->targets)
            if (t == from) t = to;
    }
}

void remove_phi_incoming(Block* block, const Block* from) {
    for (Instruction* i : block->instructions) {
        if (i->opcode != Opcode::Phi) break;
        for (std::size_t k = i->targets.size(); k-- > 0;)
            if (i->targets[k] == from) {
                i->targets.erase(i->targets.begin() + static_cast<std::ptrdiff_t>(k));
                i->operands.erase(i->operands.begin() + static_cast<std::ptrdiff_t>(k));
            }
    }
}

StructureRoles structure_roles(const Function& f, const Cfg& cfg) {
    StructureRoles roles;
    for (std::uint32_t k = 0; k < f.blocks.size(); ++k) {
        const Block* b = f.blocks[k];
        if (b->structure == StructureKind::None || !cfg.reachable(k)) continue;
        if (b->merge) roles.merges.insert(b->merge);
        if (b->continue_block) roles.continues.insert(b->continue_block);
    }
    return roles;
}

Value* pointer_root(Value* p) {
    for (int guard = 0; p && guard < 4096; ++guard) {
        if (p->is<Global>()) return p;
        Instruction* i = p->as<Instruction>();
        if (!i) return nullptr;
        if (i->opcode == Opcode::Alloca) return i;
        if (i->opcode != Opcode::AccessChain || i->operands.empty()) return nullptr;
        p = i->operands[0];
    }
    return nullptr;
}

bool removable_when_unused(const Instruction* i) {
    if (is_terminator(i->opcode)) return false;
    if (is_pure(i->opcode)) return true;
    switch (i->opcode) {
    case Opcode::Alloca:
    case Opcode::Load:
    case Opcode::TextureSample:
    case Opcode::TextureSampleBias:
    case Opcode::TextureSampleLevel:
    case Opcode::TextureSampleGrad:
    case Opcode::TextureSampleCompare:
    case Opcode::TextureSampleCompareLevelZero:
    case Opcode::TextureGather:
    case Opcode::TextureGatherCompare:
    case Opcode::TextureLoad:
    case Opcode::TextureQuerySize:
    case Opcode::TextureQueryLevels:
    case Opcode::TextureQuerySamples:
    case Opcode::TextureQueryLod:
    case Opcode::ByteAddressLoad:
    case Opcode::BufferLength:
        return true;
    case Opcode::CallIntrinsic:
        if (!i->has_result()) return false;
        for (const Value* op : i->operands)
            if (op->type() && op->type()->is<sema::PointerType>()) return false;
        return intrinsics::is_pure(i->intrinsic);
    default:
        return false;
    }
}

std::size_t instruction_count(const Function& f) {
    std::size_t n = 0;
    for (const Block* b : f.blocks) n += b->instructions.size();
    return n;
}

void clear_block(Block* b) {
    for (Instruction* i : b->instructions) i->block = nullptr;
    b->instructions.clear();
}

bool remove_unreachable(Function& f, const Cfg& cfg) {
    StructureRoles roles = structure_roles(f, cfg);
    // Each kept continue block's header, to branch back to.
    PointerMap<const Block*, Block*> header_of_continue;
    for (std::uint32_t k = 0; k < f.blocks.size(); ++k)
        if (cfg.reachable(k) && f.blocks[k]->structure == StructureKind::Loop && f.blocks[k]->continue_block)
            header_of_continue.emplace(f.blocks[k]->continue_block, f.blocks[k]);
    bool changed = false;
    std::vector<Block*> kept;
    kept.reserve(f.blocks.size());
    std::vector<const Block*> removed;
    for (std::uint32_t k = 0; k < f.blocks.size(); ++k) {
        Block* b = f.blocks[k];
        if (cfg.reachable(k)) {
            kept.push_back(b);
            continue;
        }
        if (roles.named(b)) {
            kept.push_back(b);
            continue;
        }
        removed.push_back(b);
        changed = true;
    }
    // Phis of reachable blocks lose the entries of removed predecessors.
    for (Block* b : kept)
        for (const Block* r : removed) remove_phi_incoming(b, r);
    // A kept continue block is unreachable: the header's phis take undef from it. An entry it had
    // may name a value of a removed block (the loop body a constant condition skips), and one it
    // lacked is needed for a new edge. True when a phi changed.
    auto undef_from = [&](Block* header, Block* from) {
        bool any = false;
        for (Instruction* i : header->instructions) {
            if (i->opcode != Opcode::Phi) break;
            Constant* undef = f.module->undef_constant(i->type());
            const auto at = std::find(i->targets.begin(), i->targets.end(), from);
            if (at == i->targets.end()) {
                Builder::add_incoming(i, undef, from);
                any = true;
            } else if (Value*& v = i->operands[static_cast<std::size_t>(at - i->targets.begin())]; v != undef) {
                v = undef;
                any = true;
            }
        }
        return any;
    };
    for (Block* b : kept) {
        std::uint32_t k = cfg.index(b);
        if (cfg.reachable(k)) continue;
        // A kept block: reduce it to its role.
        const auto* hc = header_of_continue.find(b);
        Block* back = hc ? hc->second : nullptr;
        Instruction* t = b->terminator();
        bool already = b->structure == StructureKind::None && b->instructions.size() == 1 && t &&
                       ((back && t->opcode == Opcode::Branch && t->targets[0] == back) ||
                        (!back && t->opcode == Opcode::Unreachable));
        if (already) {
            if (back && undef_from(back, b)) changed = true;
            continue;
        }
        support::SourceLoc at = t ? t->loc : support::SourceLoc{};
        for (Block* s : successors(b)) remove_phi_incoming(s, b);
        clear_block(b);
        b->structure = StructureKind::None;
        b->merge = b->continue_block = nullptr;
        b->hint = ControlHint::None;
        b->unroll_count = 0;
        Module& m = *f.module;
        Builder builder(m);
        builder.set_insert_point(b);
        builder.set_loc(at);
        if (back) {
            builder.br(back);
            undef_from(back, b);
        } else {
            builder.unreachable();
        }
        changed = true;
    }
    f.blocks.assign(kept.begin(), kept.end());
    return changed;
}

}  // namespace oneshader::opt
