// Types, constants and operands of the IR text form.
#include <charconv>

#include "ir/float_bits.hpp"
#include "ir/text_parser_impl.hpp"
#include "ir/type_rules.hpp"
#include "types/scalar_spelling.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::ir::text {

namespace {

std::optional<sema::AddressSpace> space_from_name(std::string_view s) {
    for (std::uint8_t i = 0; i <= static_cast<std::uint8_t>(sema::AddressSpace::Output); ++i)
        if (sema::address_space_name(static_cast<sema::AddressSpace>(i)) == s) return static_cast<sema::AddressSpace>(i);
    return std::nullopt;
}

// Elements a composite constant of `t` has; nullopt when `t` has no composite constants.
std::optional<std::size_t> element_count(const sema::Type* t) {
    if (const auto* v = t->as<sema::VectorType>()) return v->count;
    if (const auto* m = t->as<sema::MatrixType>()) return m->rows;
    if (const auto* a = t->as<sema::ArrayType>()) return a->length ? std::optional<std::size_t>(a->length) : std::nullopt;
    if (const auto* s = t->as<sema::StructType>()) return s->members.size() + (s->base ? 1 : 0);
    return std::nullopt;
}

}  // namespace

bool Parser::starts_operand(const Token& t) {
    if (t.kind == Tok::Local || t.kind == Tok::Number) return true;
    if (t.kind != Tok::Ident) return false;
    return t.text != "offset" && t.text != "component" && t.text != "default";
}

sema::StructType* Parser::struct_named(std::string_view name, Ref at) {
    auto it = structs_.find(name);
    if (it != structs_.end()) return it->second.type;
    sema::StructType* s = types_.create_struct(interner_.intern(name));
    structs_.emplace(name, StructRecord{s, false, at});
    struct_order_.push_back(name);
    return s;
}

const sema::Type* Parser::parse_type(Cursor& c, int depth) {
    if (depth > kMaxDepth) {
        error(c.column(), "type nested too deeply");
        return nullptr;
    }
    Token t = c.peek();
    if (t.is_word("row_major") || t.is_word("column_major")) {
        c.next();
        const sema::Type* inner = parse_type(c, depth + 1);
        if (!inner) return nullptr;
        return types_.with_orientation(inner, t.text == "row_major" ? sema::MatrixOrientation::RowMajor
                                                                    : sema::MatrixOrientation::ColumnMajor);
    }
    const sema::Type* base = parse_base_type(c, depth);
    if (!base) return nullptr;
    std::vector<std::uint32_t> dims;
    while (c.peek().is('[')) {
        c.next();
        std::uint32_t n = 0;
        if (c.peek().kind == Tok::Number && !parse_u32(c, n)) return nullptr;
        if (!expect(c, ']', "']' after an array length")) return nullptr;
        if (dims.size() >= sema::kMaxArrayDimensions) {
            error(t.column, "too many array dimensions");
            return nullptr;
        }
        dims.push_back(n);
    }
    // `float[2][3]` is two arrays of three: build from the innermost dimension out.
    for (auto it = dims.rbegin(); it != dims.rend(); ++it) base = types_.array(base, *it);
    return base;
}

