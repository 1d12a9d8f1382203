// Type names and constants in Metal's spelling. HLSL `floatRxC` is MSL `floatRxC` (R columns of C
// components, so `m[i]` is HLSL row i), and `intRxC` is `array<intC, R>` (its rows); arrays in registers are `array<T, N>` so that they copy
// and return as values; groupshared arrays are C arrays (clang calls no member function on an
// object in the threadgroup space).
#include <fmt/compile.h>
#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "msl/printer.hpp"
#include "types/types_query.hpp"
#include "textgen/format.hpp"

namespace oneshader::msl {

using sema::ScalarKind;

std::string Printer::scalar_name(const sema::ScalarType* s) {
    switch (s->scalar) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Int:
    case ScalarKind::LiteralInt:
    case ScalarKind::Min16Int:
    case ScalarKind::Min12Int: return "int";
    case ScalarKind::UInt:
    case ScalarKind::Min16UInt: return "uint";
    case ScalarKind::Float:
    case ScalarKind::LiteralFloat:
    case ScalarKind::Min16Float:
    case ScalarKind::Min10Float: return "float";
    // Without -enable-16bit-types HLSL's half is a 32-bit float, as in the SPIR-V.
    case ScalarKind::Half: return s->bits == 16 ? "half" : "float";
    case ScalarKind::Int16: return "short";
    case ScalarKind::UInt16: return "ushort";
    case ScalarKind::Int64: return "long";
    case ScalarKind::UInt64: return "ulong";
    case ScalarKind::Double:
        fail(support::DiagCode::msl_64bit_types,
             "MSL has no 64-bit floating-point type. Use float, or compile this shader for SPIR-V only.");
        return "float";
    }
    return "float";
}

std::string Printer::type_name(const sema::Type* t) {
    t = t->value_type();
    switch (t->kind()) {
    case sema::TypeKind::Void: return "void";
    case sema::TypeKind::Scalar: return scalar_name(t->as<sema::ScalarType>());
    case sema::TypeKind::Vector: {
        const auto* v = t->as<sema::VectorType>();
        std::string s = scalar_name(v->element);
        return v->count == 1 ? s : s + std::to_string(v->count);
    }
    case sema::TypeKind::Matrix: {
        const auto* m = t->as<sema::MatrixType>();
        if (m->rows == 1 || m->cols == 1) {
            unsupported("matrices with one row or one column", "Use a vector");
            return "float4x4";
        }
        // Metal matrices hold float and half only: an integer or bool one is the array of its
        // HLSL rows (matrices.cpp), so `m[i]` is row i as in a float matrix.
        if (row_array(m)) return textgen::format(FMT_COMPILE("array<{}{}, {}>"), scalar_name(m->element), m->cols, m->rows);
        return textgen::format(FMT_COMPILE("{}{}x{}"), scalar_name(m->element), m->rows, m->cols);
    }
    case sema::TypeKind::Array: {
        const auto* a = t->as<sema::ArrayType>();
        if (a->length == 0) {
            unsupported("unbounded arrays");
            return "int";
        }
        return textgen::format(FMT_COMPILE("array<{}, {}>"), type_name(a->element), a->length);
    }
    case sema::TypeKind::Struct: {
        const auto* s = t->as<sema::StructType>();
        declare_struct(s);
        return struct_name(s);
    }
    case sema::TypeKind::Resource: return texture_type(nullptr, t->as<sema::ResourceType>());
    case sema::TypeKind::Pointer: return type_name(t->as<sema::PointerType>()->pointee);
    case sema::TypeKind::Function: break;
    }
    fail(support::DiagCode::msl_malformed_input, "a function type as a value");
    return "int";
}

std::string Printer::declare(const sema::Type* t, const std::string& name) {
    t = t->value_type();
    if (const auto* a = t->as<sema::ArrayType>()) return declare(a->element, textgen::format(FMT_COMPILE("{}[{}]"), name, a->length));
    return type_name(t) + " " + name;
}

std::string Printer::struct_name(const sema::StructType* s) {
    if (auto* e = struct_names_.find(s)) return e->second;
    std::string n = file_names_.fresh(s->name.str().empty() ? std::string_view("anon") : s->name.str());
    struct_names_.insert(s, n);
    return n;
}

std::string Printer::member_name(const sema::StructType* s, std::uint32_t index) {
    if (s->base) {
        if (index == 0) return "base";
        --index;
    }
    if (index >= s->members.size()) {
        fail(support::DiagCode::msl_malformed_input, "a struct member index out of range");
        return "base";
    }
    std::string n = textgen::legal_name(textgen::NameTarget::Msl, s->members[index].name.str());
    // `base` names the base struct's member.
    return n == "base" ? "base0" : n;
}

