// Functions, blocks and structured control flow. Blocks are written in the reverse post-order of
// a walk that visits a header's merge block, then its continue block, before its other
// successors: every block then follows its dominators and every merge comes after the blocks of
// its construct. Blocks nothing reaches are dropped, except merge and continue blocks a live
// header names: SPIR-V needs those, so they become OpUnreachable / a branch back to the header.
#include <algorithm>

#include "spirv/emitter.hpp"
#include "support/pointer_map.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {

void Emitter::mark_reachable(const ir::Function* f) {
    // Reachability from the entry along terminator edges is all the emitter needs of a CFG:
    // one walk over a table kept across functions, rather than a graph built per function.
    reachable_.clear();
    std::vector<const ir::Block*>& work = reach_work_;
    work.clear();
    const ir::Block* entry = f->entry();
    reachable_.set(entry, true);
    work.push_back(entry);
    while (!work.empty()) {
        const ir::Block* b = work.back();
        work.pop_back();
        for (const ir::Block* s : ir::successors(b)) {
            bool fresh = false;
            if (s && s->function == f) reachable_.get_or_insert(s, true, &fresh);
            if (fresh) work.push_back(s);
        }
    }
}

std::vector<const ir::Block*> Emitter::block_order(const ir::Function* f) {
    std::vector<const ir::Block*> post;
    post.reserve(f->blocks.size());
    PointerTable<bool>& visited = visited_;
    visited.clear();
    using Successors = ir::SmallVec<const ir::Block*, 4>;
    struct Frame {
        const ir::Block* block;
        Successors next;
        std::size_t at = 0;
    };
    auto successors_of = [&](const ir::Block* b) {
        Successors next;
        if (b->structure != ir::StructureKind::None && b->merge) next.push_back(b->merge);
        if (b->structure == ir::StructureKind::Loop && b->continue_block) next.push_back(b->continue_block);
        // A block nothing reaches is emitted bare: its own successors do not come along.
        if (reachable(b))
            for (const ir::Block* s : ir::successors(b)) next.push_back(s);
        return next;
    };
    std::vector<Frame> stack;
    const ir::Block* entry = f->entry();
    visited.set(entry, true);
    stack.push_back({entry, successors_of(entry)});
    while (!stack.empty()) {
        Frame& top = stack.back();
        if (top.at < top.next.size()) {
            const ir::Block* s = top.next[top.at++];
            bool fresh = false;
            if (s && s->function == f) visited.get_or_insert(s, true, &fresh);
            if (fresh) stack.push_back({s, successors_of(s)});
            continue;
        }
        post.push_back(top.block);
        stack.pop_back();
    }
    std::reverse(post.begin(), post.end());
    return post;
}

namespace {

std::uint32_t selection_control(ir::ControlHint h) {
    if (h == ir::ControlHint::Flatten) return static_cast<std::uint32_t>(spv::SelectionControlMask::Flatten);
    if (h == ir::ControlHint::Branch) return static_cast<std::uint32_t>(spv::SelectionControlMask::DontFlatten);
    return 0;
}

}  // namespace

Id Emitter::function_id(const ir::Function* f) {
    const Id* id = function_ids_.find(f);
    return id ? *id : 0;
}

