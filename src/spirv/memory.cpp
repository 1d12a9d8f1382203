// Loads, stores and access chains. Buffer memory holds explicitly laid-out types, so a pointer
// into a buffer carries the layout node of what it points to, and whole-value loads and stores
// convert between that form and the register form (OpCopyLogical when the two match logically,
// member by member when bools, which are 32-bit uints in memory, are inside). Split stage variables
// are assembled from and scattered to their leaves.
#include "ir/type_rules.hpp"
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

bool layout_has_bool(const sema::TypeLayout* l) {
    switch (l->kind) {
    case sema::LayoutKind::Scalar:
    case sema::LayoutKind::Vector:
    case sema::LayoutKind::Matrix: return l->scalar == sema::ScalarKind::Bool;
    case sema::LayoutKind::Array: return layout_has_bool(l->element);
    case sema::LayoutKind::Struct:
        for (const sema::MemberLayout& m : l->members)
            if (layout_has_bool(m.type)) return true;
        return false;
    }
    return false;
}

bool leaf_level(const sema::Type* t, bool scalar_leaves) {
    std::vector<const sema::Type*> out;
    (void)out;
    t = t->value_type();
    if (t->is<sema::ScalarType>()) return true;
    if (const auto* v = t->as<sema::VectorType>()) return !scalar_leaves || v->count == 1;
    if (const auto* m = t->as<sema::MatrixType>()) return !scalar_leaves && spirv_columns(m) == 0;
    return false;
}

// The children a split stage value is built from: array elements, matrix rows, and vector
// components when leaves are scalars.
std::pair<std::uint32_t, const sema::Type*> children(sema::TypeContext& types, const sema::Type* t) {
    t = t->value_type();
    if (const auto* a = t->as<sema::ArrayType>()) return {a->length, a->element};
    if (const auto* m = t->as<sema::MatrixType>()) return {m->rows, types.vector(m->element, m->cols)};
    if (const auto* v = t->as<sema::VectorType>()) return {v->count, v->element};
    return {0, nullptr};
}

std::uint32_t leaf_count(sema::TypeContext& types, const sema::Type* t, bool scalar_leaves) {
    std::vector<const sema::Type*> out;
    leaves_of(types, t, scalar_leaves, out);
    return static_cast<std::uint32_t>(out.size());
}

}  // namespace

Id Emitter::from_layout(Id v, const sema::TypeLayout* l, const sema::Type* t) {
    if (!l) return v;
    t = t->value_type();
    if (!layout_has_bool(l)) {
        if (l->kind == sema::LayoutKind::Struct || l->kind == sema::LayoutKind::Array)
            return op_result(spv::Op::OpCopyLogical, value_type(t), {v});
        return v;
    }
    if (l->kind == sema::LayoutKind::Scalar || l->kind == sema::LayoutKind::Vector) return bool_from_uint(v, t);
    Operands parts;
    if (l->kind == sema::LayoutKind::Array) {
        const auto* a = t->as<sema::ArrayType>();
        for (std::uint32_t k = 0; k < l->length; ++k) {
            Id e = op_result(spv::Op::OpCompositeExtract, layout_type(l->element), {v, k});
            parts.push_back(from_layout(e, l->element, a->element));
        }
    } else if (l->kind == sema::LayoutKind::Struct) {
        for (std::uint32_t k = 0; k < l->members.size(); ++k) {
            const sema::Type* mt = ir::composite_element_type(types(), t, k);
            if (!mt) break;
            Id e = op_result(spv::Op::OpCompositeExtract, layout_type(l->members[k].type), {v, k});
            parts.push_back(from_layout(e, l->members[k].type, mt));
        }
    } else {
        unsupported("bool matrices");
        return v;
    }
    Operands ops(parts.begin(), parts.end());
    return op_result(spv::Op::OpCompositeConstruct, value_type(t), ops);
}

