#include "textgen/padded_struct.hpp"

#include <algorithm>

namespace oneshader::textgen {

using sema::LayoutKind;
using sema::TypeLayout;

std::uint32_t matrix_line_padding(const TypeLayout& m) {
    if (m.kind != LayoutKind::Matrix || !m.type) return 0;
    const auto* mt = m.type->as<sema::MatrixType>();
    if (!mt) return 0;
    const std::uint32_t scalar = mt->element->scalar == sema::ScalarKind::Bool ? 4 : mt->element->bits / 8u;
    const std::uint32_t components = m.packing == MatrixPacking::ColumnMajor ? m.rows : m.columns;
    const std::uint32_t line = components * scalar;
    return m.matrix_stride > line ? m.matrix_stride - line : 0;
}

std::uint64_t printed_size(const TypeLayout& l) {
    switch (l.kind) {
    case LayoutKind::Array: return l.length == 0 ? l.size : std::uint64_t(l.stride) * l.length;
    case LayoutKind::Matrix:
        return std::uint64_t(l.matrix_stride) * (l.packing == MatrixPacking::ColumnMajor ? l.columns : l.rows);
    default: return l.size;
    }
}

PaddedStruct pad_struct(const TypeLayout& s) {
    PaddedStruct out;
    out.layout = &s;
    out.name = s.name;
    out.size = s.size;
    out.alignment = s.alignment;
    std::vector<const sema::MemberLayout*> order;
    order.reserve(s.members.size());
    for (const sema::MemberLayout& m : s.members) order.push_back(&m);
    out.members.reserve(2 * s.members.size() + 1);  // each member, and padding before each and at the end
    // Declaration order is offset order except after an explicit offset; the printed order
    // must be the byte order.
    std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) { return a->offset < b->offset; });
    std::uint32_t end = 0;
    std::uint32_t pads = 0;
    auto pad_to = [&](std::uint32_t offset) {
        if (offset <= end) return;
        PaddedMember p;
        p.name = "_pad" + std::to_string(pads++);
        p.offset = end;
        p.size = offset - end;
        out.members.push_back(std::move(p));
    };
    for (const sema::MemberLayout* m : order) {
        pad_to(m->offset);
        PaddedMember pm;
        pm.name = std::string(m->name);
        pm.offset = m->offset;
        pm.size = m->type->size;
        pm.layout = m->type;
        pm.source_index = m->source_index;
        const TypeLayout* inner = m->type;
        if (inner->kind == LayoutKind::Array && inner->element) {
            pm.element_padding = inner->stride > inner->element->size ? inner->stride - inner->element->size : 0;
            while (inner->kind == LayoutKind::Array && inner->element) inner = inner->element;
        }
        pm.line_padding = matrix_line_padding(*inner);
        end = std::max(end, m->offset + pm.size);
        out.members.push_back(std::move(pm));
    }
    pad_to(s.size);
    return out;
}

namespace {

void collect(const TypeLayout& t, std::vector<const TypeLayout*>& seen, std::vector<PaddedStruct>& out) {
    const TypeLayout* at = &t;
    while (at->kind == LayoutKind::Array && at->element) at = at->element;
    if (at->kind != LayoutKind::Struct) return;
    if (std::find(seen.begin(), seen.end(), at) != seen.end()) return;
    seen.push_back(at);
    for (const sema::MemberLayout& m : at->members)
        if (m.type) collect(*m.type, seen, out);
    out.push_back(pad_struct(*at));
}

}  // namespace

std::vector<PaddedStruct> pad_structs(const TypeLayout& root) {
    std::vector<PaddedStruct> out;
    std::vector<const TypeLayout*> seen;
    collect(root, seen, out);
    return out;
}

}  // namespace oneshader::textgen
