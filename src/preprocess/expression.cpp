#include "preprocess/expression.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <limits>

#include "preprocess/preprocessor_state.hpp"

namespace oneshader::pp {

using syntax::Token;
using syntax::TokenKind;

namespace {

struct Value {
    std::uint64_t bits = 0;
    bool is_unsigned = false;
    std::int64_t s() const { return static_cast<std::int64_t>(bits); }
};

Value signed_value(std::int64_t v) { return {static_cast<std::uint64_t>(v), false}; }
Value truth(bool b) { return {b ? 1u : 0u, false}; }

// Binary operators by precedence, loosest first; 0 means "not a binary operator here".
int precedence(TokenKind k) {
    switch (k) {
        case TokenKind::PipePipe: return 1;
        case TokenKind::AmpAmp: return 2;
        case TokenKind::Pipe: return 3;
        case TokenKind::Caret: return 4;
        case TokenKind::Amp: return 5;
        case TokenKind::EqualEqual: case TokenKind::BangEqual: return 6;
        case TokenKind::Less: case TokenKind::Greater: case TokenKind::LessEqual: case TokenKind::GreaterEqual: return 7;
        case TokenKind::LessLess: case TokenKind::GreaterGreater: return 8;
        case TokenKind::Plus: case TokenKind::Minus: return 9;
        case TokenKind::Star: case TokenKind::Slash: case TokenKind::Percent: return 10;
        default: return 0;
    }
}

class Evaluator {
public:
    Evaluator(Preprocessor& pp, std::span<const Token> tokens, const Token& directive)
        : pp_(pp), tokens_(tokens), directive_(directive) {}

    std::optional<bool> run() {
        if (tokens_.empty()) {
            error(directive_.loc, fmt::format("#{} needs an expression; write a condition such as 'defined(NAME)' "
                                              "or 'VALUE > 1'",
                                              directive_.text));
            return std::nullopt;
        }
        Value v = comma(true);
        if (failed_) return std::nullopt;
        if (pos_ < tokens_.size()) {
            error(tokens_[pos_].loc, fmt::format("unexpected '{}' in the #{} expression; an operator may be missing",
                                                 tokens_[pos_].text, directive_.text));
            return std::nullopt;
        }
        return v.bits != 0;
    }

private:
    static constexpr int max_depth = 256;

    const Token* peek() const { return pos_ < tokens_.size() ? &tokens_[pos_] : nullptr; }
    bool at(TokenKind k) const { return pos_ < tokens_.size() && tokens_[pos_].is(k); }
    support::SourceLoc here() const {
        if (pos_ < tokens_.size()) return tokens_[pos_].loc;
        return tokens_.empty() ? directive_.loc : tokens_.back().loc;
    }

    void error(support::SourceLoc at, std::string message, support::DiagCode code = support::DiagCode::pp_bad_expression) {
        if (failed_) return;
        failed_ = true;
        pp_.report(code, at, std::move(message));
    }
    void overflow(bool live, support::SourceLoc at) {
        if (live && !warned_overflow_) {
            warned_overflow_ = true;
            pp_.report(support::DiagCode::pp_integer_overflow, at,
                       "integer overflow in the preprocessor expression; the result wraps around. Use a 'u' suffix "
                       "for unsigned arithmetic");
        }
    }

    Value comma(bool live) {
        Value v = conditional(live);
        while (!failed_ && at(TokenKind::Comma)) {
            ++pos_;
            v = conditional(live);
        }
        return v;
    }

    Value conditional(bool live) {
        if (++depth_ > max_depth) {
            error(here(), fmt::format("the #{} expression is nested more than {} levels deep; simplify it",
                                      directive_.text, max_depth));
            return {};
        }
        Value c = binary(1, live);
        if (!failed_ && at(TokenKind::Question)) {
            support::SourceLoc q = here();
            ++pos_;
            bool take_first = c.bits != 0;
            Value a = comma(live && take_first);
            if (!failed_ && !at(TokenKind::Colon)) {
                error(peek() ? here() : q, "expected ':' to complete the '?' in the preprocessor expression");
            }
            if (failed_) return {};
            ++pos_;
            Value b = conditional(live && !take_first);
            bool u = a.is_unsigned || b.is_unsigned;
            c = take_first ? a : b;
            c.is_unsigned = u;
        }
        --depth_;
        return c;
    }