const sema::Type* Parser::parse_base_type(Cursor& c, int depth) {
    Token t = c.next();
    if (t.kind != Tok::Ident) {
        error(t.column, "expected a type");
        return nullptr;
    }
    auto scalar_arg = [&]() -> const sema::ScalarType* {
        const sema::Type* e = parse_type(c, depth + 1);
        if (!e) return nullptr;
        if (!e->is<sema::ScalarType>()) {
            error(t.column, "vector and matrix elements are scalars");
            return nullptr;
        }
        return e->as<sema::ScalarType>();
    };
    const sema::Type* result = nullptr;
    if (t.text == "void") return types_.void_type();
    if (t.text == "literal") {
        Token k = c.next();
        if (k.is_word("int")) return types_.scalar(sema::ScalarKind::LiteralInt);
        if (k.is_word("float")) return types_.scalar(sema::ScalarKind::LiteralFloat);
        error(k.column, "expected 'int' or 'float' after 'literal'");
        return nullptr;
    }
    if ((t.text == "vector" || t.text == "matrix") && c.peek().is('<')) {
        c.next();
        const sema::ScalarType* e = scalar_arg();
        std::uint32_t rows = 0, cols = 0;
        if (!e || !expect(c, ',', "','") || !parse_u32(c, rows)) return nullptr;
        if (t.text == "matrix" && (!expect(c, ',', "','") || !parse_u32(c, cols))) return nullptr;
        if (!expect(c, '>', "'>'")) return nullptr;
        result = t.text == "vector" ? static_cast<const sema::Type*>(types_.vector(e, rows))
                                    : types_.matrix(e, rows, cols);
    } else if (t.text == "ptr" && c.peek().is('<')) {
        c.next();
        Token s = c.next();
        std::optional<sema::AddressSpace> space = s.kind == Tok::Ident ? space_from_name(s.text) : std::nullopt;
        if (!space) {
            error(s.column, "expected an address space (function, private, workgroup, uniform, uniform_constant, "
                            "storage, push_constant, input, output)");
            return nullptr;
        }
        if (!expect(c, ',', "','")) return nullptr;
        const sema::Type* pointee = parse_type(c, depth + 1);
        if (!pointee || !expect(c, '>', "'>'")) return nullptr;
        result = types_.pointer(*space, pointee);
    } else if (std::optional<sema::ResourceKind> r = sema::resource_kind_from_name(t.text)
                                                          ? sema::resource_kind_from_name(t.text)
                                                          : sema::rasterizer_ordered_kind_from_name(t.text)) {
        bool rasterizer_ordered = !sema::resource_kind_from_name(t.text);
        const sema::Type* element = nullptr;
        std::uint32_t samples = 0;
        if (c.peek().is('<')) {
            c.next();
            element = parse_type(c, depth + 1);
            if (!element) return nullptr;
            if (c.peek().is(',')) {
                c.next();
                if (!parse_u32(c, samples)) return nullptr;
            }
            if (!expect(c, '>', "'>'")) return nullptr;
        }
        result = types_.resource(*r, element, samples, rasterizer_ordered);
    } else if (std::optional<sema::NumericSpelling> n = sema::lookup_numeric_spelling(types_, t.text)) {
        result = n->type;
    } else {
        result = struct_named(t.text, Ref{line_, t.column});
    }
    if (!result) error(t.column, "not a valid type");
    return result;
}

bool Parser::parse_literal(Cursor& c, Literal& out) {
    out.token = c.next();
    if (out.token.is_word("nan")) {
        std::int64_t bits = 0;
        if (!expect(c, '(', "'(' after nan")) return false;
        Token b = c.peek();
        if (b.kind != Tok::Number || !b.text.starts_with("0x")) return error(b.column, "expected nan(0x<bits>)");
        c.next();
        std::uint64_t v = 0;
        auto r = std::from_chars(b.text.data() + 2, b.text.data() + b.text.size(), v, 16);
        if (r.ec != std::errc() || r.ptr != b.text.data() + b.text.size()) return error(b.column, "bad nan bits");
        out.nan_bits = v;
        (void)bits;
        return expect(c, ')', "')'");
    }
    if (out.token.kind == Tok::Number) return true;
    if (out.token.is_word("true") || out.token.is_word("false") || out.token.is_word("inf") ||
        out.token.is_word("-inf"))
        return true;
    return error(out.token.column, "expected a constant");
}

