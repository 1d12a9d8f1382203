#include "ir/type_rules.hpp"

#include "ir/float_bits.hpp"
#include "types/types_query.hpp"

namespace oneshader::ir {

using sema::Type;

const Type* composite_element_type(sema::TypeContext& types, const Type* t, std::int64_t index) {
    if (index < 0 || !t) return nullptr;
    auto i = static_cast<std::uint64_t>(index);
    if (const auto* v = t->as<sema::VectorType>()) return i < v->count ? v->element : nullptr;
    if (const auto* m = t->as<sema::MatrixType>()) return i < m->rows ? types.vector(m->element, m->cols) : nullptr;
    if (const auto* a = t->as<sema::ArrayType>()) return a->length == 0 || i < a->length ? a->element : nullptr;
    if (const auto* s = t->as<sema::StructType>()) {
        if (s->base) {
            if (i == 0) return s->base;
            --i;
        }
        return i < s->members.size() ? s->members[i].type : nullptr;
    }
    return nullptr;
}

const Type* composite_path_type(sema::TypeContext& types, const Type* t, std::span<const std::int64_t> indices) {
    for (std::int64_t i : indices) {
        t = composite_element_type(types, t, i);
        if (!t) return nullptr;
    }
    return t;
}

bool is_resource_ref(const sema::Type* t) {
    return t && t->is<sema::PointerType>() && sema::pointer_facts(t) == sema::kHoldsResourceRef;
}

bool holds_resource_ref(const sema::Type* t) { return (sema::pointer_facts(t) & sema::kHoldsResourceRef) != 0; }

bool pointers_are_resource_refs(const sema::Type* t) { return (sema::pointer_facts(t) & sema::kHoldsOtherPointer) == 0; }

std::optional<std::int64_t> constant_int_value(const Value* v) {
    const auto* c = v ? v->as<Constant>() : nullptr;
    if (!c || !c->is_scalar()) return std::nullopt;
    const auto* s = c->type()->as<sema::ScalarType>();
    if (!s || !sema::is_integer_kind(s->scalar)) return std::nullopt;
    if (sema::is_signed_kind(s->scalar)) return sign_extend(c->bits, s->bits);
    return static_cast<std::int64_t>(c->bits);
}

namespace {

// The value of a constant index whose type is the integer scalar `s`.
std::optional<std::int64_t> scalar_index_value(const Value* index, const sema::ScalarType* s) {
    const auto* c = index->as<Constant>();
    if (!c || !c->is_scalar()) return std::nullopt;
    if (sema::is_signed_kind(s->scalar)) return sign_extend(c->bits, s->bits);
    return static_cast<std::int64_t>(c->bits);
}

}  // namespace

const Type* access_chain_step(sema::TypeContext& types, const Type* pointee, const Value* index, bool first) {
    if (!pointee || !index) return nullptr;
    // Nearly every index is an integer scalar: its type is looked at once, and its value read
    // directly. Anything else goes the general way.
    const auto* s = index->type()->as<sema::ScalarType>();
    if (!s || !sema::is_integer_kind(s->scalar)) {
        if (!sema::is_integer(index->type()) || sema::component_count(index->type()) != 1) return nullptr;
        s = nullptr;
    }
    auto index_value = [&] { return s ? scalar_index_value(index, s) : constant_int_value(index); };
    if (const auto* r = pointee->as<sema::ResourceType>()) {
        if (!first) return nullptr;
        if (sema::is_block_buffer(r->resource)) return access_chain_step(types, r->element, index, false);
        if (sema::is_structured_buffer(r->resource)) return r->element;
        if (sema::is_byte_address_buffer(r->resource)) return types.scalar(sema::ScalarKind::UInt);
        return nullptr;
    }
    if (pointee->is<sema::StructType>()) {
        std::optional<std::int64_t> i = index_value();
        return i ? composite_element_type(types, pointee, *i) : nullptr;
    }
    if (!pointee->is<sema::VectorType>() && !pointee->is<sema::MatrixType>() && !pointee->is<sema::ArrayType>())
        return nullptr;
    // The element type does not depend on the index. A constant one may be out of range: the
    // optimizer finds `uint i = 72; a[i]` constant, which HLSL leaves undefined as it does any
    // index past the end; combine then clamps it (folding_rules.cpp), as runtime robustness would.
    return composite_element_type(types, pointee, 0);
}

const Type* comparison_result_type(sema::TypeContext& types, const Type* operand) {
    const sema::ScalarType* b = types.scalar(sema::ScalarKind::Bool);
    if (operand->is<sema::ScalarType>()) return b;
    if (const auto* v = operand->as<sema::VectorType>()) return types.vector(b, v->count);
    if (const auto* m = operand->as<sema::MatrixType>()) return types.matrix(b, m->rows, m->cols);
    return nullptr;
}

const Type* matmul_result_type(sema::TypeContext& types, const Type* a, const Type* b) {
    const auto* va = a->as<sema::VectorType>();
    const auto* vb = b->as<sema::VectorType>();
    const auto* ma = a->as<sema::MatrixType>();
    const auto* mb = b->as<sema::MatrixType>();
    if (va && va->element == b) return a;  // a vector scaled by a scalar of its component
    if (va && mb && va->element == mb->element && va->count == mb->rows) return types.vector(va->element, mb->cols);
    if (ma && vb && ma->element == vb->element && ma->cols == vb->count) return types.vector(vb->element, ma->rows);
    if (ma && mb && ma->element == mb->element && ma->cols == mb->rows)
        return types.matrix(ma->element, ma->rows, mb->cols);
    return nullptr;
}

}  // namespace oneshader::ir
