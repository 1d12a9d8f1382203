// Literals. The preprocessor hands numbers over as pp-numbers; here they are classified
// (int/uint/int64/uint64, float/half/double/unsuffixed) and their value computed, with the
// spelling kept for messages and for sema's literal typing rules.
#include <fmt/format.h>

#include <charconv>
#include <initializer_list>
#include <string>

#include "syntax/parser_impl.hpp"

namespace oneshader::syntax {

using support::DiagCode;

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// `s` spelled as one of `options`, ignoring case (the suffixes are a few ASCII letters).
bool is_one_of(std::string_view s, std::initializer_list<std::string_view> options) {
    for (std::string_view o : options) {
        if (o.size() != s.size()) continue;
        bool same = true;
        for (std::size_t k = 0; k < s.size() && same; ++k) {
            char c = s[k];
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
            same = c == o[k];
        }
        if (same) return true;
    }
    return false;
}

bool int_suffix(std::string_view s, IntLiteralKind& kind) {
    if (s.empty()) kind = IntLiteralKind::Int;
    else if (is_one_of(s, {"u"})) kind = IntLiteralKind::UInt;
    else if (is_one_of(s, {"l", "ll"})) kind = IntLiteralKind::Int64;
    else if (is_one_of(s, {"ul", "lu", "ull", "llu"})) kind = IntLiteralKind::UInt64;
    else return false;
    return true;
}

bool float_suffix(std::string_view s, FloatLiteralKind& kind) {
    if (s.empty()) kind = FloatLiteralKind::Unsuffixed;
    else if (is_one_of(s, {"f"})) kind = FloatLiteralKind::Float;
    else if (is_one_of(s, {"h"})) kind = FloatLiteralKind::Half;
    else if (is_one_of(s, {"l", "lf"})) kind = FloatLiteralKind::Double;
    else return false;
    return true;
}

bool all_digits(std::string_view s) {
    for (char c : s)
        if (!is_digit(c)) return false;
    return true;
}

// The value of a decimal float spelled with few digits and a small exponent, as most shader
// constants are: the digits make an integer below 2^53 and the power of ten is exact in a double,
// so one multiplication or division rounds correctly and gives what from_chars gives. False for
// anything else, which from_chars then parses.
bool exact_decimal(std::string_view s, double& out) {
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    std::uint64_t mantissa = 0;
    int digits = 0;
    int scale = 0;  // digits after the dot
    bool dot = false;
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
        char c = s[i];
        if (c == '.') {
            dot = true;
            continue;
        }
        if (!is_digit(c)) break;
        if (mantissa == 0 && c == '0') {
            if (dot) ++scale;  // a leading zero adds no digit, only a place
            continue;
        }
        if (++digits > 15) return false;
        mantissa = mantissa * 10 + static_cast<unsigned>(c - '0');
        if (dot) ++scale;
    }
    int exponent = 0;
    if (i < s.size()) {
        // An exponent of at most three digits.
        if (s[i] != 'e' && s[i] != 'E') return false;
        ++i;
        bool negative = i < s.size() && s[i] == '-';
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (i == s.size() || s.size() - i > 3) return false;
        for (; i < s.size(); ++i) {
            if (!is_digit(s[i])) return false;
            exponent = exponent * 10 + (s[i] - '0');
        }
        if (negative) exponent = -exponent;
    }
    const int power = exponent - scale;
    if (mantissa == 0) {
        out = 0;
        return true;
    }
    if (power < -22 || power > 22) return false;
    out = power < 0 ? static_cast<double>(mantissa) / kPow10[-power] : static_cast<double>(mantissa) * kPow10[power];
    return true;
}

// Length of the decimal floating-point number at the start of s (digits, one '.', exponent), or
// 0 when s is an integer (no '.' and no exponent).
std::size_t float_length(std::string_view s) {
    std::size_t i = 0;
    bool dot = false;
    while (i < s.size() && (is_digit(s[i]) || (s[i] == '.' && !dot))) {
        if (s[i] == '.') dot = true;
        ++i;
    }
    bool exponent = false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
        if (j < s.size() && is_digit(s[j])) {
            while (j < s.size() && is_digit(s[j])) ++j;
            i = j;
            exponent = true;
        }
    }
    return dot || exponent ? i : 0;
}

// True when a decimal number whose parse was out of range is too large (not too small): the
// decimal exponent of its first significant digit plus the written exponent is positive.
bool overflows(std::string_view number) {
    long long int_digits = 0;      // significant digits before the '.'
    long long leading_zeros = 0;   // zeros after the '.' before the first significant digit
    bool significant = false;
    bool after_dot = false;
    std::size_t i = 0;
    for (; i < number.size() && number[i] != 'e' && number[i] != 'E'; ++i) {
        char c = number[i];
        if (c == '.') {
            after_dot = true;
        } else if (c != '0' || significant) {
            significant = true;
            if (!after_dot) ++int_digits;
        } else if (after_dot) {
            ++leading_zeros;
        }
    }
    long long magnitude = int_digits > 0 ? int_digits - 1 : -leading_zeros - 1;
    long long exp = 0;
    if (i < number.size()) {
        ++i;
        bool neg = i < number.size() && number[i] == '-';
        if (i < number.size() && (number[i] == '+' || number[i] == '-')) ++i;
        for (; i < number.size() && exp < 100000; ++i) exp = exp * 10 + (number[i] - '0');
        if (neg) exp = -exp;
    }
    return magnitude + exp > 0;
}