Id Emitter::to_layout(Id v, const sema::TypeLayout* l, const sema::Type* t) {
    if (!l) return v;
    t = t->value_type();
    if (!layout_has_bool(l)) {
        if (l->kind == sema::LayoutKind::Struct || l->kind == sema::LayoutKind::Array)
            return op_result(spv::Op::OpCopyLogical, layout_type(l), {v});
        return v;
    }
    if (l->kind == sema::LayoutKind::Scalar || l->kind == sema::LayoutKind::Vector) return uint_from_bool(v, t);
    Operands parts;
    if (l->kind == sema::LayoutKind::Array) {
        const auto* a = t->as<sema::ArrayType>();
        for (std::uint32_t k = 0; k < l->length; ++k) {
            Id e = op_result(spv::Op::OpCompositeExtract, value_type(a->element), {v, k});
            parts.push_back(to_layout(e, l->element, a->element));
        }
    } else if (l->kind == sema::LayoutKind::Struct) {
        for (std::uint32_t k = 0; k < l->members.size(); ++k) {
            const sema::Type* mt = ir::composite_element_type(types(), t, k);
            if (!mt) break;
            Id e = op_result(spv::Op::OpCompositeExtract, value_type(mt), {v, k});
            parts.push_back(to_layout(e, l->members[k].type, mt));
        }
    } else {
        unsupported("bool matrices");
        return v;
    }
    Operands ops(parts.begin(), parts.end());
    return op_result(spv::Op::OpCompositeConstruct, layout_type(l), ops);
}

Id Emitter::load_pointer(const PointerInfo& p, const sema::Type* t) {
    if (p.kind == PointerInfo::Kind::Split) {
        const GlobalInfo& g = *p.split;
        std::uint32_t next = p.first_leaf;
        // Depth-first over the value's shape, taking leaves in order.
        auto build = [&](auto& self, const sema::Type* type) -> Id {
            if (leaf_level(type, g.scalar_leaves)) {
                if (next >= g.leaves.size()) return undef(value_type(type));
                const StageLeaf& leaf = g.leaves[next++];
                Id leaf_type = value_type(leaf.type);
                Id ptr = leaf.variable;
                if (leaf.element >= 0)
                    ptr = op_result(spv::Op::OpAccessChain, type_pointer(g.storage, leaf_type),
                                    {leaf.variable, constant_u32(static_cast<std::uint32_t>(leaf.element))});
                return op_result(spv::Op::OpLoad, leaf_type, {ptr});
            }
            auto [n, child] = children(types(), type);
            Operands parts;
            for (std::uint32_t k = 0; k < n; ++k) parts.push_back(self(self, child));
            return op_result(spv::Op::OpCompositeConstruct, value_type(type), parts);
        };
        return build(build, t);
    }
    Id v = op_result(spv::Op::OpLoad, p.spirv_pointee, {p.id});
    return from_layout(v, p.layout, t);
}

void Emitter::store_pointer(const PointerInfo& p, Id v, const sema::Type* t) {
    if (p.kind == PointerInfo::Kind::Split) {
        const GlobalInfo& g = *p.split;
        std::uint32_t next = p.first_leaf;
        auto scatter = [&](auto& self, Id value, const sema::Type* type) -> void {
            if (leaf_level(type, g.scalar_leaves)) {
                if (next >= g.leaves.size()) return;
                const StageLeaf& leaf = g.leaves[next++];
                Id ptr = leaf.variable;
                if (leaf.element >= 0)
                    ptr = op_result(spv::Op::OpAccessChain, type_pointer(g.storage, value_type(leaf.type)),
                                    {leaf.variable, constant_u32(static_cast<std::uint32_t>(leaf.element))});
                op(spv::Op::OpStore, {ptr, value});
                return;
            }
            auto [n, child] = children(types(), type);
            for (std::uint32_t k = 0; k < n; ++k)
                self(self, op_result(spv::Op::OpCompositeExtract, value_type(child), {value, k}), child);
        };
        scatter(scatter, v, t);
        return;
    }
    op(spv::Op::OpStore, {p.id, to_layout(v, p.layout, t)});
}

