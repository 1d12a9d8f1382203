// Buffer memory (spec page "The MSL backend": buffers keep the byte layout of the SPIR-V target).
// Every buffer struct is printed from its layout (textgen::pad_structs) with packed vectors, explicit
// `uchar _padN[n]` members, array elements wrapped with their padding, and matrices as their stored
// lines (columns when column-major), so every member sits at its reflected offset; static_asserts
// under ONESHADER_CHECK_LAYOUT check each size and offset. Values cross between that storage form
// and the register form in expressions (scalars, vectors, matrices) or in small load/store helper
// functions (structs and arrays), member by member, which is also what clang needs to read structs
// out of the constant address space.
#include <fmt/compile.h>
#include <fmt/format.h>

#include "msl/printer.hpp"
#include "types/types_query.hpp"
#include "textgen/format.hpp"

namespace oneshader::msl {

using sema::LayoutKind;
using sema::TypeLayout;

namespace {

std::uint32_t scalar_bytes(sema::ScalarKind k) {
    switch (k) {
    case sema::ScalarKind::Half:
    case sema::ScalarKind::Int16:
    case sema::ScalarKind::UInt16: return 2;
    case sema::ScalarKind::Double:
    case sema::ScalarKind::Int64:
    case sema::ScalarKind::UInt64: return 8;
    default: return 4;
    }
}

// Components of one stored matrix line, and how many the printed line type holds (more when the
// line's padding is printed as extra components: a float3 column with a 16-byte stride is a
// packed_float4).
struct Lines {
    std::uint32_t count = 0;       // stored lines
    std::uint32_t components = 0;  // of each line that belong to the matrix
    std::uint32_t width = 0;       // of the printed line type
    bool column_major = true;
};

Lines matrix_lines(const TypeLayout& l) {
    Lines out;
    out.column_major = l.packing == MatrixPacking::ColumnMajor;
    out.count = out.column_major ? l.columns : l.rows;
    out.components = out.column_major ? l.rows : l.columns;
    std::uint32_t bytes = scalar_bytes(l.scalar);
    out.width = l.matrix_stride ? l.matrix_stride / bytes : out.components;
    return out;
}

std::string swizzle_of(std::uint32_t n) { return std::string("xyzw").substr(0, n); }

}  // namespace

namespace {

// An integer or bool matrix (an array of rows in registers) from its stored lines: a row-major
// row is a line, less its padding lanes; a column-major row takes one lane of every line.
std::string load_rows_from(Printer& p, const std::string& x, const Lines& lines, const sema::MatrixType* m) {
    std::string e = p.scalar_name(m->element);
    std::string s = p.type_name(m) + "{";
    for (std::uint32_t r = 0; r < m->rows; ++r) {
        s += r ? ", " : "";
        if (!lines.column_major) {
            s += textgen::format(FMT_COMPILE("{}{}({}[{}])"), e, lines.width, x, r);
            if (lines.width != lines.components) s.append(".").append(swizzle_of(lines.components));
            continue;
        }
        s += textgen::format(FMT_COMPILE("{}{}("), e, m->cols);
        for (std::uint32_t c = 0; c < m->cols; ++c) s += textgen::format(FMT_COMPILE("{}{}[{}].{}"), c ? ", " : "", x, c, "xyzw"[r]);
        s += ")";
    }
    return s + "}";
}

void store_rows_to(Printer& p, const std::string& x, const Lines& lines, const sema::MatrixType* m,
                   const std::string& v) {
    std::string e = p.scalar_name(m->element);
    std::string tmp = p.local_names_.fresh("m");
    p.out_.line_of(p.type_name(m), " ", tmp, " = ", v, ";");
    for (std::uint32_t k = 0; k < lines.count; ++k) {
        // Line k: row k, or column k gathered from the rows; padding lanes are zeros.
        std::string line = textgen::format(FMT_COMPILE("{}{}("), e, lines.width);
        for (std::uint32_t c = 0; c < lines.components; ++c)
            line += (c ? ", " : "") + (lines.column_major ? textgen::format(FMT_COMPILE("{}[{}].{}"), tmp, c, "xyzw"[k])
                                                          : textgen::format(FMT_COMPILE("{}[{}].{}"), tmp, k, "xyzw"[c]));
        for (std::uint32_t c = lines.components; c < lines.width; ++c) line += ", " + e + "(0)";
        p.out_.format_line(FMT_COMPILE("{}[{}] = {});"), x, k, line);
    }
}

}  // namespace

std::string Printer::layout_type(const TypeLayout* l) {
    switch (l->kind) {
    case LayoutKind::Scalar: {
        const sema::ScalarType* s = l->type ? sema::component_type(l->type) : nullptr;
        if (l->scalar == sema::ScalarKind::Bool) return "uint";
        return s ? scalar_name(s) : "uint";
    }
    case LayoutKind::Vector: {
        const sema::ScalarType* s = sema::component_type(l->type);
        std::string e = s ? scalar_name(s) : "uint";
        if (l->scalar == sema::ScalarKind::Bool) e = "uint";
        if (l->components == 1) return e;
        if (scalar_bytes(l->scalar) == 8) {
            fail(support::DiagCode::msl_64bit_types,
                 "MSL has no packed 64-bit integer vectors, so a long or ulong vector cannot sit at its offset in a "
                 "buffer. Use scalars, or compile this shader for SPIR-V only.");
            return e;
        }
        return textgen::format(FMT_COMPILE("packed_{}{}"), e, l->components);
    }
    case LayoutKind::Matrix: {
        Lines lines = matrix_lines(*l);
        const sema::ScalarType* s = sema::component_type(l->type);
        if (lines.width > 4 || lines.width < lines.components) {
            unsupported("a buffer matrix whose stride is not a whole vector of its components");
            return "float";
        }
        return textgen::format(FMT_COMPILE("packed_{}{}"), s ? scalar_name(s) : "float", lines.width);
    }
    case LayoutKind::Array: {
        return layout_type(l->element);
    }
    case LayoutKind::Struct: {
        declare_layout_struct(l);
        return layout_names_.find(l)->second;
    }
    }
    return "uint";
}

namespace {

// `T name[n]...` for a laid-out value; arrays whose elements carry padding use a wrapper struct
// `E_strideN { E value; uchar _pad[...]; }`.
struct Declarator {
    Printer& p;
    std::string operator()(const TypeLayout* l, const std::string& name) {
        if (l->kind == LayoutKind::Array) {
            if (l->length == 0) {
                p.unsupported("unbounded arrays inside buffer structs");
                return "uint " + name;
            }
            if (l->stride > l->element->size)
                return wrapper(l->element, l->stride) + " " + name + textgen::format(FMT_COMPILE("[{}]"), l->length);
            return (*this)(l->element, name + textgen::format(FMT_COMPILE("[{}]"), l->length));
        }
        if (l->kind == LayoutKind::Matrix) return p.layout_type(l) + " " + name + textgen::format(FMT_COMPILE("[{}]"), matrix_lines(*l).count);
        return textgen::cat(p.layout_type(l), ' ', name);
    }
    std::string wrapper(const TypeLayout* element, std::uint32_t stride) {
        std::string name = textgen::format(FMT_COMPILE("{}_stride{}"), p.layout_type(element), stride);
        if (p.declared_helpers_.insert("struct " + name).second) {
            std::string inner = (*this)(element, "value");
            p.decls_.open("struct " + name + " {");
            p.decls_.line_of(inner, ";");
            p.decls_.format_line(FMT_COMPILE("uchar _pad[{}];"), stride - element->size);
            p.decls_.close("};");
            p.decls_.line("#ifdef ONESHADER_CHECK_LAYOUT");
            p.decls_.format_line(FMT_COMPILE("static_assert(sizeof({0}) == {1}, \"{0} size\");"), name, stride);
            p.decls_.line("#endif");
            p.decls_.line("");
        }
        return name;
    }
};

}  // namespace

std::string layout_declarator(Printer& p, const TypeLayout* l, const std::string& name) {
    return Declarator{p}(l, name);
}

std::string element_wrapper(Printer& p, const TypeLayout* element, std::uint32_t stride) {
    return Declarator{p}.wrapper(element, stride);
}

std::string layout_member_name(std::string_view source) {
    std::string n = textgen::legal_name(textgen::NameTarget::Msl, source);
    return n == "base" ? "base0" : n;
}

void Printer::declare_layout_struct(const TypeLayout* l) {
    if (layout_names_.find(l)) return;
    std::vector<textgen::PaddedStruct> all = textgen::pad_structs(*l);
    for (const textgen::PaddedStruct& s : all) {
        if (layout_names_.find(s.layout)) continue;
        std::string name = file_names_.fresh(std::string(s.name.empty() ? std::string_view("anon") : s.name) + "_mem");
        layout_names_.insert(s.layout, name);
        std::vector<std::string> lines;
        lines.reserve(s.members.size());
        // Each member's name, worked out once for its declaration and its offset check.
        std::vector<std::string> members(s.members.size());
        for (std::size_t k = 0; k < s.members.size(); ++k) {
            const textgen::PaddedMember& m = s.members[k];
            if (m.is_padding()) {
                lines.push_back(textgen::cat("uchar ", m.name, '[', textgen::Decimal(m.size), "];"));
                continue;
            }
            members[k] = m.source_index == sema::MemberLayout::kBaseMember ? "base" : layout_member_name(m.name);
            const std::string& member = members[k];
            if (textgen::printed_size(*m.layout) != m.size) {
                unsupported(textgen::format(FMT_COMPILE("the buffer member '{}', an array or matrix without padding after its last "
                                        "element (the cbuffer packing of -fvk-use-dx-layout)"),
                                        m.name),
                            "Use an array of 16-byte elements (float4) or a matrix of 4-component columns");
                return;
            }
            lines.push_back(layout_declarator(*this, m.layout, member));
            lines.back() += ';';
        }
        decls_.open("struct " + name + " {");
        for (const std::string& line : lines) decls_.line(line);
        decls_.close("};");
        decls_.line("#ifdef ONESHADER_CHECK_LAYOUT");
        decls_.line_of("static_assert(sizeof(", name, ") == ", textgen::Decimal(s.size), ", \"", name, " size\");");
        for (std::size_t k = 0; k < s.members.size(); ++k) {
            const textgen::PaddedMember& m = s.members[k];
            if (m.is_padding()) continue;
            const std::string& member = members[k];
            decls_.line_of("static_assert(__builtin_offsetof(", name, ", ", member, ") == ", textgen::Decimal(m.offset), ", \"",
                           name, '.', member, " offset\");");
        }
        decls_.line("#endif");
        decls_.line("");
    }
}

namespace {

std::string space_qualifier(sema::AddressSpace s) {
    switch (s) {
    case sema::AddressSpace::Uniform:
    case sema::AddressSpace::PushConstant: return "constant";
    case sema::AddressSpace::StorageBuffer: return "device";
    case sema::AddressSpace::Workgroup: return "threadgroup";
    default: return "thread";
    }
}

}  // namespace

// Each laid-out member of a buffer struct with its register-form counterpart.
template <class F> void Printer::for_each_member(const TypeLayout* l, const sema::StructType* s, F&& f) {
    for (const sema::MemberLayout& m : l->members) {
        bool base = m.source_index == sema::MemberLayout::kBaseMember;
        MemberPair p;
        p.stored = base ? "base" : layout_member_name(m.name);
        p.reg = base ? "base" : member_name(s, s->base ? m.source_index + 1 : m.source_index);
        p.layout = m.type;
        p.type = base ? s->base : s->members[m.source_index].type;
        f(p);
    }
}

std::string Printer::load_from(const std::string& x, const TypeLayout* l, const sema::Type* t,
                               sema::AddressSpace space) {
    t = t->value_type();
    switch (l->kind) {
    case LayoutKind::Scalar:
        if (const auto* s = t->as<sema::ScalarType>(); s && l->scalar != s->scalar && l->scalar != sema::ScalarKind::Bool)
            return textgen::cat(type_name(t), '(', x, ')');
        return x;
    case LayoutKind::Vector: return l->components == 1 ? x : textgen::cat(type_name(t), '(', x, ')');
    case LayoutKind::Matrix: {
        Lines lines = matrix_lines(*l);
        const auto* m = t->as<sema::MatrixType>();
        if (!m) break;
        std::string e = scalar_name(m->element);
        if (row_array(m)) return load_rows_from(*this, x, lines, m);
        std::string args;
        for (std::uint32_t k = 0; k < lines.count; ++k) {
            if (k) args += ", ";
            std::string line = textgen::format(FMT_COMPILE("{}{}({}[{}])"), e, lines.width, x, k);
            if (lines.width != lines.components) {
                line += '.';
                line += swizzle_of(lines.components);
            }
            args += line;
        }
        if (lines.column_major) return textgen::format(FMT_COMPILE("transpose({}{}x{}({}))"), e, lines.count, lines.components, args);
        return textgen::format(FMT_COMPILE("{}{}x{}({})"), e, lines.count, lines.components, args);
    }
    case LayoutKind::Array:
    case LayoutKind::Struct: {
        // A helper per layout, register type and address space.
        std::string key = textgen::format(FMT_COMPILE("load {} {} {}"), static_cast<const void*>(l), static_cast<const void*>(t),
                                      static_cast<int>(space));
        auto it = helper_names_.find(key);
        std::string fn;
        if (it != helper_names_.end()) {
            fn = it->second;
        } else {
            fn = file_names_.fresh("load_" + (l->kind == LayoutKind::Struct ? std::string(layout_type(l)) : "array"));
            helper_names_[key] = fn;
            std::string rt = type_name(t);
            std::string qual = space == sema::AddressSpace::StorageBuffer ? "const device" : space_qualifier(space);
            textgen::TextWriter w;
            w.format_line(FMT_COMPILE("static {} {}({} {})"), rt, fn, qual, layout_declarator(*this, l, "(&x)"));
            w.open("{");
            w.line_of(rt, " r;");
            if (l->kind == LayoutKind::Array) {
                const auto* a = t->as<sema::ArrayType>();
                std::string elem = l->stride > l->element->size ? "x[i].value" : "x[i]";
                w.format_line(FMT_COMPILE("for (uint i = 0; i < {}u; ++i)"), l->length);
                w.indent();
                w.line_of("r[i] = ", load_from(elem, l->element, a ? a->element : t, space), ";");
                w.dedent();
            } else if (const auto* s = t->as<sema::StructType>()) {
                for_each_member(l, s, [&](const MemberPair& m) {
                    w.line_of("r.", m.reg, " = ", load_from("x." + m.stored, m.layout, m.type, space), ";");
                });
            }
            w.line("return r;");
            w.close("}");
            w.line("");
            helpers_ += w.text();
        }
        return fn + "(" + x + ")";
    }
    }
    return x;
}

void Printer::store_to(const std::string& x, const TypeLayout* l, const sema::Type* t, const std::string& v) {
    t = t->value_type();
    switch (l->kind) {
    case LayoutKind::Scalar:
    case LayoutKind::Vector: out_.line_of(x, " = ", v, ';'); return;
    case LayoutKind::Matrix: {
        Lines lines = matrix_lines(*l);
        const auto* m = t->as<sema::MatrixType>();
        if (!m) return;
        std::string e = scalar_name(m->element);
        if (row_array(m)) {
            store_rows_to(*this, x, lines, m, v);
            return;
        }
        std::string tmp = local_names_.fresh("m");
        if (lines.column_major)
            out_.format_line(FMT_COMPILE("{}{}x{} {} = transpose({});"), e, lines.count, lines.components, tmp, v);
        else
            out_.line_of(type_name(t), ' ', tmp, " = ", v, ';');
        for (std::uint32_t k = 0; k < lines.count; ++k) {
            std::string line = textgen::cat(tmp, '[', textgen::Decimal(k), ']');
            if (lines.width != lines.components) {
                line = textgen::format(FMT_COMPILE("{}{}({}"), e, lines.width, line);
                for (std::uint32_t c = lines.components; c < lines.width; ++c) line += ", " + e + "(0)";
                line += ")";
            }
            out_.line_of(x, '[', textgen::Decimal(k), "] = ", line, ';');
        }
        return;
    }
    case LayoutKind::Array:
    case LayoutKind::Struct: {
        std::string key = textgen::format(FMT_COMPILE("store {} {}"), static_cast<const void*>(l), static_cast<const void*>(t));
        auto it = helper_names_.find(key);
        std::string fn;
        if (it != helper_names_.end()) {
            fn = it->second;
        } else {
            fn = file_names_.fresh("store_" + (l->kind == LayoutKind::Struct ? std::string(layout_type(l)) : "array"));
            helper_names_[key] = fn;
            // The helper's body is printed with out_ swapped for a fresh writer.
            textgen::TextWriter saved = std::move(out_);
            textgen::Namer saved_names = local_names_;
            out_ = textgen::TextWriter();
            out_.format_line(FMT_COMPILE("static void {}(device {}, {} v)"), fn, layout_declarator(*this, l, "(&x)"), type_name(t));
            out_.open("{");
            if (l->kind == LayoutKind::Array) {
                const auto* a = t->as<sema::ArrayType>();
                std::string elem = l->stride > l->element->size ? "x[i].value" : "x[i]";
                out_.open(textgen::format(FMT_COMPILE("for (uint i = 0; i < {}u; ++i) {{"), l->length));
                store_to(elem, l->element, a ? a->element : t, "v[i]");
                out_.close("}");
            } else if (const auto* s = t->as<sema::StructType>()) {
                for_each_member(l, s, [&](const MemberPair& m) { store_to("x." + m.stored, m.layout, m.type, "v." + m.reg); });
            }
            out_.close("}");
            out_.line("");
            helpers_ += out_.text();
            out_ = std::move(saved);
            local_names_ = saved_names;
        }
        out_.line_of(fn, "(", x, ", ", v, ");");
        return;
    }
    }
}

const TypeLayout* Printer::buffer_layout(const ir::Global* g) {
    const sema::Type* t = g->value_type();
    if (const auto* a = t->as<sema::ArrayType>()) t = a->element;
    const auto* r = t->as<sema::ResourceType>();
    if (!r) return nullptr;
    using sema::ResourceKind;
    if (sema::is_block_buffer(r->resource)) {
        bool storage = g->space() == sema::AddressSpace::PushConstant || r->resource == ResourceKind::TextureBuffer;
        return r->element ? layouts_.layout(r->element, storage ? sema::LayoutRule::Storage : sema::LayoutRule::Constant)
                          : nullptr;
    }
    if (sema::is_structured_buffer(r->resource))
        return r->element ? layouts_.layout(r->element, sema::LayoutRule::Storage) : nullptr;
    if (sema::is_byte_address_buffer(r->resource))
        return layouts_.layout(module_.types().scalar(sema::ScalarKind::UInt), sema::LayoutRule::Storage);
    return nullptr;
}

}  // namespace oneshader::msl
