#include "ir/builder.hpp"

#include <algorithm>

#include "ir/type_rules.hpp"
#include "support/pointer_map.hpp"
#include "types/types_query.hpp"

namespace oneshader::ir {

const sema::PointerType* Builder::pointer_type(sema::AddressSpace space, const sema::Type* pointee) {
    if (!pointer_slots_ready_) {
        std::fill(std::begin(pointer_slots_), std::end(pointer_slots_), PointerSlot{nullptr, space, nullptr});
        pointer_slots_ready_ = true;
    }
    auto bits = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(pointee));
    PointerSlot& slot = pointer_slots_[((bits >> 4) ^ (bits >> 10) ^ static_cast<std::uint64_t>(space)) & 63];
    if (slot.type && slot.pointee == pointee && slot.space == space) return slot.type;
    const sema::PointerType* t = types_.pointer(space, pointee);
    if (t) slot = {pointee, space, t};
    return t;
}

void Builder::set_insert_before(Instruction* i) {
    block_ = i->block;
    before_ = i;
    loc_ = i->loc;
}

Instruction* Builder::insert(Instruction* i) {
    if (!i->loc.valid()) i->loc = loc_;
    if (!block_) return i;
    auto& list = block_->instructions;
    if (before_ && defer_ && immediate_left_ == 0) {
        deferred_.push_back({before_, i});
    } else if (before_) {
        if (defer_) --immediate_left_;
        std::size_t at = before_hint_;
        if (at >= list.size() || list[at] != before_)
            at = static_cast<std::size_t>(std::find(list.begin(), list.end(), before_) - list.begin());
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(at), i);
        before_hint_ = at + 1;
    } else {
        // Blocks being built grow one instruction at a time: start with room for a few rather
        // than reallocating at 1, 2 and 4.
        if (list.capacity() == 0) list.reserve(8);
        list.push_back(i);
    }
    i->block = block_;
    return i;
}

void Builder::place_deferred() {
    if (deferred_.empty()) return;
    constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    // Per anchor, its deferred instructions in insertion order: the first and last index, and a
    // link from each to the next.
    support::PointerMap<const Instruction*, std::pair<std::uint32_t, std::uint32_t>> by_anchor(deferred_.size());
    std::vector<std::uint32_t> next(deferred_.size(), kNone);
    std::vector<Block*> touched;
    for (std::uint32_t k = 0; k < deferred_.size(); ++k) {
        auto [entry, added] = by_anchor.emplace(deferred_[k].anchor, std::pair{k, k});
        if (!added) {
            next[entry->second.second] = k;
            entry->second.second = k;
        }
        if (touched.empty() || touched.back() != deferred_[k].inst->block) touched.push_back(deferred_[k].inst->block);
    }
    // Only which blocks to rebuild depends on this order, never what they hold afterwards.
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    std::vector<std::uint8_t> placed(deferred_.size(), 0);
    struct Frame {
        Instruction* inst;
        std::uint32_t pending;  // the next deferred instruction to place before inst
    };
    std::vector<Frame> stack;
    std::vector<Instruction*> out;
    auto first_before = [&](const Instruction* x) {
        const auto* e = by_anchor.find(x);
        return e ? e->second.first : kNone;
    };
    for (Block* b : touched) {
        out.clear();
        out.reserve(b->instructions.size());
        // Each instruction after what goes before it; a deferred instruction can itself be an
        // anchor (a pass inserted before what it had just inserted).
        for (Instruction* x : b->instructions) {
            stack.push_back({x, first_before(x)});
            while (!stack.empty()) {
                Frame& f = stack.back();
                if (f.pending == kNone) {
                    out.push_back(f.inst);
                    stack.pop_back();
                    continue;
                }
                const std::uint32_t k = f.pending;
                f.pending = next[k];
                placed[k] = 1;
                stack.push_back({deferred_[k].inst, first_before(deferred_[k].inst)});
            }
        }
        b->instructions.assign(out.begin(), out.end());
    }
    // An anchor that left its block (a pass removed it too early): before the block's terminator.
    for (std::uint32_t k = 0; k < deferred_.size(); ++k) {
        if (placed[k]) continue;
        auto& list = deferred_[k].inst->block->instructions;
        const bool ends = !list.empty() && is_terminator(list[list.size() - 1]->opcode);
        list.insert(list.end() - (ends ? 1 : 0), deferred_[k].inst);
    }
    deferred_.clear();
}

