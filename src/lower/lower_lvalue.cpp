// Lvalues as Places: access chains from locals, globals, buffer members and resources; swizzle
// and matrix-element selections stored by reading the whole vector or matrix, replacing the
// chosen components and writing it back; texels of read-write textures and typed buffers read
// and written with texture_load / texture_store. One selected component of addressable storage is
// an access chain of its own, so atomics can target `buf[i].x`.
#include <fmt/format.h>

#include "lower/lowerer.hpp"

namespace oneshader::lower {

namespace {

Place pointer_place(ir::Value* ptr, const Type* type) {
    Place p;
    p.kind = Place::Kind::Pointer;
    p.ptr = ptr;
    p.type = type;
    return p;
}

Place value_place(ir::Value* v, const Type* type) {
    Place p;
    p.kind = Place::Kind::Value;
    p.value = v;
    p.type = type;
    return p;
}

}  // namespace

ir::Value* Lowerer::access(ir::Value* base, std::initializer_list<ir::Value*> indices) {
    return b_.access_chain(base, std::span<ir::Value* const>(indices.begin(), indices.size()));
}

Place Lowerer::var_place(const sema::Variable* v, const BExpr* at) {
    const Type* t = v->type;
    switch (v->storage) {
    case sema::StorageClass::Local:
    case sema::StorageClass::Param: {
        ir::Value* p = local_of(v);
        if (!p) break;
        return pointer_place(p, t);
    }
    case sema::StorageClass::StaticLocal:
        if (ir::Global* g = static_local_global(v)) return pointer_place(g, t);
        return Place{};
    case sema::StorageClass::StaticGlobal:
    case sema::StorageClass::StaticMember:
    case sema::StorageClass::GroupShared:
    case sema::StorageClass::Resource:
    case sema::StorageClass::BufferObject: {
        // A resource parameter of a function copy is bound to the resource it was called with.
        if (ir::Value* p = local_of(v)) return pointer_place(p, t);
        if (!v->member_resources.empty()) return value_place(resource_struct_value(v, t), t);
        if (ir::Global* g = global_of(v)) return pointer_place(g, t);
        return Place{};
    }
    case sema::StorageClass::BufferMember: {
        ir::Global* g = v->buffer ? buffer_global(v->buffer) : nullptr;
        if (!g) return Place{};
        return pointer_place(access(g, {int_c(static_cast<std::int32_t>(v->member_index))}), t);
    }
    case sema::StorageClass::SpecConstant: return value_place(spec_constant_of(v), t);
    case sema::StorageClass::Enumerator:
        if (v->const_value) return value_place(const_scalar(concrete(t)->as<sema::ScalarType>(), *v->const_value), t);
        break;
    }
    unsupported(at ? at->range : support::SourceRange(v->loc),
                fmt::format("the use of '{}' here", v->name.str()));
    return Place{};
}

Place Lowerer::field_place(Place base, std::int64_t ir_index, const Type* type) {
    switch (base.kind) {
    case Place::Kind::Pointer:
        if (base.count == 0) return pointer_place(access(base.ptr, {int_c(static_cast<std::int32_t>(ir_index))}), type);
        break;
    case Place::Kind::Value: {
        std::int64_t i[] = {ir_index};
        return value_place(b_.extract(base.value, i), type);
    }
    default: break;
    }
    if (!base.ok()) return base;
    std::int64_t i[] = {ir_index};
    return value_place(b_.extract(load(base), i), type);
}

Place Lowerer::index_place(Place base, ir::Value* index, const Type* type) {
    if (base.kind == Place::Kind::Pointer && base.count == 0) return pointer_place(access(base.ptr, {index}), type);
    if (!base.ok()) return base;
    ir::Value* whole = load(base);
    if (auto c = ir::constant_int_value(index)) {
        std::int64_t i[] = {*c};
        return value_place(b_.extract(whole, i), type);
    }
    // A run-time index into a value: through memory, as access chains index dynamically.
    ir::Instruction* temp = new_alloca(whole->type(), "indexed");
    b_.store(temp, whole);
    return pointer_place(access(temp, {index}), type);
}

Place Lowerer::resource_index_place(const sema::BResourceIndex* e) {
    Place res = place(e->resource);
    ir::Value* index = rvalue(e->index);
    if (res.kind != Place::Kind::Pointer) {
        if (res.ok()) unsupported(e->range, "indexing this resource");
        return Place{};
    }
    const auto* r = res.ptr->type()->as<sema::PointerType>()->pointee->as<sema::ResourceType>();
    const Type* t = e->type;
    if (!r) {
        unsupported(e->range, "indexing something that is not a resource");
        return Place{};
    }
    if (sema::is_structured_buffer(r->resource)) return pointer_place(access(res.ptr, {index}), t);
    if (sema::is_storage_texture(r->resource) || r->resource == sema::ResourceKind::RWBuffer) {
        Place p;
        p.kind = Place::Kind::Texel;
        p.ptr = res.ptr;
        p.coord = index;
        p.type = t;
        return p;
    }
    if (sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource)) {
        // `Tex[p]` reads mip level 0 (sample 0 of a multisampled texture); a typed buffer has none.
        ValueList ops{res.ptr, index};
        if (!sema::is_typed_buffer(r->resource)) ops.push_back(int_c(0));
        return value_place(b_.texture(ir::Opcode::TextureLoad, concrete(t), ops), t);
    }
    unsupported(e->range, "indexing this kind of resource");
    return Place{};
}

