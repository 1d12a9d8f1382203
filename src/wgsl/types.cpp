// Types and constants. HLSL `floatRxC` is `matRxC<f32>`: R columns of C components, so HLSL row
// i is WGSL column i (spec page "The WGSL backend": matrices are transposed, as in SPIR-V); an
// integer or bool `intRxC` is `array<vecC<i32>, R>`, so row i is element i there too; one-row or
// one-column matrices are vectors and one-component vectors scalars.
#include <fmt/compile.h>
#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "types/types_query.hpp"
#include "wgsl/printer.hpp"
#include "textgen/format.hpp"

namespace oneshader::wgsl {

std::string Printer::scalar(const sema::ScalarType* s) {
    using K = sema::ScalarKind;
    switch (s->scalar) {
        case K::Bool: return "bool";
        case K::Int: case K::Min16Int: case K::Min12Int: case K::LiteralInt:
            if (s->bits == 16) {
                refuse("WGSL has no 16-bit integer types (only f16). Use int or uint, or compile this shader for "
                       "SPIR-V or MSL only.");
            }
            return "i32";
        case K::UInt: case K::Min16UInt:
            if (s->bits == 16) {
                refuse("WGSL has no 16-bit integer types (only f16). Use int or uint, or compile this shader for "
                       "SPIR-V or MSL only.");
            }
            return "u32";
        case K::Float: case K::LiteralFloat: return "f32";
        case K::Half: case K::Min16Float: case K::Min10Float:
            if (s->bits == 16) {
                f16_ = true;
                return "f16";
            }
            return "f32";
        case K::Int16: case K::UInt16:
            refuse("WGSL has no 16-bit integer types (only f16). Use int or uint, or compile this shader for SPIR-V "
                   "or MSL only.");
            return "i32";
        case K::Double:
            refuse("WGSL has no 64-bit floating-point type. Use float, or compile this shader for SPIR-V only.");
            return "f32";
        case K::Int64: case K::UInt64:
            refuse("WGSL has no 64-bit integer types. Use int or uint (or a uint2 pair), or compile this shader for "
                   "SPIR-V or MSL only.");
            return "i32";
    }
    return "i32";
}

namespace {

// Vector and matrix sizes are 1..4: one digit each. Built by hand: fmt parses its format string on
// every call, and this is the printer's most frequent string.
char digit(std::uint32_t n) { return static_cast<char>('0' + n); }

std::string vec_name(std::uint32_t n, std::string_view element) {
    std::string out;
    out.reserve(6 + element.size());
    out += "vec";
    out += digit(n);
    out += '<';
    out += element;
    out += '>';
    return out;
}

}  // namespace

std::string Printer::type(const sema::Type* t) {
    switch (t->kind()) {
        case sema::TypeKind::Scalar: return scalar(static_cast<const sema::ScalarType*>(t));
        case sema::TypeKind::Vector: {
            const auto* v = static_cast<const sema::VectorType*>(t);
            if (v->count == 1) return scalar(v->element);
            return vec_name(v->count, scalar(v->element));
        }
        case sema::TypeKind::Matrix: {
            const auto* m = static_cast<const sema::MatrixType*>(t);
            std::string e = scalar(m->element);
            if (m->rows == 1 && m->cols == 1) return e;
            if (m->rows == 1) return vec_name(m->cols, e);
            if (m->cols == 1) return vec_name(m->rows, e);
            // WGSL matrices hold floats only: an integer or bool matrix is the array of its rows (matrices.cpp).
            if (row_array(m)) return textgen::format(FMT_COMPILE("array<vec{}<{}>, {}>"), m->cols, e, m->rows);
            std::string out = "mat";
            out += digit(m->rows);
            out += 'x';
            out += digit(m->cols);
            out += '<';
            out += e;
            out += '>';
            return out;
        }
        case sema::TypeKind::Array: {
            const auto* a = static_cast<const sema::ArrayType*>(t);
            std::string out = "array<";
            out += type(a->element);
            if (a->length != 0) {
                out += ", ";
                out += std::to_string(a->length);
            }
            out += '>';
            return out;
        }
        case sema::TypeKind::Struct: return declare_struct(static_cast<const sema::StructType*>(t));
        case sema::TypeKind::Void: return "void";
        default:
            malformed("a value of a type WGSL values cannot have (a resource, function or pointer)");
            return "i32";
    }
}

std::string Printer::struct_member(const sema::StructType* s, std::uint32_t index) {
    declare_struct(s);
    if (s->base) {
        if (index == 0) return "base";
        --index;
    }
    if (index >= s->members.size()) return textgen::format(FMT_COMPILE("m{}"), index);
    return textgen::legal_name(textgen::NameTarget::Wgsl, s->members[index].name.str());
}

std::string Printer::declare_struct(const sema::StructType* s) {
    auto known = struct_names_.find(s);
    if (known != struct_names_.end()) return known->second;
    std::string name = names_.fresh(s->name.str().empty() ? std::string_view("anon") : s->name.str());
    struct_names_[s] = name;
    // Member types first: a struct's declaration may name structs declared after it in WGSL, but
    // declaring them first keeps the text in dependency order.
    std::vector<std::pair<std::string, std::string>> members;
    members.reserve(s->members.size() + 1);
    textgen::Namer member_names{textgen::NameTarget::Wgsl};
    if (s->base) members.push_back({member_names.fresh("base"), type(s->base)});
    for (const sema::StructMember& m : s->members) {
        if (m.type->is<sema::ResourceType>() || sema::contains_resource(m.type)) {
            refuse(textgen::format(FMT_COMPILE("the struct '{}' holds a resource; WGSL structs cannot. Declare the resource at "
                               "global scope instead"),
                               s->name.str()));
            continue;
        }
        members.push_back({member_names.fresh(m.name.str()), type(m.type)});
    }
    if (members.empty()) members.push_back({"_empty", "u32"});
    std::string text = "struct " + name + " {\n";
    for (const auto& [n, t] : members) textgen::append_all(text, "    ", n, ": ", t, ",\n");
    text += "}\n\n";
    structs_ += text;
    return name;
}

namespace {

std::string float_literal(std::uint32_t bits, const char* suffix) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    if (std::isnan(f) || std::isinf(f)) return textgen::format(FMT_COMPILE("bitcast<f32>({:#x}u)"), bits);
    std::string s = textgen::format(FMT_COMPILE("{}"), f);
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s + suffix;
}

}  // namespace

