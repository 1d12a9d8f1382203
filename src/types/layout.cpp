#include "types/layout.hpp"

#include <algorithm>
#include <functional>

#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// The base alignment of a vec4 of 32-bit components: std140 rounds arrays, matrices and structs
// up to it, and relaxed layout keeps vectors from crossing it.
constexpr std::uint32_t kVec4Alignment = 16;

std::uint64_t round_up(std::uint64_t value, std::uint32_t alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

// Stores a 64-bit size or offset in a layout's 32-bit field, marking the layout when it does not fit.
std::uint32_t fit(std::uint64_t value, TypeLayout& l) {
    if (value > kMaxLayoutBytes) {
        l.too_large = true;
        return std::uint32_t(kMaxLayoutBytes);
    }
    return std::uint32_t(value);
}

std::uint32_t add_nodes(std::uint32_t a, std::uint32_t b) { return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(a) + b, UINT32_MAX)); }

// Bytes of one component in memory: bool is a 32-bit word, the rest their width.
std::uint32_t scalar_bytes(const ScalarType* s) { return s->scalar == ScalarKind::Bool ? 4 : s->bits / 8u; }

// A vector as far as relaxed packing is concerned: two to four components, including the 1xN and
// Nx1 matrices, which are stored as vectors.
const ScalarType* vector_like_element(const Type* t) {
    if (const auto* v = t->as<VectorType>()) return v->count >= 2 ? v->element : nullptr;
    if (const auto* m = t->as<MatrixType>()) return (m->rows == 1) != (m->cols == 1) ? m->element : nullptr;
    return nullptr;
}

// The offset of a member that follows `next_free`, before any explicit offset: aligned to the
// member's alignment, except that the relaxed rules align a vector of 32-bit-or-narrower
// components only to its component (so a float3 can follow a float in one 16-byte row) and then
// move it to the next 16-byte boundary if it would straddle one. A vector of at most 16 bytes
// straddles when its first and last byte are in different rows; a longer one (double3, double4)
// must start a row.
std::uint64_t place_relaxed(std::uint64_t next_free, const Type* member_type, const TypeLayout& m) {
    std::uint32_t alignment = m.alignment;
    const ScalarType* e = vector_like_element(member_type);
    if (e && scalar_bytes(e) <= 4) alignment = scalar_bytes(e);
    std::uint64_t offset = round_up(next_free, alignment);
    if (e) {
        bool straddles = m.size <= kVec4Alignment ? offset / kVec4Alignment != (offset + m.size - 1) / kVec4Alignment
                                                  : offset % kVec4Alignment != 0;
        if (straddles) offset = round_up(offset, kVec4Alignment);
    }
    return offset;
}

bool std140_family(Packing p) { return p == Packing::RelaxedStd140 || p == Packing::Std140 || p == Packing::FxcCBuffer; }
bool relaxed_placement(Packing p) {
    return p == Packing::RelaxedStd140 || p == Packing::RelaxedStd430 || p == Packing::FxcCBuffer;
}
// The packings that align a vector, matrix or array only to its component (D3D's and
// VK_EXT_scalar_block_layout's).
bool component_aligned(Packing p) { return p == Packing::FxcSBuffer || p == Packing::Scalar; }

}  // namespace

LayoutRule layout_rule_for(ResourceKind kind) {
    return kind == ResourceKind::ConstantBuffer ? LayoutRule::Constant : LayoutRule::Storage;
}

Packing packing_for(LayoutRule rule, BufferLayoutRules rules) {
    bool constant = rule == LayoutRule::Constant;
    switch (rules) {
    case BufferLayoutRules::GL: return constant ? Packing::Std140 : Packing::Std430;
    case BufferLayoutRules::DX: return constant ? Packing::FxcCBuffer : Packing::FxcSBuffer;
    case BufferLayoutRules::Scalar: return Packing::Scalar;
    case BufferLayoutRules::Default: break;
    }
    return constant ? Packing::RelaxedStd140 : Packing::RelaxedStd430;
}

