// Loads, stores and access chains. Buffer memory holds explicitly laid-out types, so a pointer
// into a buffer carries the layout node of what it points to, and whole-value loads and stores
// convert between that form and the register form with OpCopyLogical.
#include "ir/type_rules.hpp"
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

// Whether the layout form of `l` is a different SPIR-V type from its register form: structs and
// arrays (their laid-out copies carry Offset and ArrayStride), and integer matrices, which are
// arrays of rows.
bool has_own_layout_type(const sema::TypeLayout* l) {
    if (!l) return false;
    if (l->kind == sema::LayoutKind::Matrix) return !sema::is_float_kind(l->scalar);
    return l->kind == sema::LayoutKind::Struct || l->kind == sema::LayoutKind::Array;
}

}  // namespace

// Buffer memory holds the explicitly laid-out form of a value; registers hold the plain form. They
// match logically (bools in buffers are uints by now: the raise list's bools_in_buffers), so
// aggregates cross with OpCopyLogical and scalars and vectors as they are.
Id Emitter::from_layout(Id v, const sema::TypeLayout* l, const sema::Type* t) {
    if (!has_own_layout_type(l)) return v;
    if (options_.version < Options::kSpirv14) return copy_by_members(v, l, false);
    return op_result(spv::Op::OpCopyLogical, value_type(t->value_type()), {v});
}

Id Emitter::to_layout(Id v, const sema::TypeLayout* l, const sema::Type*) {
    if (!has_own_layout_type(l)) return v;
    if (options_.version < Options::kSpirv14) return copy_by_members(v, l, true);
    return op_result(spv::Op::OpCopyLogical, layout_type(l), {v});
}

// Each member or element is taken out, converted in turn, and the aggregate built again; leaves
// (scalars, vectors, float matrices) have one SPIR-V type in both forms, and so do the rows of
// integer matrices.
Id Emitter::copy_by_members(Id v, const sema::TypeLayout* l, bool into_layout) {
    if (!has_own_layout_type(l)) return v;
    Operands parts;
    if (l->kind == sema::LayoutKind::Matrix) {
        const auto* m = l->type->value_type()->as<sema::MatrixType>();
        Id row = value_type(types().vector(m->element, m->cols));
        for (std::uint32_t k = 0; k < m->rows; ++k) parts.push_back(op_result(spv::Op::OpCompositeExtract, row, {v, k}));
        Id result_type = into_layout ? layout_type(l) : value_type(l->type->value_type());
        return op_result(spv::Op::OpCompositeConstruct, result_type, std::span<const std::uint32_t>(parts.data(), parts.size()));
    }
    auto part = [&](std::uint32_t index, const sema::TypeLayout* pl) {
        Id from = into_layout ? value_type(pl->type->value_type()) : layout_type(pl);
        parts.push_back(copy_by_members(op_result(spv::Op::OpCompositeExtract, from, {v, index}), pl, into_layout));
    };
    if (l->kind == sema::LayoutKind::Struct) {
        for (std::uint32_t i = 0; i < l->members.size(); ++i) part(i, l->members[i].type);
    } else {
        for (std::uint32_t k = 0; k < l->length; ++k) part(k, l->element);
    }
    Id result_type = into_layout ? layout_type(l) : value_type(l->type->value_type());
    return op_result(spv::Op::OpCompositeConstruct, result_type, std::span<const std::uint32_t>(parts.data(), parts.size()));
}

namespace {

bool is_position(const ir::Value* v) {
    const auto* g = v->as<ir::Global>();
    return g && g->global_kind() == ir::GlobalKind::Output && g->builtin && *g->builtin == ir::BuiltIn::Position;
}

}  // namespace

// -fvk-invert-y: the value written to SV_Position, whole or its y alone, has y negated, as DXC
// does at the vertex shader's end. Other partial writes leave y alone; a y chosen at run time
// cannot be told apart and is refused.
Id Emitter::invert_position_y(const ir::Instruction* store, Id v) {
    const ir::Value* target = store->operands[0];
    const sema::Type* t = store->operands[1]->type();
    if (is_position(target)) {
        Id component = component_type_of(t);
        Id y = op_result(spv::Op::OpCompositeExtract, component, {v, 1});
        Id negated = op_result(spv::Op::OpFNegate, component, {y});
        return op_result(spv::Op::OpCompositeInsert, value_type(t), {negated, v, 1});
    }
    const auto* chain = target->as<ir::Instruction>();
    if (!chain || chain->opcode != ir::Opcode::AccessChain || chain->operands.empty() || !is_position(chain->operands[0]))
        return v;
    const auto* index = chain->operands.size() == 2 ? chain->operands[1]->as<ir::Constant>() : nullptr;
    if (!index) {
        unsupported("-fvk-invert-y with a component of SV_Position chosen at run time");
        return v;
    }
    if (index->bits != 1) return v;
    return op_result(spv::Op::OpFNegate, value_type(t), {v});
}