    Value binary(int min_prec, bool live) {
        Value lhs = unary(live);
        for (;;) {
            if (failed_ || pos_ >= tokens_.size()) return lhs;
            const Token& op = tokens_[pos_];
            int prec = precedence(op.kind);
            if (prec < min_prec || prec == 0) return lhs;
            ++pos_;
            // Short-circuit: the right side of && and || is only evaluated when it decides the result.
            bool rhs_live = live;
            if (op.is(TokenKind::AmpAmp)) rhs_live = live && lhs.bits != 0;
            if (op.is(TokenKind::PipePipe)) rhs_live = live && lhs.bits == 0;
            Value rhs = binary(prec + 1, rhs_live);
            if (failed_) return {};
            lhs = apply(op, lhs, rhs, live, rhs_live);
        }
    }

    Value apply(const Token& op, Value a, Value b, bool live, bool rhs_live) {
        bool u = a.is_unsigned || b.is_unsigned;
        switch (op.kind) {
            case TokenKind::AmpAmp: return truth(a.bits != 0 && b.bits != 0);
            case TokenKind::PipePipe: return truth(a.bits != 0 || b.bits != 0);
            case TokenKind::Pipe: return {a.bits | b.bits, u};
            case TokenKind::Caret: return {a.bits ^ b.bits, u};
            case TokenKind::Amp: return {a.bits & b.bits, u};
            case TokenKind::EqualEqual: return truth(a.bits == b.bits);
            case TokenKind::BangEqual: return truth(a.bits != b.bits);
            case TokenKind::Less: return truth(u ? a.bits < b.bits : a.s() < b.s());
            case TokenKind::Greater: return truth(u ? a.bits > b.bits : a.s() > b.s());
            case TokenKind::LessEqual: return truth(u ? a.bits <= b.bits : a.s() <= b.s());
            case TokenKind::GreaterEqual: return truth(u ? a.bits >= b.bits : a.s() >= b.s());
            case TokenKind::LessLess:
            case TokenKind::GreaterGreater: return shift(op, a, b);
            case TokenKind::Plus:
            case TokenKind::Minus:
            case TokenKind::Star: {
                std::uint64_t r = op.is(TokenKind::Plus)    ? a.bits + b.bits
                                  : op.is(TokenKind::Minus) ? a.bits - b.bits
                                                            : a.bits * b.bits;
                if (!u) {
                    std::int64_t out = 0;
                    bool over = op.is(TokenKind::Plus)    ? __builtin_add_overflow(a.s(), b.s(), &out)
                                : op.is(TokenKind::Minus) ? __builtin_sub_overflow(a.s(), b.s(), &out)
                                                          : __builtin_mul_overflow(a.s(), b.s(), &out);
                    if (over) overflow(live, op.loc);
                }
                return {r, u};
            }
            case TokenKind::Slash:
            case TokenKind::Percent: {
                bool div = op.is(TokenKind::Slash);
                if (b.bits == 0) {
                    if (live && rhs_live)
                        error(op.loc, fmt::format("{} by zero in the preprocessor expression; check the divisor",
                                                  div ? "division" : "remainder"),
                              support::DiagCode::pp_division_by_zero);
                    return {0, u};
                }
                if (u) return {div ? a.bits / b.bits : a.bits % b.bits, true};
                if (a.s() == std::numeric_limits<std::int64_t>::min() && b.s() == -1) {
                    if (div) overflow(live, op.loc);
                    return div ? a : signed_value(0);
                }
                return signed_value(div ? a.s() / b.s() : a.s() % b.s());
            }
            default: return {};
        }
    }