std::string_view packing_name(Packing p) {
    switch (p) {
    case Packing::RelaxedStd140: return "relaxed std140";
    case Packing::RelaxedStd430: return "relaxed std430";
    case Packing::Std140: return "std140";
    case Packing::Std430: return "std430";
    case Packing::FxcCBuffer: return "FXC cbuffer";
    case Packing::FxcSBuffer: return "FXC structured-buffer";
    case Packing::Scalar: return "scalar";
    }
    return "";
}

std::size_t LayoutEngine::KeyHash::operator()(const Key& k) const {
    return std::hash<const void*>()(k.type) ^ static_cast<std::size_t>(k.rule);
}

const TypeLayout* LayoutEngine::layout(const Type* t, LayoutRule rule) {
    if (!t) return nullptr;
    Key key{t, rule};
    if (const TypeLayout* const* known = cache_.find(key)) return *known;
    const TypeLayout* result = compute(t, rule);
    cache_.insert(key, result);
    return result;
}

std::uint32_t LayoutEngine::structured_stride(const Type* element) {
    const TypeLayout* l = layout(element, LayoutRule::Storage);
    return l ? std::uint32_t(std::min(round_up(l->size, l->alignment), kMaxLayoutBytes)) : 0;
}

const TypeLayout* LayoutEngine::compute(const Type* t, LayoutRule rule) {
    Packing p = packing_for(rule, options_.rules);
    switch (t->kind()) {
    case TypeKind::Scalar: {
        const auto* s = t->as<ScalarType>();
        return is_literal_kind(s->scalar) ? nullptr : scalar_layout(t, s);
    }
    case TypeKind::Vector: {
        const auto* v = t->as<VectorType>();
        if (is_literal_kind(v->element->scalar)) return nullptr;
        return v->count == 1 ? scalar_layout(t, v->element) : vector_layout(t, v->element, v->count, p);
    }
    case TypeKind::Matrix: {
        const auto* m = t->as<MatrixType>();
        if (is_literal_kind(m->element->scalar)) return nullptr;
        if (m->rows == 1 && m->cols == 1) return scalar_layout(t, m->element);
        if (m->rows == 1 || m->cols == 1) {
            TypeLayout* l = vector_layout(t, m->element, std::max(m->rows, m->cols), p);
            bool row_major = m->orientation == MatrixOrientation::RowMajor ||
                             (m->orientation != MatrixOrientation::ColumnMajor &&
                              options_.default_packing == MatrixPacking::RowMajor);
            if (p == Packing::FxcCBuffer && (row_major ? m->cols : m->rows) == 1) l->fxc_split_matrix = t;
            return l;
        }
        return matrix_layout(m, p);
    }
    case TypeKind::Array:
        return array_layout(t->as<ArrayType>(), rule);
    case TypeKind::Struct:
        return struct_layout(t->as<StructType>(), rule);
    default:
        return nullptr;
    }
}

const TypeLayout* LayoutEngine::scalar_layout(const Type* t, const ScalarType* s) {
    auto* l = arena_.make<TypeLayout>();
    l->kind = LayoutKind::Scalar;
    l->type = t;
    l->scalar = s->scalar;
    l->size = l->alignment = scalar_bytes(s);
    return l;
}

// A vector of N components is aligned like std140/std430 say (a three-component vector like a
// four-component one), or to its component under the D3D and scalar packings; the relaxed
// exception applies where it is placed as a member.
TypeLayout* LayoutEngine::vector_layout(const Type* t, const ScalarType* s, std::uint32_t n, Packing p) {
    auto* l = arena_.make<TypeLayout>();
    l->kind = LayoutKind::Vector;
    l->type = t;
    l->scalar = s->scalar;
    l->components = n;
    std::uint32_t bytes = scalar_bytes(s);
    l->size = n * bytes;
    l->alignment = p == Packing::FxcCBuffer || component_aligned(p) ? bytes : (n == 3 ? 4 : n) * bytes;
    return l;
}