Place Lowerer::place(const BExpr* e) {
    Place p = place_slot(e);
    if (e && e->type && is_ref_resource(e->type)) return resolve_reference(e, p);
    return p;
}

Place Lowerer::place_slot(const BExpr* e) {
    if (!e || !e->type) {
        if (e) unsupported(e->range, "an expression that did not check");
        return Place{};
    }
    if (!enter(e->range)) return Place{};
    LocScope at(b_, e->range.begin);
    Place p;
    if (e == per_vertex_node_) {
        leave();
        return per_vertex_place_;
    }
    switch (e->kind) {
    case sema::BExprKind::VarRef: p = var_place(static_cast<const sema::BVarRef*>(e)->var, e); break;
    case sema::BExprKind::This:
        if (this_ptr_) p = pointer_place(this_ptr_, e->type);
        else unsupported(e->range, "'this' outside a member function");
        break;
    case sema::BExprKind::Field: {
        const auto* f = static_cast<const sema::BField*>(e);
        if (ir::Global* g = resource_struct_member(e)) {
            p = pointer_place(g, e->type);
            break;
        }
        Place base = place(f->base);
        p = field_place(base, f->owner ? ir_member(f->owner, f->index) : f->index, e->type);
        if (f->bit_width != 0 && p.ok()) {
            p.bit_offset = f->bit_offset;
            p.bit_width = f->bit_width;
        }
        break;
    }
    case sema::BExprKind::BaseCast:
        p = field_place(place(static_cast<const sema::BBaseCast*>(e)->operand), 0, e->type);
        break;
    case sema::BExprKind::Swizzle: {
        const auto* s = static_cast<const sema::BSwizzle*>(e);
        Place base = place(s->base);
        if (!base.ok()) break;
        const Type* bt = concrete(s->base->type);
        if (!bt->is<sema::VectorType>()) {
            // `x.xxx` of a scalar: reading repeats it; `x.x` is x itself.
            if (s->count == 1) p = base;
            else p = value_place(splat_to(load(base), concrete(e->type)), e->type);
            p.type = e->type;
            break;
        }
        if (base.count == 0 && base.kind == Place::Kind::Pointer && s->count == 1) {
            p = pointer_place(access(base.ptr, {int_c(s->components[0])}), e->type);
            break;
        }
        p = base;
        if (base.count != 0 && !base.matrix) {
            // A swizzle of a swizzle selects from the selection.
            for (std::uint8_t i = 0; i < s->count; ++i) p.rows[i] = base.rows[s->components[i]];
        } else if (base.count != 0) {
            for (std::uint8_t i = 0; i < s->count; ++i) {
                p.rows[i] = base.rows[s->components[i]];
                p.cols[i] = base.cols[s->components[i]];
            }
        } else {
            for (std::uint8_t i = 0; i < s->count; ++i) p.rows[i] = s->components[i];
        }
        p.count = s->count;
        break;
    }
    case sema::BExprKind::MatrixElements: {
        const auto* m = static_cast<const sema::BMatrixElements*>(e);
        Place base = place(m->base);
        if (!base.ok()) break;
        if (base.count == 0 && base.kind == Place::Kind::Pointer && m->count == 1) {
            p = pointer_place(access(base.ptr, {int_c(m->rows[0]), int_c(m->cols[0])}), e->type);
            break;
        }
        if (base.count != 0) {
            p = value_place(load(base), base.type);
            base = p;
        }
        p = base;
        p.matrix = true;
        p.count = m->count;
        for (std::uint8_t i = 0; i < m->count; ++i) {
            p.rows[i] = m->rows[i];
            p.cols[i] = m->cols[i];
        }
        break;
    }
    case sema::BExprKind::Index: {
        const auto* ix = static_cast<const sema::BIndex*>(e);
        Place base = place(ix->base);
        ir::Value* index = rvalue(ix->index);
        if (base.ok() && base.count != 0 && !base.matrix) {
            // An index into a swizzle: a constant one selects one component of the selection.
            if (auto c = ir::constant_int_value(index); c && *c >= 0 && *c < base.count) {
                p = base;
                p.rows[0] = base.rows[*c];
                p.count = 1;
                break;
            }
            base = value_place(load(base), e->type);
        }
        p = index_place(base, index, e->type);
        break;
    }
    case sema::BExprKind::ResourceIndex: p = resource_index_place(static_cast<const sema::BResourceIndex*>(e)); break;
    default:
        if (sema::is_resource_or_array(e->type) && !is_ref_resource(e->type)) {
            unsupported(e->range, "an array of resources or a ConstantBuffer chosen by an expression (such as '?:')");
            break;
        }
        // A resource chosen by `?:`, returned by a call or assigned: a reference value, which
        // place() takes as the resource.
        p = value_place(rvalue(e), e->type);
        break;
    }
    leave();
    return p;
}