    static Value shift(const Token& op, Value a, Value b) {
        // The result has the left operand's type; out-of-range counts give 0 or the sign.
        bool negative_count = !b.is_unsigned && b.s() < 0;
        std::uint64_t count = negative_count ? 64 : b.bits;
        bool left = op.is(TokenKind::LessLess);
        if (count >= 64) {
            if (left || a.is_unsigned || a.s() >= 0) return {0, a.is_unsigned};
            return {~std::uint64_t{0}, false};
        }
        if (left) return {a.bits << count, a.is_unsigned};
        if (a.is_unsigned) return {a.bits >> count, true};
        return signed_value(a.s() >> count);
    }

    Value unary(bool live) {
        if (++depth_ > max_depth) {
            error(here(), fmt::format("the #{} expression is nested more than {} levels deep; simplify it",
                                      directive_.text, max_depth));
            return {};
        }
        Value v = unary_inner(live);
        --depth_;
        return v;
    }

    Value unary_inner(bool live) {
        const Token* t = peek();
        if (!t) {
            error(here(), fmt::format("the #{} expression ends too early; a value is missing", directive_.text));
            return {};
        }
        switch (t->kind) {
            case TokenKind::Plus: ++pos_; return unary(live);
            case TokenKind::Minus: {
                ++pos_;
                Value v = unary(live);
                if (!v.is_unsigned && v.s() == std::numeric_limits<std::int64_t>::min()) overflow(live, t->loc);
                return {0 - v.bits, v.is_unsigned};
            }
            case TokenKind::Tilde: {
                ++pos_;
                Value v = unary(live);
                return {~v.bits, v.is_unsigned};
            }
            case TokenKind::Bang: {
                ++pos_;
                Value v = unary(live);
                return truth(v.bits == 0);
            }
            case TokenKind::LParen: {
                ++pos_;
                Value v = comma(live);
                if (failed_) return {};
                if (!at(TokenKind::RParen)) {
                    error(here(), fmt::format("missing ')' in the #{} expression", directive_.text));
                    return {};
                }
                ++pos_;
                return v;
            }
            case TokenKind::Number: ++pos_; return number(*t);
            case TokenKind::Char: ++pos_; return character(*t);
            case TokenKind::Identifier: ++pos_; return identifier(*t);
            default:
                error(t->loc, fmt::format("expected a value in the #{} expression, found '{}'", directive_.text,
                                          t->text.empty() ? syntax::token_kind_spelling(t->kind) : t->text));
                return {};
        }
    }

    Value identifier(const Token& t) {
        if (t.ident == pp_.sym_true()) return signed_value(1);
        if (t.ident == pp_.sym_defined()) {
            // `defined` produced by a macro expansion: resolved against the macros defined now.
            bool paren = at(TokenKind::LParen);
            if (paren) ++pos_;
            const Token* name = peek();
            if (!name || !name->is(TokenKind::Identifier)) {
                error(t.loc, "'defined' needs a macro name: write defined(NAME) or defined NAME");
                return {};
            }
            ++pos_;
            if (paren) {
                if (!at(TokenKind::RParen)) {
                    error(here(), "missing ')' after 'defined(NAME'");
                    return {};
                }
                ++pos_;
            }
            return truth(pp_.macros.find(name->ident) != nullptr);
        }
        // Names that are not macros (including `false`) are 0, as in C.
        return signed_value(0);
    }