// A matrix is an array of its stored vectors: columns of `rows` components when column-major,
// rows of `columns` components when row-major. The vector's alignment is the stride, rounded up to
// 16 under std140; FXC's cbuffer packing leaves out the padding after the last vector; the D3D
// structured-buffer and scalar packings store the vectors tightly.
const TypeLayout* LayoutEngine::matrix_layout(const MatrixType* m, Packing p) {
    MatrixPacking packing = options_.default_packing;
    if (m->orientation == MatrixOrientation::RowMajor) packing = MatrixPacking::RowMajor;
    if (m->orientation == MatrixOrientation::ColumnMajor) packing = MatrixPacking::ColumnMajor;
    bool row_major = packing == MatrixPacking::RowMajor;
    std::uint32_t vector_size = row_major ? m->cols : m->rows;
    std::uint32_t vector_count = row_major ? m->rows : m->cols;

    auto* l = arena_.make<TypeLayout>();
    l->kind = LayoutKind::Matrix;
    l->type = m;
    l->scalar = m->element->scalar;
    l->rows = m->rows;
    l->columns = m->cols;
    l->packing = packing;
    std::uint32_t bytes = scalar_bytes(m->element);
    if (component_aligned(p)) {
        l->alignment = bytes;
        l->matrix_stride = vector_size * bytes;
        l->size = vector_count * vector_size * bytes;
        return l;
    }
    std::uint32_t alignment = bytes * (vector_size == 3 ? 4 : vector_size);
    if (std140_family(p)) alignment = std::uint32_t(round_up(alignment, kVec4Alignment));
    l->alignment = alignment;
    l->matrix_stride = alignment;
    l->size = p == Packing::FxcCBuffer ? (vector_count - 1) * alignment + vector_size * bytes : vector_count * alignment;
    return l;
}

// The stride is the element size rounded up to the array's alignment, which std140 rounds up to
// 16; an unsized array has a stride and no size. FXC's cbuffer packing leaves out the padding
// after the last element, so a member after the array can use it.
const TypeLayout* LayoutEngine::array_layout(const ArrayType* a, LayoutRule rule) {
    const TypeLayout* e = layout(a->element, rule);
    if (!e) return nullptr;
    auto* l = arena_.make<TypeLayout>();
    l->kind = LayoutKind::Array;
    l->type = a;
    l->element = e;
    l->length = a->length;
    Packing p = packing_for(rule, options_.rules);
    std::uint32_t alignment = e->alignment;
    if (std140_family(p)) alignment = std::uint32_t(round_up(alignment, kVec4Alignment));
    l->alignment = alignment;
    l->too_large = e->too_large;
    l->fxc_split_matrix = e->fxc_split_matrix;
    l->stride = fit(round_up(e->size, alignment), *l);
    if (p == Packing::FxcCBuffer && a->length > 0)
        l->size = fit(std::uint64_t(l->stride) * (a->length - 1) + e->size, *l);
    else
        l->size = fit(std::uint64_t(l->stride) * a->length, *l);
    l->tree_nodes = add_nodes(e->tree_nodes, 1);
    return l;
}

