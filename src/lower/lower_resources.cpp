// Resource references: what a resource-typed local, struct member, parameter, result or `?:`
// holds. The IR has no resource values; a reference to a resource global (a pointer to it, in its
// own space) stands for one. The lowering keeps references in local variables (a `Texture2D t;`
// local is an alloca of `ptr<uniform_constant, Texture2D>`), in mirror structs (a struct holding
// resources, with references in their place) and in SSA values (select, phi, call results and
// arguments). Every use of a resource loads the reference first; legalize_resources (opt/)
// afterwards resolves each use to one global, or reports that it cannot.
#include <fmt/format.h>

#include "lower/lowerer.hpp"

namespace oneshader::lower {

namespace {

sema::AddressSpace resource_space(sema::ResourceKind k) {
    if (k == sema::ResourceKind::ConstantBuffer) return sema::AddressSpace::Uniform;
    if (sema::is_structured_buffer(k) || sema::is_byte_address_buffer(k)) return sema::AddressSpace::StorageBuffer;
    return sema::AddressSpace::UniformConstant;
}

}  // namespace

bool Lowerer::is_ref_resource(const Type* t) {
    const auto* r = t ? t->as<sema::ResourceType>() : nullptr;
    // ConstantBuffer<T> and TextureBuffer<T> are blocks: a use names the global directly, as a
    // cbuffer's members do.
    return r && !sema::is_block_buffer(r->resource);
}

const Type* Lowerer::reference_type(const Type* t) {
    if (const auto* r = t->as<sema::ResourceType>()) {
        if (sema::is_block_buffer(r->resource)) return nullptr;
        return types_.pointer(resource_space(r->resource), t);
    }
    if (const auto* s = t->as<sema::StructType>()) return s->holds_resource ? mirror_struct(s) : nullptr;
    if (const auto* a = t->as<sema::ArrayType>()) {
        if (!sema::contains_resource(a)) return nullptr;
        const Type* e = reference_type(a->element);
        return e ? types_.array(e, a->length) : nullptr;
    }
    return nullptr;
}

const sema::StructType* Lowerer::mirror_struct(const sema::StructType* s) {
    if (auto it = mirrors_.find(s); it != mirrors_.end()) return it->second;
    // Registered before the members are mapped: a member of the struct's own type cannot occur
    // (HLSL structs do not contain themselves), but the map must not be asked twice meanwhile.
    sema::StructType* m = types_.create_struct(s->name);
    mirrors_[s] = m;
    const sema::StructType* base = s->base;
    if (base && base->holds_resource) base = mirror_struct(base);
    std::vector<sema::StructMember> members(s->members.begin(), s->members.end());
    for (sema::StructMember& member : members) {
        const Type* r = member.type ? reference_type(member.type) : nullptr;
        if (r) member.type = r;
    }
    types_.define_struct(m, base, members);
    return m;
}

Place Lowerer::resolve_reference(const BExpr* e, Place p) {
    LocScope at(b_, e->range.begin);
    if (p.kind == Place::Kind::Pointer && p.count == 0) {
        const auto* pt = p.ptr->type()->as<sema::PointerType>();
        if (pt && ir::is_resource_ref(pt->pointee)) {
            // A variable or member holding a reference: the resource is what it holds now.
            p.ptr = b_.load(p.ptr);
        }
        return p;
    }
    if (p.kind == Place::Kind::Value && p.count == 0 && p.value && ir::is_resource_ref(p.value->type())) {
        Place r;
        r.kind = Place::Kind::Pointer;
        r.ptr = p.value;
        r.type = p.type;
        return r;
    }
    return p;
}

bool Lowerer::is_place_kind(sema::BExprKind k) {
    switch (k) {
    case sema::BExprKind::VarRef:
    case sema::BExprKind::This:
    case sema::BExprKind::Field:
    case sema::BExprKind::BaseCast:
    case sema::BExprKind::Index: return true;
    default: return false;
    }
}

ir::Value* Lowerer::references_in(ir::Value* ptr, const Type* ref_type, support::SourceRange at) {
    const Type* pointee = ptr->type()->as<sema::PointerType>()->pointee;
    // A variable holding references already (a local array of resources): its value.
    if (pointee == ref_type) return b_.load(ptr);
    // The global resource itself: the pointer to it is the reference.
    if (pointee->is<sema::ResourceType>() && ir::is_resource_ref(ref_type)) return ptr;
    const auto* from = pointee->as<sema::ArrayType>();
    const auto* to = ref_type->as<sema::ArrayType>();
    if (!from || !to || from->length != to->length || to->length == 0 || to->length > 4096) {
        unsupported(at, "copying this array of resources (an unbounded one, or one of more than 4096; index the "
                        "global array instead)");
        return m_.undef_constant(ref_type);
    }
    // A global array of resources: the references to its elements.
    ValueList parts;
    for (std::uint32_t i = 0; i < to->length; ++i)
        parts.push_back(references_in(access(ptr, {int_c(std::int32_t(i))}), to->element, at));
    return b_.construct(ref_type, parts);
}

namespace {

// How many resources a struct of resources holds (its base and nested structs included): what
// the global's member_resources has for it.
std::size_t resource_leaves(const sema::StructType* s, int depth = 0) {
    if (!s || depth > 32) return 0;
    std::size_t n = resource_leaves(s->base, depth + 1);
    for (const sema::StructMember& m : s->members) {
        if (const auto* inner = m.type->as<sema::StructType>()) n += resource_leaves(inner, depth + 1);
        else ++n;
    }
    return n;
}

}  // namespace

ir::Value* Lowerer::resource_struct_value(const sema::Variable* v, const Type* t) {
    std::size_t next = 0;
    // Members in order, the base first, as member_resources lists them.
    auto build = [&](auto& self, const sema::StructType* s, int depth) -> ir::Value* {
        ValueList parts;
        if (s->base) parts.push_back(self(self, s->base, depth + 1));
        for (const sema::StructMember& m : s->members) {
            if (const auto* inner = m.type->as<sema::StructType>()) {
                parts.push_back(self(self, inner, depth + 1));
                continue;
            }
            const sema::Resource* r = next < v->member_resources.size() ? v->member_resources[next] : nullptr;
            ++next;
            ir::Global* g = r ? resource_global(r) : nullptr;
            parts.push_back(g ? static_cast<ir::Value*>(g) : m_.undef_constant(concrete(m.type)));
        }
        return b_.construct(concrete(s), parts);
    };
    const auto* s = t->as<sema::StructType>();
    if (!s) return m_.undef_constant(concrete(t));
    return build(build, s, 0);
}

ir::Global* Lowerer::resource_struct_member(const BExpr* e) {
    // Walk the member accesses down to the variable, then count the leaves before the member.
    support::SmallVec<const sema::BField*, 8> fields;  // member accesses nest a few deep
    const BExpr* at = e;
    while (at && at->kind == sema::BExprKind::Field) {
        fields.push_back(static_cast<const sema::BField*>(at));
        at = fields.back()->base;
    }
    if (!at || at->kind != sema::BExprKind::VarRef || fields.empty()) return nullptr;
    const sema::Variable* v = static_cast<const sema::BVarRef*>(at)->var;
    if (!v || v->member_resources.empty() || !is_ref_resource(e->type)) return nullptr;
    std::size_t index = 0;
    for (std::size_t k = fields.size(); k-- > 0;) {
        const sema::BField* f = fields[k];
        const sema::StructType* s = f->owner;
        if (!s || f->index >= s->members.size()) return nullptr;
        index += resource_leaves(s->base);
        for (std::uint32_t m = 0; m < f->index; ++m) {
            const Type* mt = s->members[m].type;
            if (const auto* inner = mt->as<sema::StructType>()) index += resource_leaves(inner);
            else ++index;
        }
    }
    if (index >= v->member_resources.size()) return nullptr;
    return resource_global(v->member_resources[index]);
}

}  // namespace oneshader::lower
