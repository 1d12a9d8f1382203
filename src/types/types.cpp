#include "types/types.hpp"

#include <algorithm>
#include <functional>

#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

std::uint8_t scalar_bits(ScalarKind k, bool enable_16bit) {
    switch (k) {
    case ScalarKind::Double:
    case ScalarKind::Int64:
    case ScalarKind::UInt64:
    case ScalarKind::LiteralInt:
    case ScalarKind::LiteralFloat:
        return 64;
    case ScalarKind::Int16:
    case ScalarKind::UInt16:
        return 16;
    default:
        return is_min_precision_kind(k) && enable_16bit ? 16 : 32;
    }
}

std::size_t mix(std::size_t h, std::size_t v) {
    // Boost-style combine; the input values are pointers and small integers, the result only
    // picks buckets, so a cheap mix is enough.
    return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
}

std::size_t signature_hash(const Type* result, std::span<const ParamType> params) {
    std::size_t h = std::hash<const void*>()(result);
    for (const ParamType& p : params) {
        h = mix(h, std::hash<const void*>()(p.type));
        h = mix(h, static_cast<std::size_t>(p.direction));
    }
    return h;
}

}  // namespace

std::size_t TypeContext::SignatureHash::operator()(const SignatureKey& k) const {
    return signature_hash(k.result, k.params);
}

std::size_t TypeContext::KeyHash::operator()(const Key& k) const {
    std::size_t h = std::hash<const void*>()(k.p);
    h = mix(h, static_cast<std::size_t>(k.kind) << 8 | k.a);
    return mix(h, k.n);
}

TypeContext::TypeContext(support::Arena& arena, TypeOptions options)
    : arena_(arena), options_(options), void_(arena.make<VoidType>()) {}

const ScalarType* TypeContext::scalar(ScalarKind kind) {
    auto i = static_cast<std::size_t>(kind);
    if (i >= kScalarKindCount) return nullptr;
    if (!scalars_[i]) {
        std::uint8_t bits = scalar_bits(kind, options_.enable_16bit_types);
        bool relaxed = is_min_precision_kind(kind) && !options_.enable_16bit_types;
        scalars_[i] = arena_.make<ScalarType>(kind, bits, relaxed);
    }
    return scalars_[i];
}

const VectorType* TypeContext::vector(const ScalarType* element, std::uint32_t count) {
    if (!element || count < 1 || count > 4) return nullptr;
    const VectorType*& slot = vectors_[static_cast<std::size_t>(element->scalar)][count - 1];
    if (!slot) slot = arena_.make<VectorType>(element, static_cast<std::uint8_t>(count));
    return slot;
}

const MatrixType* TypeContext::matrix(const ScalarType* element, std::uint32_t rows, std::uint32_t cols,
                                      MatrixOrientation orientation) {
    if (!element || rows < 1 || rows > 4 || cols < 1 || cols > 4) return nullptr;
    auto o = static_cast<std::size_t>(orientation);
    const MatrixType*& slot = matrices_[static_cast<std::size_t>(element->scalar)][o][rows - 1][cols - 1];
    if (!slot) {
        auto* m = arena_.make<MatrixType>(element, static_cast<std::uint8_t>(rows), static_cast<std::uint8_t>(cols),
                                          orientation);
        if (orientation != MatrixOrientation::Unspecified)
            m->value_ = matrix(element, rows, cols, MatrixOrientation::Unspecified);
        slot = m;
    }
    return slot;
}

const Type* TypeContext::intern(const Key& key) {
    if (const Type* const* known = interned_.find(key)) return *known;
    Type* t = nullptr;
    switch (key.kind) {
    case TypeKind::Array: {
        auto* a = arena_.make<ArrayType>(key.p, key.n);
        if (key.p->value_type() != key.p) a->value_ = array(key.p->value_type(), key.n);
        t = a;
        break;
    }
    case TypeKind::Resource:
        t = arena_.make<ResourceType>(static_cast<ResourceKind>(key.a & 0x7F), key.p, key.n, (key.a & 0x80) != 0);
        break;
    case TypeKind::Pointer:
        t = arena_.make<PointerType>(static_cast<AddressSpace>(key.a), key.p);
        break;
    default:
        return nullptr;
    }
    interned_.insert(key, t);
    return t;
}

const ArrayType* TypeContext::array(const Type* element, std::uint32_t length) {
    if (!element || element->is<VoidType>() || element->is<FunctionType>()) return nullptr;
    return static_cast<const ArrayType*>(intern(Key{TypeKind::Array, 0, length, element}));
}

const ResourceType* TypeContext::resource(ResourceKind kind, const Type* element, std::uint32_t samples,
                                          bool rasterizer_ordered) {
    // The kind in the low bits, rasterizer ordering in the top one.
    auto a = static_cast<std::uint8_t>(static_cast<std::uint8_t>(kind) | (rasterizer_ordered ? 0x80 : 0));
    return static_cast<const ResourceType*>(intern(Key{TypeKind::Resource, a, samples, element}));
}

const PointerType* TypeContext::pointer(AddressSpace space, const Type* pointee) {
    if (!pointee) return nullptr;
    return static_cast<const PointerType*>(
        intern(Key{TypeKind::Pointer, static_cast<std::uint8_t>(space), 0, pointee}));
}

const FunctionType* TypeContext::function(const Type* result, std::span<const ParamType> params) {
    if (!result) return nullptr;
    if (const FunctionType* const* known = functions_.find(SignatureKey{result, params})) return *known;
    auto* f = arena_.make<FunctionType>(result, arena_.copy_array(params));
    functions_.insert(SignatureKey{result, f->params}, f);
    return f;
}

StructType* TypeContext::create_struct(support::Symbol name) {
    return arena_.make<StructType>(name, next_struct_id_++);
}

void TypeContext::define_struct(StructType* s, const StructType* base, std::span<const StructMember> members) {
    s->base = base;
    s->members = arena_.copy_array(members);
    std::uint64_t scalars = base ? base->flat_scalars : 0;
    std::uint32_t deepest = base ? base->nesting : 0;
    bool resource = base && base->holds_resource;
    std::uint8_t pointers = base ? base->pointer_facts : 0;
    for (const StructMember& m : s->members) {
        pointers |= pointer_facts(m.type);
        // A unit of bit fields flattens to one scalar per field.
        scalars += m.bit_fields.empty() ? flattened_scalar_count(m.type) : m.bit_fields.size();
        deepest = std::max(deepest, type_nesting(m.type));
        resource = resource || contains_resource(m.type);
    }
    s->flat_scalars = std::uint32_t(std::min<std::uint64_t>(scalars, UINT32_MAX));
    s->nesting = deepest + 1;
    s->holds_resource = resource;
    s->pointer_facts = pointers;
    s->defined = true;
}

const Type* TypeContext::with_orientation(const Type* t, MatrixOrientation o) {
    if (!t) return nullptr;
    if (const auto* m = t->as<MatrixType>()) return matrix(m->element, m->rows, m->cols, o);
    if (const auto* a = t->as<ArrayType>()) {
        const Type* e = with_orientation(a->element, o);
        return e == a->element ? a : array(e, a->length);
    }
    return t;
}

}  // namespace oneshader::sema