Id Emitter::load_pointer(const PointerInfo& p, const sema::Type* t) {
    Id v = op_result(spv::Op::OpLoad, p.spirv_pointee, {p.id});
    return from_layout(v, p.layout, t);
}

void Emitter::store_pointer(const PointerInfo& p, Id v, const sema::Type* t) {
    op(spv::Op::OpStore, {p.id, to_layout(v, p.layout, t)});
}

Id Emitter::load_handle(const ir::Value* resource_pointer, const sema::ResourceType** kind) {
    const PointerInfo* p = pointer(resource_pointer);
    if (!p) return 0;
    const auto* r = p->pointee->as<sema::ResourceType>();
    if (kind) *kind = r;
    if (!r) {
        fail(support::DiagCode::spirv_malformed_input, "a texture or sampler operand that is not a resource pointer");
        return 0;
    }
    Id handle = op_result(spv::Op::OpLoad, p->spirv_pointee, {p->id});
    if (p->nonuniform) decorate(handle, spv::Decoration::NonUniform);
    return handle;
}

namespace {

void dynamic_index_capability(Emitter& e, const sema::ResourceType* r, bool nonuniform) {
    using C = spv::Capability;
    using sema::ResourceKind;
    C dynamic = C::SampledImageArrayDynamicIndexing;
    C non_uniform = C::SampledImageArrayNonUniformIndexing;
    if (r->resource == ResourceKind::ConstantBuffer) {
        dynamic = C::UniformBufferArrayDynamicIndexing;
        non_uniform = C::UniformBufferArrayNonUniformIndexing;
    } else if (sema::is_structured_buffer(r->resource) || sema::is_byte_address_buffer(r->resource) ||
               r->resource == ResourceKind::TextureBuffer) {
        dynamic = C::StorageBufferArrayDynamicIndexing;
        non_uniform = C::StorageBufferArrayNonUniformIndexing;
    } else if (r->resource == ResourceKind::Buffer) {
        dynamic = C::UniformTexelBufferArrayDynamicIndexing;
        non_uniform = C::UniformTexelBufferArrayNonUniformIndexing;
    } else if (r->resource == ResourceKind::RWBuffer) {
        dynamic = C::StorageTexelBufferArrayDynamicIndexing;
        non_uniform = C::StorageTexelBufferArrayNonUniformIndexing;
    } else if (sema::is_storage_texture(r->resource)) {
        dynamic = C::StorageImageArrayDynamicIndexing;
        non_uniform = C::StorageImageArrayNonUniformIndexing;
    }
    e.capability(dynamic);
    if (nonuniform) {
        e.capability(C::ShaderNonUniform);
        e.capability(non_uniform);
    }
}

}  // namespace

