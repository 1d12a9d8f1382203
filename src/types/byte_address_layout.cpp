// DXC's layout of T for byte-address Load<T>/Store<T>, and whether a buffer layout agrees with it.
#include "types/byte_address_layout.hpp"

#include <algorithm>

namespace oneshader::sema {

namespace {

std::uint32_t round_up(std::uint32_t v, std::uint32_t a) { return a ? (v + a - 1) / a * a : v; }
std::uint32_t vector_align(std::uint32_t element_bytes, std::uint32_t n) { return (n == 3 ? 4 : n) * element_bytes; }

}  // namespace

ByteAddressPlacement byte_address_placement(const Type* t) {
    t = t->value_type();
    if (const auto* s = t->as<ScalarType>()) return {s->bits / 8u, s->bits / 8u};
    if (const auto* v = t->as<VectorType>()) {
        std::uint32_t e = v->element->bits / 8u;
        return {vector_align(e, v->count), e * v->count};
    }
    if (const auto* m = t->as<MatrixType>()) {
        std::uint32_t e = m->element->bits / 8u;
        std::uint32_t column = m->rows == 1 || m->cols == 1 ? m->rows * m->cols : m->rows;
        return {vector_align(e, column), e * m->rows * m->cols};
    }
    if (const auto* a = t->as<ArrayType>()) {
        ByteAddressPlacement p = byte_address_placement(a->element);
        return {p.align, p.size * a->length};
    }
    if (const auto* st = t->as<StructType>()) {
        std::uint32_t offset = 0, align = 1;
        auto place = [&](const Type* m) {
            ByteAddressPlacement p = byte_address_placement(m);
            offset = round_up(offset, p.align) + p.size;
            align = std::max(align, p.align);
        };
        if (st->base) place(st->base);
        for (const StructMember& m : st->members) place(m.type);
        return {align, round_up(offset, align)};
    }
    return {1, 0};
}

bool byte_address_layout_matches(const Type* t, const TypeLayout* l) {
    if (!l) return false;
    t = t->value_type();
    if (t->is<ScalarType>() || t->is<VectorType>()) return true;
    if (const auto* m = t->as<MatrixType>()) {
        if (l->kind != LayoutKind::Matrix) return true;  // 1xN and Nx1: a vector either way
        return l->packing == MatrixPacking::ColumnMajor && l->matrix_stride == m->rows * (m->element->bits / 8u);
    }
    if (const auto* a = t->as<ArrayType>())
        return l->kind == LayoutKind::Array && l->stride == byte_address_placement(a->element).size &&
               byte_address_layout_matches(a->element, l->element);
    if (const auto* st = t->as<StructType>()) {
        if (l->kind != LayoutKind::Struct) return false;
        std::uint32_t offset = 0;
        auto member = [&](std::uint32_t source, const Type* mt) {
            ByteAddressPlacement p = byte_address_placement(mt);
            offset = round_up(offset, p.align);
            const MemberLayout* ml = find_member(*l, source);
            bool ok = ml && ml->offset == offset && byte_address_layout_matches(mt, ml->type);
            offset += p.size;
            return ok;
        };
        if (st->base && !member(MemberLayout::kBaseMember, st->base)) return false;
        for (std::uint32_t k = 0; k < st->members.size(); ++k)
            if (!member(k, st->members[k].type)) return false;
        return true;
    }
    return false;
}

}  // namespace oneshader::sema
