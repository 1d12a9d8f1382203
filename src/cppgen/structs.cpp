#include "cppgen/structs.hpp"

#include <algorithm>

#include "cppgen/names.hpp"

namespace oneshader::cppgen {

namespace {

constexpr const char* kSupport = "::oneshader::generated::";

}  // namespace

std::string scalar_spelling(ScalarKind k) {
    switch (k) {
        case ScalarKind::Float: return "float";
        case ScalarKind::Double: return "double";
        case ScalarKind::Int: return "std::int32_t";
        case ScalarKind::Bool:  // HLSL stores a bool as a 32-bit word
        case ScalarKind::UInt: return "std::uint32_t";
        case ScalarKind::Half:  // the IEEE half's bits: C++17 has no 16-bit float
        case ScalarKind::UInt16: return "std::uint16_t";
        case ScalarKind::Int16: return "std::int16_t";
        case ScalarKind::Int64: return "std::int64_t";
        case ScalarKind::UInt64: return "std::uint64_t";
    }
    return "std::uint32_t";
}

std::uint32_t scalar_size(ScalarKind k) {
    switch (k) {
        case ScalarKind::Half:
        case ScalarKind::Int16:
        case ScalarKind::UInt16: return 2;
        case ScalarKind::Double:
        case ScalarKind::Int64:
        case ScalarKind::UInt64: return 8;
        default: return 4;
    }
}

std::string StructWriter::spell(const ReflectedType& t, std::string& suffix, const std::string& what) {
    switch (t.kind) {
        case ReflectedTypeKind::Scalar: return scalar_spelling(t.scalar);
        case ReflectedTypeKind::Vector:
            return std::string(kSupport) + "Vector<" + scalar_spelling(t.scalar) + ", " + std::to_string(t.components) +
                   ">";
        case ReflectedTypeKind::Matrix:
            if (t.matrix_stride % scalar_size(t.scalar) != 0) {
                problems_.error(code(support::DiagCode::generated_layout_unsupported), what + " has a matrix whose stride (" + std::to_string(t.matrix_stride) +
                                               " bytes) is not a whole number of components; the header cannot "
                                               "lay it out. Use a matrix of 32-bit components.");
                return "";
            }
            if (std::uint64_t(t.matrix_stride) * (t.packing == MatrixLayout::RowMajor ? t.components : t.columns) !=
                t.size) {
                problems_.error(code(support::DiagCode::generated_layout_unsupported),
                                what + " has a matrix without padding after its last " +
                                    (t.packing == MatrixLayout::RowMajor ? "row" : "column") +
                                    " (-fvk-use-dx-layout's cbuffer packing); the header cannot lay it out. Use a "
                                    "matrix whose rows (row_major) or columns are 4 components, or another layout "
                                    "flag.");
                return "";
            }
            return std::string(kSupport) + "Matrix<" + scalar_spelling(t.scalar) + ", " +
                   std::to_string(t.components) + ", " + std::to_string(t.columns) + ", " +
                   std::to_string(t.matrix_stride) + ", " + (t.packing == MatrixLayout::RowMajor ? "true" : "false") +
                   ">";
        case ReflectedTypeKind::Array: {
            const ReflectedType& e = *t.element;
            std::string inner_suffix;
            std::string inner = spell(e, inner_suffix, what);
            if (inner.empty()) return "";
            if (t.length > 0 && std::uint64_t(t.stride) * t.length != t.size) {
                problems_.error(code(support::DiagCode::generated_layout_unsupported),
                                what + " has an array without padding after its last element (-fvk-use-dx-layout's "
                                       "cbuffer packing); the header cannot lay it out. Use an array of 16-byte "
                                       "elements (float4), or another layout flag.");
                return "";
            }
            if (t.stride == e.size) {
                suffix = "[" + std::to_string(t.length) + "]" + inner_suffix;
                return inner;
            }
            // An element with padding after it: a Padded element, whose type is the whole inner array.
            std::string element = inner_suffix.empty() ? inner : "std::array<" + inner + ", " +
                                                                     std::to_string(e.length) + ">";
            if (!inner_suffix.empty() && inner_suffix.find('[', 1) != std::string::npos) {
                problems_.error(code(support::DiagCode::generated_layout_unsupported), what + " has an array of arrays of arrays with padding between elements; "
                                               "the header cannot lay it out. Flatten the array.");
                return "";
            }
            suffix = "[" + std::to_string(t.length) + "]";
            return std::string(kSupport) + "Padded<" + element + ", " + std::to_string(t.stride) + ">";
        }
        case ReflectedTypeKind::Struct: {
            std::string name = add(t.name, t, what);
            if (name.empty()) return "";
            if (uses_) uses_->push_back(name);
            return qualifier_ + name;
        }
    }
    return "";
}

std::string StructWriter::add(const std::string& name, const ReflectedType& layout, const std::string& what) {
    for (const Known& k : known_)
        if (k.hlsl_name == name && k.layout == layout) return k.cpp_name;
    // One HLSL struct under two packings: the second gets `_1` (spec page "Generated bindings").
    std::size_t same_name = std::count_if(known_.begin(), known_.end(), [&](const Known& k) { return k.hlsl_name == name; });
    std::string cpp = type_name(name) + (same_name ? "_" + std::to_string(same_name) : "");
    if (!scope_.declare(cpp, what)) return "";
    known_.push_back({name, layout, cpp});

    std::vector<std::string> uses;
    std::vector<std::string>* outer_uses = uses_;
    uses_ = &uses;

    std::vector<const ReflectedMember*> members;
    for (const ReflectedMember& m : layout.members) members.push_back(&m);
    std::stable_sort(members.begin(), members.end(),
                     [](const ReflectedMember* a, const ReflectedMember* b) { return a->offset < b->offset; });

    const std::string in = indent(level_), in1 = indent(level_ + 1);
    std::string body, asserts;
    Scope fields("struct " + qualifier_ + cpp, problems_);
    fields.declare(cpp, "the struct itself");
    std::uint32_t cursor = 0;
    const ReflectedMember* previous = nullptr;
    bool ok = true;
    for (std::size_t k = 0; k < members.size(); ++k) {
        const ReflectedMember* m = members[k];
        const std::string field = member_name(m->name);
        if (m->bit_width != 0) {
            // A storage unit of bit fields (the members at one offset with bits): C++ bit fields of the
            // unit's type, lowest first as in the shader, and an unnamed one filling the unit's unused
            // bits, so the next unit starts a storage unit of its own under every C++ ABI.
            if (m->offset < cursor) {
                problems_.error(code(support::DiagCode::generated_layout_unsupported),
                                what + ": members '" + (previous ? previous->name : std::string()) + "' and '" +
                                    m->name + "' overlap, which a C++ struct cannot express. Give them separate "
                                              "offsets.");
                ok = false;
                break;
            }
            if (m->offset > cursor)
                body += in1 + "std::uint8_t _pad" + std::to_string(cursor) + "[" + std::to_string(m->offset - cursor) +
                        "];\n";
            const std::string unit = scalar_spelling(m->type.scalar);
            const std::uint32_t unit_bits = m->type.size * 8;
            std::uint32_t used = 0;
            std::size_t j = k;
            for (; j < members.size() && members[j]->bit_width != 0 && members[j]->offset == m->offset; ++j) {
                const ReflectedMember* f = members[j];
                const std::string fname = member_name(f->name);
                if (m->type.kind != ReflectedTypeKind::Scalar || f->bit_offset != used ||
                    f->bit_offset + f->bit_width > unit_bits) {
                    problems_.error(code(support::DiagCode::generated_layout_unsupported),
                                    what + ": the bit field '" + f->name +
                                        "' does not follow the bit fields before it in its storage unit; the header "
                                        "cannot lay it out.");
                    ok = false;
                    break;
                }
                if (!fields.declare(fname, "member '" + f->name + "'")) {
                    ok = false;
                    break;
                }
                body += in1 + unit + " " + fname + " : " + std::to_string(f->bit_width) + ";\n";
                used += f->bit_width;
            }
            if (!ok) break;
            if (used < unit_bits) body += in1 + unit + " : " + std::to_string(unit_bits - used) + ";\n";
            cursor = m->offset + m->type.size;
            previous = members[j - 1];
            k = j - 1;
            continue;
        }
        if (m->type.kind == ReflectedTypeKind::Array && m->type.length == 0) {
            body += in1 + "// " + field + ": a run-time sized array at offset " + std::to_string(m->offset) +
                    ", stride " + std::to_string(m->type.stride) + " (after the struct's fixed part)\n";
            continue;
        }
        if (m->offset < cursor) {
            problems_.error(code(support::DiagCode::generated_layout_unsupported), what + ": members '" + (previous ? previous->name : std::string()) + "' and '" +
                                           m->name + "' overlap, which a C++ struct cannot express. Give them "
                                           "separate offsets.");
            ok = false;
            break;
        }
        if (m->offset > cursor)
            body += in1 + "std::uint8_t _pad" + std::to_string(cursor) + "[" + std::to_string(m->offset - cursor) +
                    "];\n";
        std::string suffix;
        std::string type = spell(m->type, suffix, what);
        if (type.empty()) {
            ok = false;
            break;
        }
        if (!fields.declare(field, "member '" + m->name + "'")) {
            ok = false;
            break;
        }
        body += in1 + type + " " + field + suffix + ";\n";
        asserts += in + "static_assert(offsetof(" + cpp + ", " + field + ") == " + std::to_string(m->offset) +
                   ", \"" + cpp + "::" + field + " is at the shader's offset\");\n";
        cursor = m->offset + m->type.size;
        previous = m;
    }
    if (ok && cursor < layout.size)
        body += in1 + "std::uint8_t _pad" + std::to_string(cursor) + "[" + std::to_string(layout.size - cursor) +
                "];\n";
    if (ok && cursor > layout.size) {
        problems_.error(code(support::DiagCode::generated_layout_unsupported), what + ": the members end after the struct's size; the header cannot lay it out.");
        ok = false;
    }
    uses_ = outer_uses;
    if (!ok) return "";

    StructDef def;
    def.name = cpp;
    def.uses = std::move(uses);
    def.text = in + "struct " + cpp + " {\n" + body + in + "};\n" + asserts + in + "static_assert(sizeof(" + cpp +
               ") == " + std::to_string(layout.size) + ", \"" + cpp + " has the shader's size\");\n";
    defs_.push_back(std::move(def));
    return cpp;
}

}  // namespace oneshader::cppgen