Instruction* Builder::make(Opcode op, const sema::Type* type, std::span<Value* const> operands,
                           std::span<const std::int64_t> immediates, std::span<Block* const> targets) {
    Instruction* i = module_.make_instruction(op, type);
    i->loc = loc_;
    // A new instruction's lists are empty: most instructions fill one or two of the three.
    if (!operands.empty()) i->operands.assign(operands.begin(), operands.end());
    if (!immediates.empty()) i->immediates.assign(immediates.begin(), immediates.end());
    if (!targets.empty()) i->targets.assign(targets.begin(), targets.end());
    return insert(i);
}

Instruction* Builder::binary(Opcode op, Value* a, Value* b) {
    Value* ops[] = {a, b};
    return make(op, a->type(), ops);
}

Instruction* Builder::unary(Opcode op, Value* a) {
    Value* ops[] = {a};
    return make(op, a->type(), ops);
}

Instruction* Builder::compare(Opcode op, Value* a, Value* b) {
    Value* ops[] = {a, b};
    return make(op, or_void(comparison_result_type(types_, a->type())), ops);
}

Instruction* Builder::select(Value* cond, Value* if_true, Value* if_false) {
    Value* ops[] = {cond, if_true, if_false};
    return make(Opcode::Select, if_true->type(), ops);
}

Instruction* Builder::convert(Value* v, const sema::Type* to) {
    Value* ops[] = {v};
    return make(Opcode::Convert, to, ops);
}

Instruction* Builder::bitcast(Value* v, const sema::Type* to) {
    Value* ops[] = {v};
    return make(Opcode::Bitcast, to, ops);
}

Instruction* Builder::bitfield_extract(Value* base, std::uint32_t offset, std::uint32_t count) {
    Value* ops[] = {base, module_.uint_constant(offset), module_.uint_constant(count)};
    return make(Opcode::BitFieldExtract, base->type(), ops);
}

Instruction* Builder::bitfield_insert(Value* base, Value* field, std::uint32_t offset, std::uint32_t count) {
    Value* ops[] = {base, field, module_.uint_constant(offset), module_.uint_constant(count)};
    return make(Opcode::BitFieldInsert, base->type(), ops);
}

Instruction* Builder::construct(const sema::Type* type, std::span<Value* const> parts) {
    return make(Opcode::CompositeConstruct, type, parts);
}

Instruction* Builder::extract(Value* composite, std::span<const std::int64_t> indices) {
    Value* ops[] = {composite};
    const sema::Type* element = composite_path_type(types_, composite->type(), indices);
    // Values have no matrix orientation: a row_major member extracts as a plain matrix.
    return make(Opcode::CompositeExtract, or_void(element ? element->value_type() : nullptr), ops,
                indices);
}

Instruction* Builder::insert_element(Value* composite, Value* element, std::span<const std::int64_t> indices) {
    Value* ops[] = {composite, element};
    return make(Opcode::CompositeInsert, composite->type(), ops, indices);
}

Instruction* Builder::swizzle(Value* vector, std::span<const std::int64_t> components) {
    Value* ops[] = {vector};
    const sema::ScalarType* e = sema::component_type(vector->type());
    const sema::Type* t = components.size() == 1 ? static_cast<const sema::Type*>(e)
                                                 : types_.vector(e, static_cast<std::uint32_t>(components.size()));
    return make(Opcode::Swizzle, or_void(e ? t : nullptr), ops, components);
}

Instruction* Builder::shuffle(Value* a, Value* b, std::span<const std::int64_t> components) {
    Value* ops[] = {a, b};
    const sema::ScalarType* e = sema::component_type(a->type());
    return make(Opcode::VectorShuffle,
                or_void(e ? types_.vector(e, static_cast<std::uint32_t>(components.size())) : nullptr), ops,
                components);
}

Instruction* Builder::splat(Value* scalar, std::uint32_t count) {
    Value* ops[] = {scalar};
    const auto* s = scalar->type()->as<sema::ScalarType>();
    return make(Opcode::Splat, or_void(s ? types_.vector(s, count) : nullptr), ops);
}

Instruction* Builder::matmul(Value* a, Value* b) {
    Value* ops[] = {a, b};
    return make(Opcode::MatMul, or_void(matmul_result_type(types_, a->type(), b->type())), ops);
}

Instruction* Builder::alloca_var(const sema::Type* type, std::string_view name) {
    Instruction* i = make(Opcode::Alloca, pointer_type(sema::AddressSpace::Function, type), {});
    module_.set_name(i, name);
    return i;
}

Instruction* Builder::load(Value* pointer) {
    Value* ops[] = {pointer};
    const auto* p = pointer->type()->as<sema::PointerType>();
    return make(Opcode::Load, or_void(p ? p->pointee->value_type() : nullptr), ops);
}

Instruction* Builder::store(Value* pointer, Value* value) {
    Value* ops[] = {pointer, value};
    return make(Opcode::Store, nullptr, ops);
}

