#include "types/layout.hpp"
#include "types/types_print.hpp"

namespace oneshader::sema {

namespace {

std::string sizes(const TypeLayout& l) {
    return " size=" + std::to_string(l.size) + " align=" + std::to_string(l.alignment);
}

void line_end(std::string& out) { out += '\n'; }

void dump_node(std::string& out, const TypeLayout& l, int indent) {
    switch (l.kind) {
    case LayoutKind::Scalar:
        out += "scalar ";
        out += scalar_kind_name(l.scalar);
        out += sizes(l);
        line_end(out);
        return;
    case LayoutKind::Vector:
        out += "vector ";
        out += scalar_kind_name(l.scalar);
        out += std::to_string(l.components) + sizes(l);
        line_end(out);
        return;
    case LayoutKind::Matrix:
        out += "matrix ";
        out += scalar_kind_name(l.scalar);
        out += std::to_string(l.rows) + "x" + std::to_string(l.columns);
        out += l.packing == MatrixPacking::RowMajor ? " row_major" : " column_major";
        out += " stride=" + std::to_string(l.matrix_stride) + sizes(l);
        line_end(out);
        return;
    case LayoutKind::Array:
        out += "array[" + (l.length ? std::to_string(l.length) : std::string()) + "]";
        out += " stride=" + std::to_string(l.stride) + sizes(l);
        line_end(out);
        out.append(std::size_t(indent + 1) * 2, ' ');
        out += "element: ";
        dump_node(out, *l.element, indent + 1);
        return;
    case LayoutKind::Struct:
        out += "struct ";
        out += l.name.empty() ? std::string_view("<anonymous>") : l.name;
        out += sizes(l);
        line_end(out);
        const auto* st = l.type ? l.type->as<StructType>() : nullptr;
        for (const MemberLayout& m : l.members) {
            out.append(std::size_t(indent + 1) * 2, ' ');
            out += "+" + std::to_string(m.offset) + " ";
            const StructMember* sm = st && m.source_index < st->members.size() ? &st->members[m.source_index] : nullptr;
            if (sm && !sm->bit_fields.empty()) {
                // A storage unit of bit fields: `{a:0..4 b:4..12}`, bits from the least significant.
                out += '{';
                for (std::size_t k = 0; k < sm->bit_fields.size(); ++k) {
                    const BitField& f = sm->bit_fields[k];
                    if (k) out += ' ';
                    out += std::string(f.name.str()) + ":" + std::to_string(f.offset) + ".." +
                           std::to_string(f.offset + f.width);
                }
                out += '}';
            } else {
                out += m.name;
            }
            out += ": ";
            dump_node(out, *m.type, indent + 1);
        }
        return;
    }
}

}  // namespace

std::string dump_layout(const TypeLayout& layout) {
    std::string out;
    dump_node(out, layout, 0);
    return out;
}

}  // namespace oneshader::sema