bool Emitter::emit_memory(const ir::Instruction* i) {
    switch (i->opcode) {
    case ir::Opcode::Load: {
        const PointerInfo* p = pointer(i->operands[0]);
        if (!p) return true;
        if (p->pointee->value_type()->is<sema::ResourceType>()) {
            define(i, load_handle(i->operands[0]));
            return true;
        }
        PointerInfo copy = *p;  // load_pointer may add map entries
        Id v = 0;
        if (copy.nonuniform) {
            // As DXC: a load through a non-uniformly chosen buffer is decorated, and so non-uniform.
            Id raw = op_result(spv::Op::OpLoad, copy.spirv_pointee, {copy.id});
            decorate(raw, spv::Decoration::NonUniform);
            mark_nonuniform(i);
            v = from_layout(raw, copy.layout, i->type());
        } else {
            v = load_pointer(copy, i->type());
        }
        if (options_.dx_position_w || options_.nonzero_base_vertex || options_.nonzero_base_instance)
            v = dx_builtin_load(i, v);
        define(i, v);
        return true;
    }
    case ir::Opcode::Store: {
        const PointerInfo* p = pointer(i->operands[0]);
        if (!p) return true;
        PointerInfo copy = *p;
        Id v = value(i->operands[1]);
        if (options_.invert_y && stage() == ir::ShaderStage::Vertex) v = invert_position_y(i, v);
        store_pointer(copy, v, i->operands[1]->type());
        return true;
    }
    case ir::Opcode::NonUniformIndex: {
        Id copy_type = value_type(i->type());  // before the operand: arguments run in any order
        Id v = op_result(spv::Op::OpCopyObject, copy_type, {value(i->operands[0])});
        decorate(v, spv::Decoration::NonUniform);
        capability(spv::Capability::ShaderNonUniform);
        mark_nonuniform(i);
        define(i, v);
        return true;
    }
    case ir::Opcode::AccessChain: break;
    default: return false;
    }
    const PointerInfo* base = pointer(i->operands[0]);
    if (!base) return true;
    PointerInfo cur = *base;
    const auto* result_ptr = i->type()->as<sema::PointerType>();
    Operands chain;
    const sema::Type* t = cur.pointee;
    const sema::TypeLayout* l = cur.layout;
    bool into_buffer = cur.buffer != nullptr;
    Id pointee_id = cur.spirv_pointee;
    for (std::size_t k = 1; k < i->operands.size(); ++k) {
        const ir::Value* index = i->operands[k];
        std::optional<std::int64_t> c = ir::constant_int_value(index);
        const sema::Type* vt = t->value_type();
        if (const auto* r = vt->as<sema::ResourceType>()) {
            if (!into_buffer || !is_buffer_resource(r)) {
                fail(support::DiagCode::spirv_malformed_input, "an access chain into a resource that is not a buffer");
                return true;
            }
            into_buffer = false;
            cur.buffer = nullptr;
            if (sema::is_block_buffer(r->resource)) {
                if (l->kind != sema::LayoutKind::Struct) {
                    chain.push_back(constant_u32(0));  // the one-member block around a non-struct
                }
                t = r->element;
                --k;  // the same index now selects inside the element
                continue;
            }
            chain.push_back(constant_u32(0));
            chain.push_back(value(index));
            t = sema::is_structured_buffer(r->resource) ? r->element : types().scalar(sema::ScalarKind::UInt);
            pointee_id = layout_type(l);
            continue;
        }
        if (const auto* a = vt->as<sema::ArrayType>()) {
            chain.push_back(value(index));
            t = a->element;
            if (const auto* er = a->element->as<sema::ResourceType>()) {
                bool nonuniform = is_nonuniform(index);
                if (!c) dynamic_index_capability(*this, er, nonuniform);
                if (nonuniform) cur.nonuniform = true;
                auto it = resource_array_elements_.find(pointee_id);
                pointee_id = it != resource_array_elements_.end() ? it->second : pointee_id;
                if (is_buffer_resource(er)) {
                    into_buffer = true;
                    cur.buffer = er;
                }
                continue;
            }
            if (l) l = l->element;
        } else if (const auto* s = vt->as<sema::StructType>()) {
            if (!c) {
                fail(support::DiagCode::spirv_malformed_input, "a struct member index that is not a constant");
                return true;
            }
            t = ir::composite_element_type(types(), s, *c);
            if (!t) {
                fail(support::DiagCode::spirv_malformed_input, "a struct member index out of range");
                return true;
            }
            std::uint32_t position = static_cast<std::uint32_t>(*c);
            if (l) {
                // Layout structs leave out members without bytes (resources), so find it by source.
                std::uint32_t source = s->base ? (*c == 0 ? sema::MemberLayout::kBaseMember
                                                          : static_cast<std::uint32_t>(*c - 1))
                                               : static_cast<std::uint32_t>(*c);
                const sema::MemberLayout* member = sema::find_member(*l, source, &position);
                const sema::TypeLayout* found = member ? member->type : nullptr;
                if (!found) {
                    unsupported("an access to a buffer struct member without bytes");
                    return true;
                }
                l = found;
            }
            chain.push_back(constant_u32(position));
        } else if (const auto* m = vt->as<sema::MatrixType>()) {
            if (m->rows == 1) {
                t = types().vector(m->element, m->cols);  // the index of the only row disappears
            } else if (m->cols == 1) {
                chain.push_back(value(index));
                t = types().vector(m->element, 1);  // a one-component row: its own index disappears
                l = nullptr;
            } else {
                chain.push_back(value(index));
                t = types().vector(m->element, m->cols);
                l = nullptr;  // rows of float matrices need no conversion
            }
        } else if (const auto* v = vt->as<sema::VectorType>()) {
            t = v->element;
            if (v->count > 1) chain.push_back(value(index));
            if (l) l = layouts_.layout(v->element, sema::LayoutRule::Storage);
        } else {
            fail(support::DiagCode::spirv_malformed_input, "an access chain step into a scalar");
            return true;
        }
        if (!t->is<sema::ResourceType>() && !(t->is<sema::ArrayType>() && sema::is_resource_or_array(t)))
            pointee_id = l ? layout_type(l) : value_type(t);
    }
    cur.pointee = result_ptr ? result_ptr->pointee : t;
    cur.layout = l;
    cur.spirv_pointee = pointee_id;
    if (!chain.empty()) {
        Operands ops{cur.id};
        ops.insert(ops.end(), chain.begin(), chain.end());
        cur.id = op_result(spv::Op::OpAccessChain, type_pointer(cur.storage, pointee_id), ops);
        if (cur.nonuniform) decorate(cur.id, spv::Decoration::NonUniform);
    }
    set_pointer(i, cur);
    if (!i->name().empty()) name(cur.id, i->name());
    return true;
}

}  // namespace oneshader::spirv