void Emitter::emit_function(const ir::Function* f) {
    values_.clear();
    pointers_.clear();
    nonuniform_.clear();
    // Sized for the function up front: each table grew from 16 entries, rehashing on the way.
    std::size_t instructions = 0;
    for (const ir::Block* b : f->blocks) instructions += b->instructions.size();
    values_.reserve(instructions + f->arguments.size());
    pointers_.reserve(instructions / 2);
    reachable_.reserve(f->blocks.size());
    labels_.reserve(f->blocks.size());
    visited_.reserve(f->blocks.size());
    // Nothing goes into the body before the signature is complete, so the function is written
    // straight into the module's function section.
    body_ = &functions_;

    mark_reachable(f);
    std::vector<const ir::Block*> order = block_order(f);
    labels_.clear();
    for (const ir::Block* b : order) labels_.set(b, new_id());

    // Signature.
    Id result = value_type(f->result_type);
    Operands param_types;
    for (const ir::Argument* a : f->arguments) {
        if (const auto* p = a->type()->as<sema::PointerType>()) {
            if (sema::is_resource_or_array(p->pointee)) unsupported("functions with resource parameters (inline them first)");
            param_types.push_back(type_pointer(spv::StorageClass::Function, value_type(p->pointee)));
            if (p->space != sema::AddressSpace::Function) unsupported("pointer parameters outside function memory");
        } else {
            param_types.push_back(value_type(a->type()));
        }
    }
    Id fn_type = type_function(result, param_types);
    InstructionStream& head = functions_;
    head.add(spv::Op::OpFunction, {result, function_id(f), 0u, fn_type});
    for (std::size_t k = 0; k < f->arguments.size(); ++k) {
        const ir::Argument* a = f->arguments[k];
        Id id = new_id();
        head.add(spv::Op::OpFunctionParameter, {param_types[k], id});
        name(id, a->name());
        if (const auto* p = a->type()->as<sema::PointerType>()) {
            PointerInfo info;
            info.id = id;
            info.storage = spv::StorageClass::Function;
            info.pointee = p->pointee;
            info.spirv_pointee = value_type(p->pointee);
            set_pointer(a, info);
        } else {
            values_.set(a, id);
        }
    }

    // Every alloca becomes an OpVariable at the top of the first block, as SPIR-V requires.
    InstructionStream& variables = variables_;
    variables.clear();
    for (const ir::Block* b : f->blocks)
        for (const ir::Instruction* i : b->instructions) {
            if (i->opcode != ir::Opcode::Alloca) continue;
            const auto* p = i->type()->as<sema::PointerType>();
            if (!p) continue;
            PointerInfo info;
            info.id = new_id();
            info.storage = spv::StorageClass::Function;
            info.pointee = p->pointee;
            info.spirv_pointee = value_type(p->pointee);
            variables.add(spv::Op::OpVariable, {type_pointer(spv::StorageClass::Function, info.spirv_pointee), info.id,
                                                static_cast<std::uint32_t>(spv::StorageClass::Function)});
            name(info.id, i->name());
            set_pointer(i, info);
        }
    // A temporary for every call operand that points into part of a variable or at a global.
    call_temps_.clear();
    for (const ir::Block* b : f->blocks)
        for (const ir::Instruction* i : b->instructions) {
            if (i->opcode != ir::Opcode::Call) continue;
            for (std::size_t k = 0; k < i->operands.size(); ++k) {
                const ir::Value* a = i->operands[k];
                const auto* p = a->type()->as<sema::PointerType>();
                if (!p || sema::contains_resource(p->pointee) || a->is<ir::Argument>() ||
                    (a->is<ir::Instruction>() && a->as<ir::Instruction>()->opcode == ir::Opcode::Alloca))
                    continue;
                Id temp = new_id();
                variables.add(spv::Op::OpVariable,
                              {type_pointer(spv::StorageClass::Function, value_type(p->pointee)), temp,
                               static_cast<std::uint32_t>(spv::StorageClass::Function)});
                call_temps_.emplace(std::make_pair(i, k), temp);
            }
        }

    // A signature or a call too long for one instruction is the function's problem: report it at
    // its first instruction, the nearest source position there is.
    if (!f->blocks.empty() && !f->blocks.front()->instructions.empty()) current_ = f->blocks.front()->instructions.front();
    report_oversized();

    // The live loop header of each continue block (the last in order, if several), made when the
    // first unreachable block needs it: a search of every block per unreachable one was quadratic
    // in a function of many inlined early returns.
    support::PointerMap<const ir::Block*, const ir::Block*> header_of_continue;
    bool headers_mapped = false;
    for (const ir::Block* b : order) {
        op(spv::Op::OpLabel, {label(b)});
        if (b == order.front()) functions_.append(variables);
        debug_block();
        bool live = reachable(b);
        if (!live) {
            // Only merge and continue blocks of live headers get here.
            if (!headers_mapped) {
                for (const ir::Block* h : order)
                    if (reachable(h) && h->structure == ir::StructureKind::Loop && h->continue_block)
                        header_of_continue[h->continue_block] = h;
                headers_mapped = true;
            }
            const auto* found = header_of_continue.find(b);
            const ir::Block* header = found ? found->second : nullptr;
            if (header)
                op(spv::Op::OpBranch, {label(header)});
            else
                op(spv::Op::OpUnreachable, {});
            continue;
        }
        const ir::Instruction* term = b->terminator();
        for (const ir::Instruction* i : b->instructions) {
            if (i == term) break;
            current_ = i;
            if (i->opcode == ir::Opcode::Alloca) continue;
            if (i->opcode != ir::Opcode::Phi) debug_line(i);
            if (i->opcode == ir::Opcode::Phi) {
                Operands ops;
                Id type = value_type(i->type());
                for (std::size_t k = 0; k < i->operands.size() && k < i->targets.size(); ++k) {
                    const ir::Block* from = i->targets[k];
                    if (!labels_.contains(from)) continue;
                    ops.push_back(reachable(from) ? value(i->operands[k]) : undef(type));
                    ops.push_back(label(from));
                }
                op_result(spv::Op::OpPhi, type, ops, result_id(i));
                name(result_id(i), i->name());
                report_oversized();
                continue;
            }
            if (!emit_instruction(i)) {
                fail(support::DiagCode::spirv_not_supported_yet,
                     "SPIR-V: the IR instruction '" + std::string(ir::mnemonic(i->opcode)) + "' is not supported yet");
            }
            if (i->has_result() && !i->type()->is<sema::PointerType>() && !i->name().empty()) {
                if (const Id* id = values_.find(i)) name(*id, i->name());
            }
            report_oversized();
        }
        current_ = term;
        // Before the merge instruction, which must stand right before the branch.
        if (term) debug_line(term);
        if (b->structure == ir::StructureKind::Loop && b->merge && b->continue_block) {
            std::uint32_t control = 0;
            Operands ops{label(b->merge), label(b->continue_block)};
            if (b->hint == ir::ControlHint::Unroll) {
                if (b->unroll_count > 0) {
                    control = static_cast<std::uint32_t>(spv::LoopControlMask::PartialCount);
                    ops.push_back(control);
                    ops.push_back(b->unroll_count);
                } else {
                    ops.push_back(static_cast<std::uint32_t>(spv::LoopControlMask::Unroll));
                }
            } else if (b->hint == ir::ControlHint::DontUnroll) {
                ops.push_back(static_cast<std::uint32_t>(spv::LoopControlMask::DontUnroll));
            } else {
                ops.push_back(0);
            }
            op(spv::Op::OpLoopMerge, ops);
        } else if (b->structure == ir::StructureKind::Selection && b->merge) {
            op(spv::Op::OpSelectionMerge, {label(b->merge), selection_control(b->hint)});
        }
        if (!term) {
            op(spv::Op::OpUnreachable, {});
            continue;
        }
        switch (term->opcode) {
        case ir::Opcode::Branch: op(spv::Op::OpBranch, {label(term->targets[0])}); break;
        case ir::Opcode::CondBranch:
            op(spv::Op::OpBranchConditional, {value(term->operands[0]), label(term->targets[0]), label(term->targets[1])});
            break;
        case ir::Opcode::Switch: {
            if (term->immediates.size() > kMaxSwitchPairs) {
                fail(support::DiagCode::spirv_not_expressible,
                     "SPIR-V: a switch with " + std::to_string(term->immediates.size()) + " cases is more than the " +
                         std::to_string(kMaxSwitchPairs) +
                         " a SPIR-V OpSwitch may have; split it into several switches, each over a range of the "
                         "values (chosen by an if)");
                break;
            }
            Operands ops{value(term->operands[0]), label(term->targets[0])};
            bool wide = bits_of(term->operands[0]->type()) == 64;
            for (std::size_t k = 0; k < term->immediates.size() && k + 1 < term->targets.size(); ++k) {
                auto v = static_cast<std::uint64_t>(term->immediates[k]);
                ops.push_back(static_cast<std::uint32_t>(v));
                if (wide) ops.push_back(static_cast<std::uint32_t>(v >> 32));
                ops.push_back(label(term->targets[k + 1]));
            }
            op(spv::Op::OpSwitch, ops);
            break;
        }
        case ir::Opcode::Return:
            if (term->operands.empty())
                op(spv::Op::OpReturn, {});
            else
                op(spv::Op::OpReturnValue, {value(term->operands[0])});
            break;
        case ir::Opcode::Kill:
            if (stage() != ir::ShaderStage::Pixel)
                fail(support::DiagCode::spirv_wrong_stage, "SPIR-V: discard is only allowed in pixel shaders");
            op(spv::Op::OpKill, {});
            break;
        default: op(spv::Op::OpUnreachable, {}); break;
        }
        report_oversized();
    }
    body_->add(spv::Op::OpFunctionEnd, {});
    body_ = nullptr;
    current_ = nullptr;  // a later problem is not this function's
}