Constant* Parser::scalar_from_literal(const Literal& lit, const sema::Type* type) {
    const Token& t = lit.token;
    const auto* s = type ? type->as<sema::ScalarType>() : nullptr;
    if (!s) {
        error(t.column, "a literal needs a scalar type, not '" + sema::type_name(type) + "'");
        return nullptr;
    }
    unsigned width = s->bits;
    if (s->scalar == sema::ScalarKind::Bool) {
        if (t.is_word("true") || t.is_word("false")) return m_.scalar_constant(s, t.text == "true");
        error(t.column, "a bool constant is true or false");
        return nullptr;
    }
    bool is_float = sema::is_float_kind(s->scalar);
    if (t.kind == Tok::Ident) {
        if (!is_float || t.text == "true" || t.text == "false") {
            error(t.column, std::string("'").append(t.text) + "' is not a constant of type " + sema::type_name(type));
            return nullptr;
        }
        if (t.text == "nan") {
            if (float_value(lit.nan_bits, width) == float_value(lit.nan_bits, width) ||
                mask_bits(lit.nan_bits, width) != lit.nan_bits) {
                error(t.column, "nan(...) needs the bits of a NaN of type " + sema::type_name(type));
                return nullptr;
            }
            return m_.scalar_constant(s, lit.nan_bits);
        }
        return m_.scalar_constant(s, float_bits(t.text == "inf" ? 1.0 / 0.0 : -1.0 / 0.0, width));
    }
    const char* b = t.text.data();
    const char* e = b + t.text.size();
    if (is_float) {
        std::from_chars_result r{};
        std::uint64_t bits = 0;
        if (width == 64) {
            double v = 0;
            r = std::from_chars(b, e, v);
            bits = float_bits(v, 64);
        } else {
            float v = 0;
            r = std::from_chars(b, e, v);
            bits = width == 16 ? half_from_float(v) : float_bits(v, 32);
        }
        if (r.ec == std::errc::result_out_of_range) {
            error(t.column, "'" + std::string(t.text) + "' is out of range for " + sema::type_name(type));
            return nullptr;
        }
        if (r.ec != std::errc() || r.ptr != e) {
            error(t.column, "bad float literal '" + std::string(t.text) + "'");
            return nullptr;
        }
        return m_.scalar_constant(s, bits);
    }
    if (t.text.find_first_of(".eE") != std::string_view::npos && !t.text.starts_with("0x")) {
        error(t.column, "'" + std::string(t.text) + "' is not an integer; the type is " + sema::type_name(type));
        return nullptr;
    }
    bool negative = t.text.starts_with('-');
    const char* digits = negative ? b + 1 : b;
    int base = 10;
    if (std::string_view(digits, e).starts_with("0x")) {
        base = 16;
        digits += 2;
    }
    std::uint64_t magnitude = 0;
    auto r = std::from_chars(digits, e, magnitude, base);
    if (r.ec != std::errc() || r.ptr != e) {
        error(t.column, "bad integer literal '" + std::string(t.text) + "'");
        return nullptr;
    }
    bool is_signed = sema::is_signed_kind(s->scalar);
    std::uint64_t limit = is_signed ? (std::uint64_t(1) << (width - 1)) - (negative ? 0 : 1)
                                    : (width >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << width) - 1);
    if ((negative && !is_signed) || magnitude > limit) {
        error(t.column, "'" + std::string(t.text) + "' is out of range for " + sema::type_name(type));
        return nullptr;
    }
    std::uint64_t bits = negative ? std::uint64_t(0) - magnitude : magnitude;
    return m_.scalar_constant(s, bits);
}

Constant* Parser::parse_constant(Cursor& c, int depth) {
    Token t = c.peek();
    bool literal_first = t.kind == Tok::Number || t.is_word("true") || t.is_word("false") || t.is_word("inf") ||
                         t.is_word("-inf") || t.is_word("nan");
    if (t.is_word("zero") || t.is_word("undef")) {
        c.next();
        if (!expect(c, ':', "':' and a type")) return nullptr;
        const sema::Type* type = parse_type(c, depth + 1);
        if (!type) return nullptr;
        return t.text == "zero" ? m_.zero_constant(type) : m_.undef_constant(type);
    }
    if (literal_first) {
        Literal lit;
        if (!parse_literal(c, lit) || !expect(c, ':', "':' and a type after a literal")) return nullptr;
        const sema::Type* type = parse_type(c, depth + 1);
        return type ? scalar_from_literal(lit, type) : nullptr;
    }
    const sema::Type* type = parse_type(c, depth + 1);
    if (!type) return nullptr;
    if (!c.peek().is('{')) {
        error(c.peek().column, "expected '{' and the elements of a " + sema::type_name(type) + " constant");
        return nullptr;
    }
    return parse_composite_body(c, type, depth + 1);
}

