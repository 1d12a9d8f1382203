#pragma once
// Tokens of one line of IR text. The format is line-oriented, so the parser reads line by line
// and a bad line cannot swallow the next.
#include <cstdint>
#include <string_view>

namespace oneshader::ir::text {

enum class Tok : std::uint8_t {
    End,
    Ident,    // words, labels (bb3), type and struct names (may hold '.'), `-inf`
    Number,   // 12, -3, 1.5, 1e+30, 0x7fc00000
    Local,    // %3, %arg0, %g1: text is what follows '%'
    Func,     // @name: text is the name
    String,   // "text": what is between the quotes (no escapes; it never holds a quote)
    Punct,    // one character of ( ) { } [ ] < > , : = | !, or ->
    Comment,  // `;` to the end of the line: text is what follows, trimmed
    Bad,      // a character that starts no token
};

struct Token {
    Tok kind = Tok::End;
    std::string_view text;
    std::uint32_t column = 0;  // 1-based
    bool is(char c) const { return kind == Tok::Punct && text.size() == 1 && text[0] == c; }
    bool is_word(std::string_view w) const { return kind == Tok::Ident && text == w; }
};

class Cursor {
public:
    // `base_column` is the column of line[0], for cursors over part of a line.
    explicit Cursor(std::string_view line, std::uint32_t base_column = 1) : s_(line), base_(base_column) {}

    Token peek() {
        std::size_t save = pos_;
        Token t = next();
        pos_ = save;
        return t;
    }

    Token next() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\r')) ++pos_;
        Token t;
        t.column = base_ + static_cast<std::uint32_t>(pos_);
        if (pos_ >= s_.size()) return t;
        char c = s_[pos_];
        std::size_t start = pos_;
        if (c == ';') {
            std::string_view rest = s_.substr(pos_ + 1);
            pos_ = s_.size();
            while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
            while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
                rest.remove_suffix(1);
            t.kind = Tok::Comment;
            t.text = rest;
            return t;
        }
        if (c == '%' || c == '@') {
            ++pos_;
            while (pos_ < s_.size() && is_word_char(s_[pos_])) ++pos_;
            t.kind = c == '%' ? Tok::Local : Tok::Func;
            t.text = s_.substr(start + 1, pos_ - start - 1);
            return t;
        }
        if (is_digit(c) || (c == '-' && pos_ + 1 < s_.size() && is_digit(s_[pos_ + 1]))) {
            ++pos_;
            bool hex = s_.substr(start).starts_with("0x") || s_.substr(start).starts_with("-0x");
            while (pos_ < s_.size()) {
                char d = s_[pos_];
                bool exp_sign = !hex && (d == '+' || d == '-') && (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E');
                if (!(is_word_char(d) || exp_sign)) break;
                ++pos_;
            }
            t.kind = Tok::Number;
            t.text = s_.substr(start, pos_ - start);
            return t;
        }
        if (c == '"') {
            std::size_t close = s_.find('"', pos_ + 1);
            if (close == std::string_view::npos) {
                ++pos_;
                t.kind = Tok::Bad;
                t.text = s_.substr(start, 1);
                return t;
            }
            pos_ = close + 1;
            t.kind = Tok::String;
            t.text = s_.substr(start + 1, close - start - 1);
            return t;
        }
        if (c == '-' && s_.substr(pos_).starts_with("->")) {
            pos_ += 2;
            t.kind = Tok::Punct;
            t.text = s_.substr(start, 2);
            return t;
        }
        if (c == '-' && s_.substr(pos_).starts_with("-inf")) {
            pos_ += 4;
            t.kind = Tok::Ident;
            t.text = s_.substr(start, 4);
            return t;
        }
        if (is_word_start(c)) {
            while (pos_ < s_.size() && is_word_char(s_[pos_])) ++pos_;
            t.kind = Tok::Ident;
            t.text = s_.substr(start, pos_ - start);
            return t;
        }
        ++pos_;
        t.text = s_.substr(start, 1);
        t.kind = std::string_view("(){}[]<>,:=|!").find(c) != std::string_view::npos ? Tok::Punct : Tok::Bad;
        return t;
    }

    // The raw text from the current position to the end.
    std::string_view rest() const { return s_.substr(pos_); }
    std::uint32_t column() const { return base_ + static_cast<std::uint32_t>(pos_); }

private:
    static bool is_digit(char c) { return c >= '0' && c <= '9'; }
    static bool is_word_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
    static bool is_word_char(char c) { return is_word_start(c) || is_digit(c) || c == '.'; }

    std::string_view s_;
    std::uint32_t base_;
    std::size_t pos_ = 0;
};

}  // namespace oneshader::ir::text