void Printer::append_constant(std::string& out, const ir::Constant* c) {
    if (c->constant_kind != ir::ConstantKind::Composite) {
        out += constant(c);
        return;
    }
    const sema::Type* t = c->type();
    textgen::append_all(out, type(t), '(');
    // One-row/one-column matrices are vectors: their rows flatten into components.
    const auto* m = t->as<sema::MatrixType>();
    bool flatten = m && (m->rows == 1 || m->cols == 1);
    bool first = true;
    for (const ir::Constant* e : c->elements) {
        if (flatten && e->constant_kind == ir::ConstantKind::Composite) {
            for (const ir::Constant* x : e->elements) {
                if (!first) out += ", ";
                append_constant(out, x);
                first = false;
            }
            continue;
        }
        if (!first) out += ", ";
        if (flatten && !e->is_scalar()) {
            textgen::append_all(out, type(sema::component_type(t)), '(');
            append_constant(out, e);
            out += ')';
        } else {
            append_constant(out, e);
        }
        first = false;
    }
    out += ')';
}

std::string Printer::constant(const ir::Constant* c) {
    const sema::Type* t = c->type();
    switch (c->constant_kind) {
        case ir::ConstantKind::Zero:
        case ir::ConstantKind::Undef: return zero(t);
        case ir::ConstantKind::Scalar: break;
        case ir::ConstantKind::Composite: {
            std::string s;
            append_constant(s, c);
            return s;
        }
    }
    const auto* s = sema::component_type(t);
    std::string ty = type(t);
    if (!s) return ty + "()";
    using K = sema::ScalarKind;
    std::string v;
    if (s->scalar == K::Bool) {
        v = c->bits ? "true" : "false";
    } else if (ty == "f16") {
        // The IR holds a half as its 16 bits.
        std::uint16_t h = static_cast<std::uint16_t>(c->bits);
        std::uint32_t sign = (h >> 15) & 1, e = (h >> 10) & 31, m = h & 1023;
        float f = e == 0 ? std::ldexp(float(m), -24) : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(float(m | 1024), int(e) - 25);
        if (sign) f = -f;
        std::uint32_t bits;
        std::memcpy(&bits, &f, sizeof f);
        v = e == 31 ? textgen::format(FMT_COMPILE("bitcast<vec2<f16>>({:#x}u).x"), std::uint32_t(h)) : float_literal(bits, "h");
    } else if (ty == "f32" || sema::is_float_kind(s->scalar)) {
        v = float_literal(static_cast<std::uint32_t>(c->bits), "f");
    } else if (ty == "i32") {
        auto x = static_cast<std::int32_t>(static_cast<std::uint32_t>(c->bits));
        v = x == INT32_MIN ? "i32(-2147483647 - 1)" : textgen::format(FMT_COMPILE("{}i"), x);
    } else {
        v = textgen::format(FMT_COMPILE("{}u"), static_cast<std::uint32_t>(c->bits));
    }
    if (t->is<sema::ScalarType>() || sema::component_count(t) == 1) return v;
    return ty + "(" + v + ")";
}

std::string Printer::zero(const sema::Type* t) { return type(t) + "()"; }

std::string Printer::convert(const std::string& expr, const sema::Type* from, const sema::Type* to) {
    if (from == to) return expr;
    std::string a = type(from), b = type(to);
    if (a == b) return expr;
    return b + "(" + expr + ")";
}

}  // namespace oneshader::wgsl