Constant* Parser::parse_element(Cursor& c, const sema::Type* type, int depth) {
    Token t = c.peek();
    if (t.is('{')) return parse_composite_body(c, type, depth + 1);
    if (t.is_word("zero") || t.is_word("undef")) {
        c.next();
        return t.text == "zero" ? m_.zero_constant(type) : m_.undef_constant(type);
    }
    Literal lit;
    if (!parse_literal(c, lit)) return nullptr;
    return scalar_from_literal(lit, type);
}

Constant* Parser::parse_composite_body(Cursor& c, const sema::Type* type, int depth) {
    if (depth > kMaxDepth) {
        error(c.column(), "constant nested too deeply");
        return nullptr;
    }
    Token open = c.next();  // '{'
    std::optional<std::size_t> count = element_count(type);
    if (!count) {
        error(open.column, "a " + sema::type_name(type) + " has no composite constants");
        return nullptr;
    }
    std::vector<Constant*> elements;
    if (!c.peek().is('}')) {
        while (true) {
            const sema::Type* et = composite_element_type(types_, type, static_cast<std::int64_t>(elements.size()));
            if (!et) {
                error(c.peek().column, "too many elements for " + sema::type_name(type));
                return nullptr;
            }
            Constant* e = parse_element(c, et, depth + 1);
            if (!e) return nullptr;
            elements.push_back(e);
            if (!c.peek().is(',')) break;
            c.next();
        }
    }
    if (!expect(c, '}', "'}'")) return nullptr;
    if (elements.size() != *count) {
        error(open.column, sema::type_name(type) + " needs " + std::to_string(*count) + " elements, not " +
                               std::to_string(elements.size()));
        return nullptr;
    }
    return m_.composite_constant(type, elements);
}

bool Parser::parse_global_ref(Cursor& c, Global*& out) {
    Token t = c.next();
    if (t.kind != Tok::Local) return error(t.column, "expected a global (%gN)");
    auto it = globals_.find(t.text);
    if (it == globals_.end()) return error(t.column, "unknown global %" + std::string(t.text));
    out = it->second;
    return true;
}

bool Parser::parse_operand(Cursor& c, Instruction* i) {
    Token t = c.peek();
    if (t.kind == Tok::Local) {
        c.next();
        if (auto g = globals_.find(t.text); g != globals_.end()) {
            i->operands.push_back(g->second);
            return true;
        }
        if (auto v = values_.find(t.text); v != values_.end()) {
            i->operands.push_back(v->second);
            return true;
        }
        if (t.text.starts_with('g') && t.text.size() > 1 && t.text[1] >= '0' && t.text[1] <= '9')
            return error(t.column, "unknown global %" + std::string(t.text));
        // Defined later in the function (a phi operand, or an ordering the verifier will reject).
        value_fixups_.push_back({i, i->operands.size(), t.text, Ref{line_, t.column}});
        i->operands.push_back(nullptr);
        return true;
    }
    if (t.is_word("spec")) {
        c.next();
        std::uint32_t id = 0;
        if (!expect(c, '(', "'(' after spec") || !parse_u32(c, id)) return false;
        Token name = c.peek();
        if (name.kind == Tok::Ident) c.next();
        if (!expect(c, ')', "')'")) return false;
        SpecConstant* s = m_.find_spec_constant(id);
        if (!s) return error(t.column, "unknown specialization constant " + std::to_string(id));
        if (name.kind == Tok::Ident && name.text != s->name())
            return error(name.column, "specialization constant " + std::to_string(id) + " is named '" +
                                          std::string(s->name()) + "'");
        i->operands.push_back(s);
        return true;
    }
    Constant* k = parse_constant(c);
    if (!k) return false;
    i->operands.push_back(k);
    return true;
}

}  // namespace oneshader::ir::text