// Members in order, the base struct first. Each starts at the end of the previous one (not at
// the furthest end so far, so a member after a backwards [[vk::offset]] follows that member, as
// in DXC), aligned to the member (by place_relaxed under the relaxed and FXC cbuffer rules);
// [[vk::offset]] and then packoffset replace that offset. The struct's alignment is its largest
// member alignment (at least 1, so an empty struct has 1), which std140 rounds up to 16; its size
// is the furthest member end rounded up to its alignment (not rounded under FXC's cbuffer rules).
const TypeLayout* LayoutEngine::struct_layout(const StructType* s, LayoutRule rule) {
    if (!s->defined) return nullptr;
    std::vector<MemberLayout> members;
    members.reserve(s->members.size() + 1);
    std::uint32_t alignment = 1;
    std::uint64_t next_free = 0;
    std::uint64_t end = 0;
    auto* l = arena_.make<TypeLayout>();
    Packing p = packing_for(rule, options_.rules);

    auto add = [&](std::string_view name, const Type* type, const StructMember* source, std::uint32_t index) {
        const TypeLayout* m = layout(type, rule);
        if (!m) return;
        std::uint64_t offset = relaxed_placement(p) ? place_relaxed(next_free, type, *m) : round_up(next_free, m->alignment);
        if (source && source->vk_offset)
            offset = *source->vk_offset;
        else if (source && source->packoffset)
            offset = source->packoffset->byte_offset();
        members.push_back(MemberLayout{name, fit(offset, *l), m, index});
        alignment = std::max(alignment, m->alignment);
        l->too_large = l->too_large || m->too_large;
        if (!l->fxc_split_matrix) l->fxc_split_matrix = m->fxc_split_matrix;
        l->tree_nodes = add_nodes(l->tree_nodes, m->tree_nodes);
        next_free = offset + m->size;
        end = std::max(end, next_free);
    };

    if (s->base) add(s->base->name.str(), s->base, nullptr, MemberLayout::kBaseMember);
    for (std::uint32_t i = 0; i < s->members.size(); ++i) {
        const StructMember& m = s->members[i];
        add(m.name.str(), m.type, &m, i);
    }

    l->kind = LayoutKind::Struct;
    l->type = s;
    l->name = s->name.str();
    if (std140_family(p)) alignment = std::uint32_t(round_up(alignment, kVec4Alignment));
    l->alignment = alignment;
    l->size = fit(p == Packing::FxcCBuffer ? end : round_up(end, alignment), *l);
    l->members = arena_.copy_array(std::span<const MemberLayout>(members));
    return l;
}

const MemberLayout* find_member(const TypeLayout& layout, std::uint32_t source, std::uint32_t* position) {
    const std::span<const MemberLayout> ms = layout.members;
    const std::size_t first = !ms.empty() && ms[0].source_index == MemberLayout::kBaseMember ? 1 : 0;
    std::size_t k = 0;
    if (source == MemberLayout::kBaseMember) {
        if (!first) return nullptr;
    } else {
        auto it = std::lower_bound(ms.begin() + static_cast<std::ptrdiff_t>(first), ms.end(), source,
                                   [](const MemberLayout& m, std::uint32_t s) { return m.source_index < s; });
        if (it == ms.end() || it->source_index != source) return nullptr;
        k = static_cast<std::size_t>(it - ms.begin());
    }
    if (position) *position = static_cast<std::uint32_t>(k);
    return &ms[k];
}

// A sweep over the members in offset order: each member is compared only with the earlier-starting
// members whose bytes are still open at its start, so a large cbuffer without overlaps costs a sort.
std::vector<MemberOverlap> find_overlaps(const TypeLayout& layout) {
    const auto& ms = layout.members;
    std::vector<std::uint32_t> order;
    for (std::uint32_t i = 0; i < ms.size(); ++i)
        if (ms[i].type->size > 0) order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return ms[a].offset < ms[b].offset; });

    std::vector<MemberOverlap> result;
    std::vector<std::uint32_t> open;
    for (std::uint32_t j : order) {
        std::uint32_t start = ms[j].offset;
        std::erase_if(open, [&](std::uint32_t i) { return std::uint64_t(ms[i].offset) + ms[i].type->size <= start; });
        for (std::uint32_t i : open) result.push_back(MemberOverlap{std::min(i, j), std::max(i, j)});
        open.push_back(j);
    }
    std::sort(result.begin(), result.end(), [](const MemberOverlap& a, const MemberOverlap& b) {
        return a.second != b.second ? a.second < b.second : a.first < b.first;
    });
    return result;
}

}  // namespace oneshader::sema