void Printer::declare_struct(const sema::StructType* s) {
    if (declared_structs_.count(s)) return;
    declared_structs_.insert(s);
    if (s->base) declare_struct(s->base);
    for (const sema::StructMember& m : s->members) {
        const sema::Type* t = sema::innermost_element(m.type);
        if (const auto* inner = t->as<sema::StructType>()) declare_struct(inner);
    }
    std::string name = struct_name(s);
    decls_.open("struct " + name + " {");
    if (s->base) decls_.line_of(struct_name(s->base), " base;");
    for (std::uint32_t k = 0; k < s->members.size(); ++k)
        decls_.line(type_name(s->members[k].type) + " " + member_name(s, s->base ? k + 1 : k) + ";");
    decls_.close("};");
    decls_.line("");
}

std::string Printer::scalar_literal(const sema::ScalarType* s, std::uint64_t bits) {
    switch (s->scalar) {
    case ScalarKind::Bool: return bits ? "true" : "false";
    case ScalarKind::Int:
    case ScalarKind::LiteralInt:
    case ScalarKind::Min16Int:
    case ScalarKind::Min12Int: {
        auto v = static_cast<std::int32_t>(static_cast<std::uint32_t>(bits));
        if (v == INT32_MIN) return "(-2147483647 - 1)";
        return std::to_string(v);
    }
    case ScalarKind::UInt:
    case ScalarKind::Min16UInt: return std::to_string(static_cast<std::uint32_t>(bits)) + "u";
    case ScalarKind::Int16: return textgen::format(FMT_COMPILE("short({})"), static_cast<std::int16_t>(bits));
    case ScalarKind::UInt16: return textgen::format(FMT_COMPILE("ushort({})"), static_cast<std::uint16_t>(bits));
    case ScalarKind::Int64: {
        auto v = static_cast<std::int64_t>(bits);
        if (v == INT64_MIN) return "(-9223372036854775807l - 1)";
        return std::to_string(v) + "l";
    }
    case ScalarKind::UInt64: return std::to_string(bits) + "ul";
    case ScalarKind::Half: {
        if (s->bits != 16) return scalar_literal(module_.types().scalar(ScalarKind::Float), bits);
        // Exact: every half is a float.
        std::uint32_t h = static_cast<std::uint32_t>(bits) & 0xFFFFu;
        std::uint32_t sign = (h >> 15) << 31, exp = (h >> 10) & 31u, man = h & 0x3FFu;
        if (exp == 31) return textgen::format(FMT_COMPILE("as_type<half>(ushort({}))"), h);
        float f;
        if (exp == 0) {
            f = static_cast<float>(man) * 0x1p-24f;
            if (sign) f = -f;
        } else {
            std::uint32_t b = sign | ((exp + 112u) << 23) | (man << 13);
            std::memcpy(&f, &b, 4);
        }
        std::string t = textgen::format(FMT_COMPILE("{}"), f);
        if (t.find_first_of(".e") == std::string::npos) t += ".0";
        return "half(" + t + "f)";
    }
    case ScalarKind::Double:
        fail(support::DiagCode::msl_64bit_types,
             "MSL has no 64-bit floating-point type. Use float, or compile this shader for SPIR-V only.");
        return "0.0f";
    case ScalarKind::Float:
    case ScalarKind::LiteralFloat:
    case ScalarKind::Min16Float:
    case ScalarKind::Min10Float: {
        std::uint32_t b = static_cast<std::uint32_t>(bits);
        if (((b >> 23) & 0xFFu) == 0xFFu) return textgen::format(FMT_COMPILE("as_type<float>({}u)"), b);
        float f;
        std::memcpy(&f, &b, 4);
        std::string t = textgen::format(FMT_COMPILE("{}"), f);
        if (t.find_first_of(".e") == std::string::npos) t += ".0";
        return t + "f";
    }
    }
    return "0";
}

std::string Printer::constant(const ir::Constant* c) {
    const sema::Type* t = c->type()->value_type();
    if (c->constant_kind == ir::ConstantKind::Scalar) {
        const auto* s = sema::component_type(t);
        return s ? scalar_literal(s, c->bits) : "0";
    }
    if (c->constant_kind == ir::ConstantKind::Zero || c->constant_kind == ir::ConstantKind::Undef) {
        if (const auto* s = t->as<sema::ScalarType>()) return scalar_literal(s, 0);
        if (const auto* v = t->as<sema::VectorType>())
            return v->count == 1 ? scalar_literal(v->element, 0) : type_name(t) + "(" + scalar_literal(v->element, 0) + ")";
        if (const auto* st = t->as<sema::StructType>()) declare_struct(st);
        return type_name(t) + "{}";
    }
    std::string out;
    for (const ir::Constant* e : c->elements) {
        if (!out.empty()) out += ", ";
        out += constant(e);
    }
    if (const auto* v = t->as<sema::VectorType>(); v && v->count == 1) return out;
    if (t->is<sema::VectorType>() || (t->is<sema::MatrixType>() && !row_array(t))) return textgen::cat(type_name(t), '(', out, ')');
    if (const auto* st = t->as<sema::StructType>()) declare_struct(st);
    return textgen::cat(type_name(t), '{', out, '}');
}

}  // namespace oneshader::msl
