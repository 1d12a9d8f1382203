#include "lex/lexer.hpp"

#include <array>
#include <string>

namespace oneshader::syntax {

namespace {

// Character classes, one table lookup per character.
enum CharClass : std::uint8_t {
    IdentStart = 1 << 0,  // a-z A-Z _
    Digit = 1 << 1,       // 0-9
    Newline = 1 << 2,     // \n \r
    Blank = 1 << 3,       // space \t \v \f
};

constexpr std::array<std::uint8_t, 256> make_char_classes() {
    std::array<std::uint8_t, 256> table{};
    for (int c = 'a'; c <= 'z'; ++c) table[static_cast<std::size_t>(c)] = IdentStart;
    for (int c = 'A'; c <= 'Z'; ++c) table[static_cast<std::size_t>(c)] = IdentStart;
    table['_'] = IdentStart;
    for (int c = '0'; c <= '9'; ++c) table[static_cast<std::size_t>(c)] = Digit;
    table['\n'] = table['\r'] = Newline;
    table[' '] = table['\t'] = table['\v'] = table['\f'] = Blank;
    return table;
}
constexpr std::array<std::uint8_t, 256> char_classes = make_char_classes();

inline std::uint8_t char_class(char c) { return char_classes[static_cast<unsigned char>(c)]; }
inline bool is_ident_start(char c) { return (char_class(c) & IdentStart) != 0; }
inline bool is_digit(char c) { return (char_class(c) & Digit) != 0; }
inline bool is_ident_char(char c) { return (char_class(c) & (IdentStart | Digit)) != 0; }
inline bool is_newline(char c) { return (char_class(c) & Newline) != 0; }
inline bool is_blank(char c) { return (char_class(c) & Blank) != 0; }

// The position after any line splices starting at p.
inline std::uint32_t skip_splices_at(std::string_view text, std::uint32_t p) {
    if (p >= text.size() || text[p] != '\\') return p;
    while (p + 1 < text.size() && text[p] == '\\' && is_newline(text[p + 1])) {
        p += 2;
        if (text[p - 1] == '\r' && p < text.size() && text[p] == '\n') ++p;
    }
    return p;
}

}  // namespace

Lexer::Lexer(std::string_view text, support::FileId file, support::Interner& interner, support::Arena& arena,
             support::DiagnosticEngine* diags)
    : text_(text), size_(static_cast<std::uint32_t>(text.size())), file_(file), interner_(interner), arena_(arena),
      diags_(diags) {}

Lexer::Lexer(support::CompileContext& ctx, support::FileId file)
    : Lexer(ctx.sources.text(file), file, ctx.interner, ctx.arena, &ctx.diags) {}

void Lexer::skip_splices_slow() {
    std::uint32_t p = skip_splices_at(text_, pos_);
    if (p != pos_) saw_splice_ = true;
    pos_ = p;
}

char Lexer::peek(std::uint32_t ahead) {
    // Fast path: no splice in the way.
    if (pos_ + ahead < size_) {
        bool plain = true;
        for (std::uint32_t i = 0; i <= ahead; ++i) plain &= text_[pos_ + i] != '\\';
        if (plain) return text_[pos_ + ahead];
    }
    std::uint32_t p = skip_splices_at(text_, pos_);
    for (std::uint32_t i = 0; i < ahead && p < size_; ++i) p = skip_splices_at(text_, p + 1);
    return p < size_ ? text_[p] : '\0';
}

void Lexer::advance() {
    std::uint32_t p = skip_splices_at(text_, pos_);
    if (p != pos_) saw_splice_ = true;
    pos_ = p < size_ ? p + 1 : p;
}

void Lexer::report(support::DiagCode code, std::uint32_t offset, std::string message) {
    if (diags_) diags_->report(code, support::SourceRange(support::SourceLoc{file_, offset}), std::move(message));
}

// Blanks and newlines in one tight loop, with the position and flags in registers.
inline void Lexer::skip_blanks() {
    const char* s = text_.data();
    std::uint32_t p = pos_;
    bool line_start = at_line_start_;
    bool space = leading_space_;
    while (p < size_) {
        std::uint8_t cls = char_class(s[p]);
        if (cls & Blank) {
            space = true;
        } else if (cls & Newline) {
            line_start = true;
            space = false;
        } else {
            break;
        }
        ++p;
    }
    pos_ = p;
    at_line_start_ = line_start;
    leading_space_ = space;
}

void Lexer::skip_trivia() {
    for (;;) {
        // Blanks and newlines first; the rest (splices, comments) below.
        skip_blanks();
        if (pos_ >= size_) return;
        char c = text_[pos_];
        if (c == '\\') {
            std::uint32_t q = skip_splices_at(text_, pos_);
            if (q == pos_) return;  // a backslash that is not a splice starts a token
            pos_ = q;
            saw_splice_ = true;
            continue;
        }
        if (c != '/') return;
        char c1 = peek(1);
        if (c1 == '/') {
            // A line comment ends at the newline, which a splice can push to the next line.
            for (;;) {
                const char* s = text_.data();
                std::uint32_t p = pos_;
                while (p < size_ && s[p] != '\\' && !is_newline(s[p])) ++p;
                pos_ = p;
                if (at_end() || is_newline(text_[pos_])) break;
                ++pos_;  // a backslash that is not a splice
            }
            leading_space_ = true;
        } else if (c1 == '*') {
            std::uint32_t start = pos_;
            advance();
            advance();
            bool closed = false;
            while (!at_end()) {
                // Plain characters up to a '*' or a backslash (a possible splice) need no checks.
                const char* s = text_.data();
                std::uint32_t p = pos_;
                while (p < size_ && s[p] != '*' && s[p] != '\\') ++p;
                pos_ = p;
                if (at_end()) break;
                char d = text_[pos_++];
                if (d == '*' && peek() == '/') {
                    advance();
                    closed = true;
                    break;
                }
            }
            if (!closed)
                report(support::DiagCode::pp_unterminated_comment, start,
                       "unterminated /* comment: add '*/' where the comment should end");
            // A comment that spans lines is one space: a directive line continues after it.
            leading_space_ = true;
        } else {
            return;
        }
    }
}

void Lexer::finish_spliced(Token& t, std::uint32_t begin) {
    t.loc = support::SourceLoc{file_, begin};
    t.spelling = t.loc;
    std::string_view raw = text_.substr(begin, pos_ - begin);
    std::string clean;
    clean.reserve(raw.size());
    for (std::uint32_t p = 0; p < raw.size();) {
        std::uint32_t q = skip_splices_at(raw, p);
        if (q != p) {
            p = q;
            continue;
        }
        clean += raw[p++];
    }
    t.text = arena_.copy(clean);
}

// Inlined into next(): identifiers are the most common token, and the call would cost as much
// as the scan of a short name.
[[gnu::always_inline]] inline TokenKind Lexer::lex_identifier() {
    // Fast path: plain characters up to the first one that is not part of a name; only a
    // backslash (a possible splice) needs the general loop.
    // The interner's hash is computed on the way.
    const char* s = text_.data();
    std::uint32_t p = pos_;
    std::uint32_t h = support::Interner::hash_seed;
    while (p < size_ && is_ident_char(s[p])) h = support::Interner::hash_step(h, s[p++]);
    pos_ = p;
    ident_hash_ = h;
    if (p < size_ && s[p] == '\\') {
        while (is_ident_char(peek())) advance();
    }
    return TokenKind::Identifier;
}

// Inlined into next() too: punctuators are the other half of all tokens.
[[gnu::always_inline]] inline TokenKind Lexer::lex_punctuator() {
    char c = text_[pos_];
    char c1, c2;
    // Without a backslash among the next three characters no splice can be in the way.
    const bool plain = pos_ + 2 < size_ && c != '\\' && text_[pos_ + 1] != '\\' && text_[pos_ + 2] != '\\';
    if (plain) {
        c1 = text_[pos_ + 1];
        c2 = text_[pos_ + 2];
    } else {
        c1 = peek(1);
        c2 = c1 ? peek(2) : '\0';
    }
    auto take = [&](TokenKind kind, int length) {
        if (plain) {
            pos_ += static_cast<std::uint32_t>(length);
            return kind;
        }
        for (int i = 0; i < length; ++i) advance();
        return kind;
    };
    switch (c) {
        case '(': return take(TokenKind::LParen, 1);
        case ')': return take(TokenKind::RParen, 1);
        case '[': return take(TokenKind::LBracket, 1);
        case ']': return take(TokenKind::RBracket, 1);
        case '{': return take(TokenKind::LBrace, 1);
        case '}': return take(TokenKind::RBrace, 1);
        case ';': return take(TokenKind::Semicolon, 1);
        case ',': return take(TokenKind::Comma, 1);
        case '?': return take(TokenKind::Question, 1);
        case '~': return take(TokenKind::Tilde, 1);
        case ':': return c1 == ':' ? take(TokenKind::ColonColon, 2) : take(TokenKind::Colon, 1);
        case '.': return c1 == '.' && c2 == '.' ? take(TokenKind::Ellipsis, 3) : take(TokenKind::Dot, 1);
        case '+':
            if (c1 == '+') return take(TokenKind::PlusPlus, 2);
            return c1 == '=' ? take(TokenKind::PlusEqual, 2) : take(TokenKind::Plus, 1);
        case '-':
            if (c1 == '-') return take(TokenKind::MinusMinus, 2);
            if (c1 == '>') return take(TokenKind::Arrow, 2);
            return c1 == '=' ? take(TokenKind::MinusEqual, 2) : take(TokenKind::Minus, 1);
        case '*': return c1 == '=' ? take(TokenKind::StarEqual, 2) : take(TokenKind::Star, 1);
        case '/': return c1 == '=' ? take(TokenKind::SlashEqual, 2) : take(TokenKind::Slash, 1);
        case '%': return c1 == '=' ? take(TokenKind::PercentEqual, 2) : take(TokenKind::Percent, 1);
        case '^': return c1 == '=' ? take(TokenKind::CaretEqual, 2) : take(TokenKind::Caret, 1);
        case '!': return c1 == '=' ? take(TokenKind::BangEqual, 2) : take(TokenKind::Bang, 1);
        case '=': return c1 == '=' ? take(TokenKind::EqualEqual, 2) : take(TokenKind::Equal, 1);
        case '#': return c1 == '#' ? take(TokenKind::HashHash, 2) : take(TokenKind::Hash, 1);
        case '&':
            if (c1 == '&') return take(TokenKind::AmpAmp, 2);
            return c1 == '=' ? take(TokenKind::AmpEqual, 2) : take(TokenKind::Amp, 1);
        case '|':
            if (c1 == '|') return take(TokenKind::PipePipe, 2);
            return c1 == '=' ? take(TokenKind::PipeEqual, 2) : take(TokenKind::Pipe, 1);
        case '<':
            if (c1 == '<') return c2 == '=' ? take(TokenKind::LessLessEqual, 3) : take(TokenKind::LessLess, 2);
            return c1 == '=' ? take(TokenKind::LessEqual, 2) : take(TokenKind::Less, 1);
        case '>':
            if (c1 == '>')
                return c2 == '=' ? take(TokenKind::GreaterGreaterEqual, 3) : take(TokenKind::GreaterGreater, 2);
            return c1 == '=' ? take(TokenKind::GreaterEqual, 2) : take(TokenKind::Greater, 1);
        default: break;
    }
    // A stray character; a UTF-8 sequence stays one token so it is reported once.
    auto lead = static_cast<unsigned char>(c);
    int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    for (int i = 0; i < length && pos_ < size_; ++i) {
        if (i > 0 && (static_cast<unsigned char>(text_[pos_]) & 0xC0) != 0x80) break;
        ++pos_;
    }
    return TokenKind::Unknown;
}

void Lexer::next(Token& t) {
    // Blanks and newlines inline: most tokens follow a space or a line break and nothing else, so
    // the general skip (comments, splices) is called only when one of those may start here.
    skip_blanks();
    if (pos_ < size_ && (text_[pos_] == '/' || text_[pos_] == '\\')) skip_trivia();
    const auto flags = static_cast<std::uint8_t>((at_line_start_ ? AtLineStart : 0) | (leading_space_ ? LeadingSpace : 0));
    at_line_start_ = false;
    leading_space_ = false;
    saw_splice_ = false;
    const std::uint32_t begin = pos_;
    if (begin >= size_) {
        t.kind = TokenKind::Eof;
        t.flags = flags;
        t.loc = t.spelling = support::SourceLoc{file_, size_};
        return;
    }
    const char c = text_[begin];
    TokenKind kind;
    if (is_ident_start(c)) {
        kind = lex_identifier();
    } else if (is_digit(c) || (c == '.' && is_digit(peek(1)))) {
        kind = lex_number();
    } else if (c == '"' || c == '\'') {
        kind = lex_quoted(c);
    } else {
        kind = lex_punctuator();
    }
    // A plain identifier, the most common token, is stored here rather than through finish(): one
    // path for it measured fewer instructions than finish() followed by the interning.
    if (kind == TokenKind::Identifier) {
        const std::string_view text(text_.data() + begin, pos_ - begin);
        if (!saw_splice_) {
            t.ident = interner_.intern_hashed(text, ident_hash_);
            t.text = text;
            t.loc = t.spelling = support::SourceLoc{file_, begin};
            t.kind = kind;
            t.flags = flags;
            return;
        }
    }
    t.kind = kind;
    t.flags = flags;
    finish(t, begin);
    if (kind == TokenKind::Identifier) t.ident = interner_.intern(t.text);
}

TokenKind Lexer::lex_number() {
    // A pp-number: digits, letters, dots, underscores, and a sign right after an exponent letter.
    // The parser decides what kind of literal it is (1.0e-3f, 0x1Fu, .5h, 10L).
    char prev = '\0';
    // Fast path over plain characters; a backslash (a possible splice) continues in the general loop.
    const char* s = text_.data();
    std::uint32_t p = pos_;
    for (;;) {
        if (p >= size_) {
            pos_ = p;
            return TokenKind::Number;
        }
        char c = s[p];
        if (c == '\\') break;
        bool exponent_sign = (c == '+' || c == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P');
        if (!is_ident_char(c) && c != '.' && !exponent_sign) {
            pos_ = p;
            return TokenKind::Number;
        }
        ++p;
        prev = c;
    }
    pos_ = p;
    for (;;) {
        char c = peek();
        bool exponent_sign = (c == '+' || c == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P');
        if (!is_ident_char(c) && c != '.' && !exponent_sign) break;
        advance();
        prev = c;
    }
    return TokenKind::Number;
}

TokenKind Lexer::lex_quoted(char quote) {
    const TokenKind kind = quote == '"' ? TokenKind::String : TokenKind::Char;
    std::uint32_t begin = pos_;
    advance();
    for (;;) {
        skip_splices();
        if (pos_ >= size_ || is_newline(text_[pos_])) {
            if (!skipping_) {
                report(support::DiagCode::pp_unterminated_literal, begin,
                       quote == '"' ? "missing closing '\"' of this string literal: close it on the same line"
                                    : "missing closing \"'\" of this character literal: close it on the same line");
            }
            return kind;
        }
        char c = text_[pos_];
        advance();
        if (c == '\\') {
            // The escaped character cannot end the literal; a newline still does.
            if (!at_end() && !is_newline(text_[pos_])) advance();
        } else if (c == quote) {
            return kind;
        }
    }
}

Token Lexer::next_include_name() {
    skip_trivia();
    if (pos_ >= size_ || at_line_start_ || text_[pos_] != '<') return next();
    Token t;
    t.kind = TokenKind::String;
    t.flags = static_cast<std::uint8_t>(leading_space_ ? LeadingSpace : 0);
    leading_space_ = false;
    saw_splice_ = false;
    std::uint32_t begin = pos_;
    advance();
    for (;;) {
        skip_splices();
        if (pos_ >= size_ || is_newline(text_[pos_])) {
            report(support::DiagCode::pp_bad_include, begin,
                   "missing '>' after the include file name: write #include <file> on one line");
            break;
        }
        char c = text_[pos_];
        advance();
        if (c == '>') break;
    }
    finish(t, begin);
    return t;
}

std::string_view Lexer::rest_of_line() {
    skip_splices();
    while (pos_ < size_ && is_blank(text_[pos_])) {
        ++pos_;
        skip_splices();
    }
    std::uint32_t begin = pos_;
    saw_splice_ = false;
    while (!at_end() && !is_newline(text_[pos_])) advance();
    Token t;
    finish(t, begin);
    std::string_view s = t.text;
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    leading_space_ = false;
    return s;
}

bool Lexer::lex_single(std::string_view text, support::Interner& interner, support::Arena& arena, Token& out) {
    Lexer lexer(text, 0, interner, arena, nullptr);
    if (text.empty()) return false;
    out = lexer.next();
    if (out.kind == TokenKind::Eof || out.has(LeadingSpace)) return false;
    // Unterminated quotes stop short of the end; anything left over means more than one token.
    return lexer.offset() == text.size() && (out.kind != TokenKind::String || (text.size() >= 2 && text.back() == '"')) &&
           (out.kind != TokenKind::Char || (text.size() >= 2 && text.back() == '\''));
}

}  // namespace oneshader::syntax