Instruction* Builder::access_chain(Value* base, std::span<Value* const> indices) {
    SmallVec<Value*, 8> ops;
    ops.reserve(1 + indices.size());  // one allocation for a long chain, not one per doubling
    ops.push_back(base);
    ops.insert(ops.end(), indices.begin(), indices.end());
    const sema::Type* result = nullptr;
    if (const auto* p = base->type()->as<sema::PointerType>()) {
        const sema::Type* t = p->pointee;
        for (std::size_t k = 0; k < indices.size() && t; ++k) t = access_chain_step(types_, t, indices[k], k == 0);
        if (t) result = pointer_type(p->space, t);
    }
    return make(Opcode::AccessChain, or_void(result), ops);
}

Instruction* Builder::call(Function* callee, std::span<Value* const> args) {
    Instruction* i = make(Opcode::Call, callee->result_type, args);
    i->callee = callee;
    return i;
}

Instruction* Builder::intrinsic(intrinsics::Id id, const sema::Type* result, std::span<Value* const> args) {
    Instruction* i = make(Opcode::CallIntrinsic, result, args);
    i->intrinsic = id;
    return i;
}

Instruction* Builder::texture(Opcode op, const sema::Type* result, std::span<Value* const> operands,
                              std::span<const std::int64_t> immediates) {
    return make(op, result, operands, immediates);
}

Instruction* Builder::atomic_rmw(AtomicOp op, std::span<Value* const> operands) {
    std::int64_t imm[] = {static_cast<std::int64_t>(op)};
    return make(Opcode::AtomicRmw, operands.empty() ? nullptr : operands.back()->type(), operands, imm);
}

Instruction* Builder::atomic_compare_exchange(std::span<Value* const> operands) {
    return make(Opcode::AtomicCompareExchange, operands.empty() ? nullptr : operands.back()->type(), operands);
}

Instruction* Builder::barrier(std::uint32_t flags) {
    std::int64_t imm[] = {static_cast<std::int64_t>(flags)};
    return make(Opcode::Barrier, nullptr, {}, imm);
}

Instruction* Builder::phi(const sema::Type* type) { return make(Opcode::Phi, type, {}); }

void Builder::add_incoming(Instruction* phi, Value* value, Block* from) {
    phi->operands.push_back(value);
    phi->targets.push_back(from);
}

Instruction* Builder::br(Block* target) {
    Block* t[] = {target};
    return make(Opcode::Branch, nullptr, {}, {}, t);
}

Instruction* Builder::cond_br(Value* cond, Block* if_true, Block* if_false) {
    Value* ops[] = {cond};
    Block* t[] = {if_true, if_false};
    return make(Opcode::CondBranch, nullptr, ops, {}, t);
}

Instruction* Builder::switch_(Value* selector, Block* default_target, std::span<const SwitchCase> cases) {
    Value* ops[] = {selector};
    SmallVec<std::int64_t, 8> values;
    SmallVec<Block*, 8> targets{default_target};
    for (const SwitchCase& c : cases) {
        values.push_back(c.value);
        targets.push_back(c.target);
    }
    return make(Opcode::Switch, nullptr, ops, values, targets);
}

Instruction* Builder::ret(Value* value) {
    if (!value) return make(Opcode::Return, nullptr, {});
    Value* ops[] = {value};
    return make(Opcode::Return, nullptr, ops);
}

Instruction* Builder::kill() { return make(Opcode::Kill, nullptr, {}); }

Instruction* Builder::unreachable() { return make(Opcode::Unreachable, nullptr, {}); }

void Builder::mark_selection(Block* header, Block* merge, ControlHint hint) {
    header->structure = StructureKind::Selection;
    header->merge = merge;
    header->continue_block = nullptr;
    header->hint = hint;
}

void Builder::mark_loop(Block* header, Block* merge, Block* continue_block, ControlHint hint,
                        std::uint32_t unroll_count) {
    header->structure = StructureKind::Loop;
    header->merge = merge;
    header->continue_block = continue_block;
    header->hint = hint;
    header->unroll_count = unroll_count;
}

void remove_instruction(Instruction* i) {
    if (!i->block) return;
    auto& list = i->block->instructions;
    // Searched from the back, and only until found (a block holds an instruction once): what is
    // removed one at a time is most often the terminator or something just placed, and a whole
    // scan per removal made merging a long chain of blocks quadratic.
    for (std::size_t k = list.size(); k-- > 0;)
        if (list[k] == i) {
            list.erase(list.begin() + k);
            break;
        }
    i->block = nullptr;
}

}  // namespace oneshader::ir
