#include "layouts/compatibility_layout.hpp"

#include <fmt/format.h>

namespace oneshader::layouts {

namespace {

std::string_view scalar_name(ScalarKind s) {
    switch (s) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Int: return "int";
    case ScalarKind::UInt: return "uint";
    case ScalarKind::Float: return "float";
    case ScalarKind::Double: return "double";
    case ScalarKind::Half: return "half";
    case ScalarKind::Int16: return "int16_t";
    case ScalarKind::UInt16: return "uint16_t";
    case ScalarKind::Int64: return "int64_t";
    case ScalarKind::UInt64: return "uint64_t";
    }
    return "?";
}

// Scalars, vectors and matrices are one "shape" each; arrays and structs are compared piecewise.
bool same_shape(const ReflectedType& a, const ReflectedType& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
    case ReflectedTypeKind::Scalar: return a.scalar == b.scalar;
    case ReflectedTypeKind::Vector: return a.scalar == b.scalar && a.components == b.components;
    case ReflectedTypeKind::Matrix: return a.scalar == b.scalar && a.components == b.components && a.columns == b.columns;
    case ReflectedTypeKind::Array:
        // An array of plain values changes type when its element does; arrays of structs and of
        // arrays are followed into the element.
        if (!a.element || !b.element) return a.element == b.element;
        if (a.element->kind == ReflectedTypeKind::Struct || b.element->kind == ReflectedTypeKind::Struct ||
            a.element->kind == ReflectedTypeKind::Array || b.element->kind == ReflectedTypeKind::Array)
            return a.element->kind == b.element->kind;
        return same_shape(*a.element, *b.element);
    case ReflectedTypeKind::Struct: return true;
    }
    return false;
}

const ReflectedMember* find_member(const ReflectedType& s, std::string_view name) {
    for (const ReflectedMember& m : s.members)
        if (m.name == name) return &m;
    return nullptr;
}

std::string_view packing_name(MatrixLayout p) { return p == MatrixLayout::RowMajor ? "row_major" : "column_major"; }

class Walker {
public:
    explicit Walker(std::vector<InterfaceDifference>& out) : out_(out) {}

    // Returns whether anything under `path` differed.
    bool type(const std::string& path, const ReflectedType& a, const ReflectedType& b, bool top) {
        if (!same_shape(a, b)) {
            add(path, top ? fmt::format("{} changed its element type from {} to {}", path, type_name(a), type_name(b))
                          : fmt::format("{} changed type from {} to {}", path, type_name(a), type_name(b)));
            return true;
        }
        switch (a.kind) {
        case ReflectedTypeKind::Scalar:
        case ReflectedTypeKind::Vector:
            if (a.size != b.size) {
                add(path, fmt::format("{} size changed from {} to {} bytes", path, a.size, b.size));
                return true;
            }
            return false;
        case ReflectedTypeKind::Matrix: return matrix(path, a, b);
        case ReflectedTypeKind::Array: return array(path, a, b);
        case ReflectedTypeKind::Struct: return structure(path, a, b);
        }
        return false;
    }

private:
    void add(const std::string& subject, std::string message) {
        out_.push_back({InterfaceDifferenceKind::BufferLayout, subject, std::move(message)});
    }

    bool matrix(const std::string& path, const ReflectedType& a, const ReflectedType& b) {
        bool changed = false;
        if (a.packing != b.packing) {
            add(path, fmt::format("{} changed from {} to {}", path, packing_name(a.packing), packing_name(b.packing)));
            changed = true;
        }
        if (a.matrix_stride != b.matrix_stride) {
            add(path, fmt::format("{} matrix stride changed from {} to {}", path, a.matrix_stride, b.matrix_stride));
            changed = true;
        }
        if (!changed && a.size != b.size) {
            add(path, fmt::format("{} size changed from {} to {} bytes", path, a.size, b.size));
            changed = true;
        }
        return changed;
    }

    bool array(const std::string& path, const ReflectedType& a, const ReflectedType& b) {
        bool changed = false;
        if (a.length != b.length) {
            add(path, fmt::format("{} array length changed from {} to {}", path, a.length, b.length));
            changed = true;
        }
        if (a.stride != b.stride) {
            add(path, fmt::format("{} array stride changed from {} to {}", path, a.stride, b.stride));
            changed = true;
        }
        if (a.element && b.element) changed = type(path + "[]", *a.element, *b.element, false) || changed;
        return changed;
    }

    bool structure(const std::string& path, const ReflectedType& a, const ReflectedType& b) {
        bool changed = false;
        for (const ReflectedMember& m : a.members) {
            std::string member_path = path + "." + m.name;
            const ReflectedMember* n = find_member(b, m.name);
            if (!n) {
                add(member_path, fmt::format("{} was removed (it was at offset {})", member_path, m.offset));
                changed = true;
                continue;
            }
            if (m.offset != n->offset) {
                add(member_path, fmt::format("{} moved from offset {} to {}", member_path, m.offset, n->offset));
                changed = true;
            }
            if (m.bit_offset != n->bit_offset || m.bit_width != n->bit_width) {
                auto bits = [](const ReflectedMember& x) {
                    return x.bit_width ? fmt::format("bits {} to {}", x.bit_offset, x.bit_offset + x.bit_width)
                                       : std::string("the whole member");
                };
                add(member_path, fmt::format("{} changed from {} to {}", member_path, bits(m), bits(*n)));
                changed = true;
            }
            changed = type(member_path, m.type, n->type, false) || changed;
        }
        for (const ReflectedMember& n : b.members) {
            if (find_member(a, n.name)) continue;
            std::string member_path = path + "." + n.name;
            add(member_path, fmt::format("{} was added at offset {}", member_path, n.offset));
            changed = true;
        }
        // A size change that no member explains: trailing padding, or an array length upstream.
        if (!changed && a.size != b.size) {
            add(path, fmt::format("{} size changed from {} to {} bytes", path, a.size, b.size));
            changed = true;
        }
        return changed;
    }

    std::vector<InterfaceDifference>& out_;
};

}  // namespace

std::string type_name(const ReflectedType& t) {
    switch (t.kind) {
    case ReflectedTypeKind::Scalar: return std::string(scalar_name(t.scalar));
    case ReflectedTypeKind::Vector: return fmt::format("{}{}", scalar_name(t.scalar), t.components);
    case ReflectedTypeKind::Matrix: return fmt::format("{}{}x{}", scalar_name(t.scalar), t.components, t.columns);
    case ReflectedTypeKind::Array: {
        // Dimensions outermost first, as HLSL declares them: float[2][3].
        std::string dims;
        const ReflectedType* e = &t;
        while (e->kind == ReflectedTypeKind::Array && e->element) {
            dims += e->length ? fmt::format("[{}]", e->length) : std::string("[]");
            e = e->element.get();
        }
        return type_name(*e) + dims;
    }
    case ReflectedTypeKind::Struct: return t.name.empty() ? std::string("struct") : t.name;
    }
    return "?";
}

void compare_layout(std::string_view root, const ReflectedType& built, const ReflectedType& fresh,
                    std::vector<InterfaceDifference>& out) {
    Walker(out).type(std::string(root), built, fresh, true);
}

}  // namespace oneshader::layouts