// `xyzw`, `rg.x`: every dot-separated part 1 to 4 letters of one swizzle set.
bool is_swizzle_chain(std::string_view s) {
    if (s.empty()) return false;
    std::size_t length = 0;
    bool xyzw = true, rgba = true;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == '.') {
            if (length == 0 || length > 4 || (!xyzw && !rgba)) return false;
            length = 0;
            xyzw = rgba = true;
            continue;
        }
        const char c = s[i];
        xyzw = xyzw && (c == 'x' || c == 'y' || c == 'z' || c == 'w');
        rgba = rgba && (c == 'r' || c == 'g' || c == 'b' || c == 'a');
        ++length;
    }
    return true;
}

}  // namespace

Expr* Parser::parse_number() {
    const Token& t = tok();
    std::string_view s = t.text;
    SourceLoc at = t.loc;
    bool from_macro = t.has(FromMacro);
    advance();
    // `1.0.xxx` and `0.5f.rg` swizzle a scalar; the lexer keeps them in one pp-number.
    std::string_view swizzles;
    bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    // `0.xxxx` and `1.rg` swizzle an integer, as DXC reads them: digits, a dot, then swizzle letters.
    std::size_t int_dot = s.find('.');
    if (!hex && int_dot != std::string_view::npos && int_dot > 0 &&
        all_digits(s.substr(0, int_dot)) &&
        is_swizzle_chain(s.substr(int_dot + 1))) {
        swizzles = s.substr(int_dot);
        s = s.substr(0, int_dot);
    } else if (std::size_t n = float_length(s); n > 0 && !hex) {
        std::size_t dot = s.find('.', n);
        if (dot != std::string_view::npos && dot + 1 < s.size() && !is_digit(s[dot + 1])) {
            swizzles = s.substr(dot);
            s = s.substr(0, dot);
        }
    }
    Expr* e = parse_number_text(s, at);
    std::size_t offset = s.size();
    while (!swizzles.empty()) {
        std::size_t end = swizzles.find('.', 1);
        std::string_view part = swizzles.substr(1, end == std::string_view::npos ? std::string_view::npos : end - 1);
        auto* m = make<MemberExpr>(at);
        m->base = e;
        m->member = intern(part);
        m->member_loc = at;
        if (!from_macro) m->member_loc.offset += static_cast<std::uint32_t>(offset + 1);
        offset += part.size() + 1;
        e = finish(m, e);
        swizzles = end == std::string_view::npos ? std::string_view() : swizzles.substr(end);
    }
    return e;
}

Expr* Parser::parse_number_text(std::string_view s, SourceLoc at) {
    if (std::size_t n = float_length(s); n > 0 && !(s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) {
        auto* f = make<FloatLiteralExpr>(at);
        f->spelling = s;
        if (!float_suffix(s.substr(n), f->literal_kind)) {
            error(DiagCode::parse_invalid_literal, at,
                  fmt::format("'{}' is not a valid floating-point literal: the suffix '{}' is unknown (use f, h, "
                              "l or lf)",
                              s, s.substr(n)));
            return f;
        }
        std::string_view number = s.substr(0, n);
        double value = 0;
        if (exact_decimal(number, value)) {
            f->value = value;
            return f;
        }
        auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (ec == std::errc::result_out_of_range) {
            if (overflows(number)) {
                error(DiagCode::parse_float_literal_out_of_range, at,
                      fmt::format("the floating-point literal '{}' is too large to represent", s));
            }
            value = 0;
        } else if (ec != std::errc() || ptr != number.data() + number.size()) {
            error(DiagCode::parse_invalid_literal, at, fmt::format("'{}' is not a valid number", s));
        }
        f->value = value;
        return f;
    }

    auto* lit = make<IntLiteralExpr>(at);
    lit->spelling = s;
    std::size_t i = 0;
    unsigned base = 10;
    if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        i = 2;
    } else if (s.size() > 1 && s[0] == '0' && is_digit(s[1])) {
        base = 8;
        i = 1;
    }
    std::size_t digits_begin = i;
    std::uint64_t value = 0;
    bool overflow = false;
    bool bad_digit = false;
    for (; i < s.size(); ++i) {
        int d = base == 16 ? hex_value(s[i]) : (is_digit(s[i]) ? s[i] - '0' : -1);
        if (d < 0) break;
        if (static_cast<unsigned>(d) >= base) bad_digit = true;
        if (value > (UINT64_MAX - static_cast<unsigned>(d)) / base) overflow = true;
        value = value * base + static_cast<unsigned>(d);
    }
    if (i == digits_begin || bad_digit) {
        error(DiagCode::parse_invalid_literal, at,
              fmt::format("'{}' is not a valid integer literal{}", s,
                          bad_digit ? " (a leading 0 makes it octal, which only has digits 0-7)" : ""));
        return lit;
    }
    if (!int_suffix(s.substr(i), lit->literal_kind)) {
        error(DiagCode::parse_invalid_literal, at,
              fmt::format("'{}' is not a valid integer literal: the suffix '{}' is unknown (use u, l, ul or ll)", s,
                          s.substr(i)));
        return lit;
    }
    if (overflow) {
        error(DiagCode::parse_integer_literal_overflow, at,
              fmt::format("the integer literal '{}' does not fit in 64 bits", s));
        value = UINT64_MAX;
    }
    lit->value = value;
    return lit;
}

Expr* Parser::parse_string() {
    auto* s = make<StringLiteralExpr>(loc());
    s->spelling = tok().text;
    std::string_view v = tok().text;
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
    s->value = v;
    advance();
    return s;
}

}  // namespace oneshader::syntax