bool Emitter::emit_instruction(const ir::Instruction* i) {
    if (i->opcode == ir::Opcode::Call) {
        Operands ops{function_id(i->callee)};
        // Copied-through operands: (the place, its temporary, the value type), written back after.
        struct CopyBack {
            const PointerInfo* place;
            Id temp;
            const sema::Type* type;
        };
        std::vector<CopyBack> copy_back;
        for (std::size_t k = 0; k < i->operands.size(); ++k) {
            const ir::Value* a = i->operands[k];
            if (a->type()->is<sema::PointerType>()) {
                const PointerInfo* p = pointer(a);
                if (!p) return true;
                auto temp = call_temps_.find(std::make_pair(i, k));
                if (temp != call_temps_.end()) {
                    // Copy in, and back out where the memory is the invocation's own (HLSL passes
                    // `this` and inout by copy-in/copy-out, and nothing else can see these places
                    // during the call). Shared or buffer memory would race: refused.
                    const sema::Type* t = a->type()->as<sema::PointerType>()->pointee;
                    spv::StorageClass sc = p->storage;
                    bool own = sc == spv::StorageClass::Function || sc == spv::StorageClass::Private ||
                               sc == spv::StorageClass::Output;
                    bool read_only = sc == spv::StorageClass::Uniform || sc == spv::StorageClass::PushConstant ||
                                     sc == spv::StorageClass::Input;
                    if (!own && !read_only) {
                        unsupported("passing a pointer into shared or buffer memory to a function (inline it first)");
                        return true;
                    }
                    op(spv::Op::OpStore, {temp->second, load_pointer(*p, t)});
                    if (own) copy_back.push_back({p, temp->second, t});
                    ops.push_back(temp->second);
                    continue;
                }
                ops.push_back(p->id);  // an argument or a local variable: passed as it is
            } else {
                ops.push_back(value(a));
            }
        }
        Id r = op_result(spv::Op::OpFunctionCall, value_type(i->type()), ops);
        for (const CopyBack& c : copy_back)
            store_pointer(*c.place, op_result(spv::Op::OpLoad, value_type(c.type), {c.temp}), c.type);
        if (i->has_result()) define(i, r);
        return true;
    }
    return emit_arithmetic(i) || emit_composite(i) || emit_memory(i) || emit_image(i) || emit_buffer(i) || emit_atomic(i) ||
           emit_intrinsic(i);
}

}  // namespace oneshader::spirv