    Value number(const Token& t) {
        std::string_view s = t.text;
        unsigned base = 10;
        std::size_t i = 0;
        if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            base = 16;
            i = 2;
        } else if (s.size() > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
            base = 2;
            i = 2;
        } else if (s.size() > 1 && s[0] == '0') {
            base = 8;
            i = 1;
        }
        std::uint64_t v = 0;
        bool too_big = false;
        std::size_t digits_begin = i;
        for (; i < s.size(); ++i) {
            char c = s[i];
            unsigned d;
            if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
            else if (base == 16 && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
            else if (base == 16 && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
            else break;
            if (d >= base) {
                error(t.loc, fmt::format("invalid digit '{}' in the number '{}'", c, s));
                return {};
            }
            if (v > (std::numeric_limits<std::uint64_t>::max() - d) / base) too_big = true;
            v = v * base + d;
        }
        bool is_float = false;
        for (char c : s) is_float |= c == '.' || (base != 16 && (c == 'e' || c == 'E'));
        if (is_float) {
            error(t.loc, fmt::format("floating-point number '{}' in a #{} expression; preprocessor conditions use "
                                     "integers only",
                                     s, directive_.text));
            return {};
        }
        if (i == digits_begin && base != 8) {
            error(t.loc, fmt::format("the number '{}' has no digits", s));
            return {};
        }
        bool is_unsigned = false;
        std::string_view suffix = s.substr(i);
        int us = 0, ls = 0;
        for (char c : suffix) {
            if (c == 'u' || c == 'U') ++us;
            else if (c == 'l' || c == 'L') ++ls;
            else us = 99;
        }
        if (us > 1 || ls > 2) {
            error(t.loc, fmt::format("invalid suffix '{}' on the integer '{}'; use u, l, ul or ll", suffix, s));
            return {};
        }
        is_unsigned = us == 1;
        if (too_big) {
            error(t.loc, fmt::format("the integer '{}' does not fit in 64 bits", s));
            return {};
        }
        // As in C, a value too large for int64 is unsigned.
        if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) is_unsigned = true;
        return {v, is_unsigned};
    }

    Value character(const Token& t) {
        std::string_view s = t.text;
        if (s.size() < 3 || s.back() != '\'') {
            error(t.loc, fmt::format("invalid character literal {}", s));
            return {};
        }
        s = s.substr(1, s.size() - 2);
        std::uint32_t v = 0;
        std::size_t count = 0;
        std::int64_t last = 0;
        for (std::size_t i = 0; i < s.size(); ++count) {
            unsigned char c = static_cast<unsigned char>(s[i++]);
            std::uint32_t code = c;
            if (c == '\\' && i < s.size()) {
                char e = s[i++];
                switch (e) {
                    case 'n': code = '\n'; break;
                    case 't': code = '\t'; break;
                    case 'r': code = '\r'; break;
                    case 'a': code = '\a'; break;
                    case 'b': code = '\b'; break;
                    case 'f': code = '\f'; break;
                    case 'v': code = '\v'; break;
                    case 'x': {
                        code = 0;
                        while (i < s.size() && std::isxdigit(static_cast<unsigned char>(s[i]))) {
                            char h = s[i++];
                            code = code * 16 + static_cast<std::uint32_t>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
                        }
                        break;
                    }
                    default:
                        if (e >= '0' && e <= '7') {
                            code = static_cast<std::uint32_t>(e - '0');
                            for (int k = 0; k < 2 && i < s.size() && s[i] >= '0' && s[i] <= '7'; ++k)
                                code = code * 8 + static_cast<std::uint32_t>(s[i++] - '0');
                        } else {
                            code = static_cast<unsigned char>(e);
                        }
                }
            }
            v = (v << 8) | (code & 0xFF);
            last = static_cast<signed char>(code & 0xFF);
        }
        // One character is a (signed) char value; several form an int, as in clang.
        if (count == 1) return signed_value(last);
        return signed_value(static_cast<std::int32_t>(v));
    }

    Preprocessor& pp_;
    std::span<const Token> tokens_;
    const Token& directive_;
    std::size_t pos_ = 0;
    int depth_ = 0;
    bool failed_ = false;
    bool warned_overflow_ = false;
};

}  // namespace

std::optional<bool> evaluate_condition(Preprocessor& pp, std::span<const Token> tokens, const Token& directive) {
    return Evaluator(pp, tokens, directive).run();
}

}  // namespace oneshader::pp