ir::Value* Lowerer::load_buffer_root(ir::Value* ptr, const Type* t) {
    // A ConstantBuffer<T> or TextureBuffer<T> cannot be loaded whole (it is a resource); T is assembled member by
    // member, each through an access chain that enters T.
    const auto* s = t->as<sema::StructType>();
    if (!s) return b_.load(access(ptr, {int_c(0)}));
    ValueList parts;
    std::size_t n = s->members.size() + (s->base ? 1 : 0);
    for (std::size_t k = 0; k < n; ++k)
        parts.push_back(b_.load(access(ptr, {int_c(static_cast<std::int32_t>(k))})));
    return b_.construct(t, parts);
}

ir::Value* Lowerer::load(const Place& p) {
    ir::Value* whole = nullptr;
    switch (p.kind) {
    case Place::Kind::None: return m_.undef_constant(concrete(p.type ? p.type : scalar(sema::ScalarKind::Int)));
    case Place::Kind::Pointer: {
        const Type* pointee = p.ptr->type()->as<sema::PointerType>()->pointee;
        if (const auto* r = pointee->as<sema::ResourceType>()) {
            if (sema::is_block_buffer(r->resource) && r->element) {
                whole = load_buffer_root(p.ptr, r->element);
                break;
            }
            unsupported(support::SourceRange(), "reading a resource as a value");
            return m_.undef_constant(scalar(sema::ScalarKind::Int));
        }
        whole = b_.load(p.ptr);
        break;
    }
    case Place::Kind::Texel: {
        const Type* t = concrete(p.type);
        if (p.count != 0) {
            // The element type of the texture, not of the selection.
            const auto* r = p.ptr->type()->as<sema::PointerType>()->pointee->as<sema::ResourceType>();
            t = concrete(r && r->element ? r->element : p.type);
        }
        ir::Value* ops[] = {p.ptr, p.coord};
        whole = b_.texture(ir::Opcode::TextureLoad, t, ops);
        break;
    }
    case Place::Kind::Value: whole = p.value; break;
    }
    if (p.bit_width != 0) return b_.bitfield_extract(whole, p.bit_offset, p.bit_width);
    if (p.count == 0) return whole;
    if (!p.matrix) {
        IndexList comps;
        for (std::uint8_t k = 0; k < p.count; ++k) comps.push_back(p.rows[k]);
        if (!whole->type()->is<sema::VectorType>()) return whole;
        return b_.swizzle(whole, comps);
    }
    ValueList elems;
    for (std::uint8_t i = 0; i < p.count; ++i) elems.push_back(b_.extract(whole, {p.rows[i], p.cols[i]}));
    if (p.count == 1) return elems[0];
    return b_.construct(types_.vector(sema::component_type(whole->type()), p.count), elems);
}

void Lowerer::store(const Place& p, ir::Value* v) {
    if (!p.ok() || !v) return;
    if (p.bit_width != 0) {
        // The unit is read, the field's bits replaced, and the unit written back.
        Place unit = p;
        unit.bit_offset = 0;
        unit.bit_width = 0;
        ir::Value* whole = load(unit);
        store(unit, b_.bitfield_insert(whole, convert(v, whole->type()), p.bit_offset, p.bit_width));
        return;
    }
    if (p.count != 0) {
        Place whole_place = p;
        whole_place.count = 0;
        whole_place.matrix = false;
        ir::Value* whole = load(whole_place);
        for (std::uint8_t i = 0; i < p.count; ++i) {
            ir::Value* part = p.count == 1 && !v->type()->is<sema::VectorType>() ? v : b_.extract(v, {i});
            if (p.matrix) whole = b_.insert_element(whole, part, IndexList{p.rows[i], p.cols[i]});
            else whole = b_.insert_element(whole, part, IndexList{p.rows[i]});
        }
        store(whole_place, whole);
        return;
    }
    switch (p.kind) {
    case Place::Kind::Pointer: {
        const Type* pointee = p.ptr->type()->as<sema::PointerType>()->pointee;
        b_.store(p.ptr, convert(v, pointee->value_type()));
        break;
    }
    case Place::Kind::Texel: {
        ir::Value* ops[] = {p.ptr, p.coord, v};
        b_.texture(ir::Opcode::TextureStore, types_.void_type(), ops);
        break;
    }
    default: unsupported(support::SourceRange(), "assigning to a value that has no storage"); break;
    }
}

void Lowerer::store_out(const BExpr* e, ir::Value* v) {
    Place target = place(e);
    store(target, convert(v, concrete(e->type)));
}

}  // namespace oneshader::lower