Id Emitter::load_handle(const ir::Value* resource_pointer, const sema::ResourceType** kind) {
    const PointerInfo* p = pointer(resource_pointer);
    if (!p || p->kind != PointerInfo::Kind::Direct) return 0;
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
    } else if (sema::is_structured_buffer(r->resource) || sema::is_byte_address_buffer(r->resource)) {
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
        define(i, load_pointer(copy, i->type()));
        return true;
    }
    case ir::Opcode::Store: {
        const PointerInfo* p = pointer(i->operands[0]);
        if (!p) return true;
        PointerInfo copy = *p;
        store_pointer(copy, value(i->operands[1]), i->operands[1]->type());
        return true;
    }
    case ir::Opcode::NonUniformIndex: {
        Id v = op_result(spv::Op::OpCopyObject, value_type(i->type()), {value(i->operands[0])});
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
    if (cur.kind == PointerInfo::Kind::Split) {
        std::size_t k = 1;
        for (; k < i->operands.size(); ++k) {
            if (leaf_level(cur.pointee, cur.split->scalar_leaves) && cur.leaf_count == 1) break;
            std::optional<std::int64_t> c = ir::constant_int_value(i->operands[k]);
            auto [n, child] = children(types(), cur.pointee);
            if (!c || *c < 0 || static_cast<std::uint64_t>(*c) >= n) {
                unsupported("a dynamic index into a stage-variable array or matrix");
                return true;
            }
            std::uint32_t per = leaf_count(types(), child, cur.split->scalar_leaves);
            cur.first_leaf += static_cast<std::uint32_t>(*c) * per;
            cur.leaf_count = per;
            cur.pointee = child;
        }
        if (k == i->operands.size()) {
            if (result_ptr) cur.pointee = result_ptr->pointee;
            set_pointer(i, cur);
            return true;
        }
        // The rest indexes inside one leaf variable.
        const StageLeaf& leaf = cur.split->leaves[cur.first_leaf];
        PointerInfo direct;
        direct.storage = cur.split->storage;
        direct.pointee = leaf.type;
        direct.spirv_pointee = value_type(leaf.type);
        direct.id = leaf.variable;
        if (leaf.element >= 0)
            direct.id = op_result(spv::Op::OpAccessChain, type_pointer(direct.storage, direct.spirv_pointee),
                                  {leaf.variable, constant_u32(static_cast<std::uint32_t>(leaf.element))});
        cur = direct;
        Operands chain;
        const sema::Type* t = leaf.type->value_type();
        for (; k < i->operands.size(); ++k) {
            if (const auto* v = t->as<sema::VectorType>(); v && v->count > 1) {
                chain.push_back(value(i->operands[k]));
                t = v->element;
            } else if (const auto* m = t->as<sema::MatrixType>(); m && m->rows == 1) {
                t = types().vector(m->element, m->cols);
            } else if (m && m->cols == 1) {
                chain.push_back(value(i->operands[k]));
                t = m->element;
            }
        }
        cur.pointee = result_ptr ? result_ptr->pointee : t;
        cur.spirv_pointee = value_type(t);
        if (!chain.empty()) {
            Operands ops{cur.id};
            ops.insert(ops.end(), chain.begin(), chain.end());
            cur.id = op_result(spv::Op::OpAccessChain, type_pointer(cur.storage, cur.spirv_pointee), ops);
        }
        set_pointer(i, cur);
        return true;
    }

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
            if (r->resource == sema::ResourceKind::ConstantBuffer) {
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
                const sema::TypeLayout* found = nullptr;
                for (std::uint32_t m = 0; m < l->members.size(); ++m)
                    if (l->members[m].source_index == source) {
                        position = m;
                        found = l->members[m].type;
                    }
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
            if (l) l = layouts_.layout(v->element, sema::LayoutRule::RelaxedStd430);
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
