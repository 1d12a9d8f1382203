// The text form of the preprocessed tokens, as DXC's -P writes it: each token on the line it was
// written on (macro output on the line of its invocation), spacing as written, and a
// `#line N "file"` marker where the output enters or leaves a file or would need many blank lines.
#include <fmt/format.h>

#include "preprocess/preprocessor.hpp"

namespace oneshader::pp {

using syntax::Token;
using syntax::TokenKind;

namespace {

constexpr std::uint32_t max_blank_lines = 8;

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether printing `b` right after `a` would lex differently (only possible at macro boundaries).
bool would_merge(const Token& a, const Token& b) {
    if (a.text.empty() || b.text.empty()) return false;
    char x = a.text.back();
    char y = b.text.front();
    if (is_word_char(x) && is_word_char(y)) return true;
    if (a.is(TokenKind::Number) && (y == '.' || ((x == 'e' || x == 'E' || x == 'p' || x == 'P') && (y == '+' || y == '-'))))
        return true;
    if (x == '.' && y >= '0' && y <= '9') return true;
    static constexpr std::string_view pairs[] = {"++", "--", "+=", "-=", "->", "<<", ">>", "<=", ">=", "==", "!=", "&&",
                                                 "||", "&=", "|=", "^=", "*=", "/=", "%=", "##", "::", "..", "//", "/*"};
    for (std::string_view p : pairs)
        if (p[0] == x && p[1] == y) return true;
    return false;
}

void append_marker(std::string& out, std::uint32_t line, std::string_view file) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += "#line ";
    out += std::to_string(line);
    out += " \"";
    for (char c : file) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += "\"\n";
}

}  // namespace

std::string print_preprocessed(const support::SourceManager& sources, std::span<const Token> tokens,
                               std::span<const PragmaLine> pragmas) {
    std::string out;
    out.reserve(tokens.size() * 6 + 64);
    support::FileId file = 0;
    std::string_view name;
    std::uint32_t line = 0;
    bool at_line_start = true;
    const Token* prev = nullptr;
    support::SourceLoc prev_loc;
    support::PresumedLoc p;
    std::size_t next_pragma = 0;
    // A pragma goes on a line of its own, at its own source line.
    auto print_pragma = [&](const PragmaLine& pragma) {
        support::PresumedLoc where = sources.presumed(pragma.loc);
        if (pragma.loc.file != file || where.file != name || where.line < line || where.line > line + max_blank_lines) {
            append_marker(out, where.line, where.file);
            file = pragma.loc.file;
            name = where.file;
        } else {
            if (!at_line_start) out += '\n';
            if (where.line > line + (at_line_start ? 0 : 1)) out.append(where.line - line - (at_line_start ? 0 : 1), '\n');
        }
        out += "#pragma ";
        out += pragma.text;
        out += '\n';
        line = where.line + 1;
        at_line_start = true;
        prev_loc = {};
    };
    for (std::size_t index = 0; index < tokens.size(); ++index) {
        const Token& t = tokens[index];
        while (next_pragma < pragmas.size() && pragmas[next_pragma].token_index <= index) print_pragma(pragmas[next_pragma++]);
        if (t.is(TokenKind::Eof)) break;
        // Tokens of one macro expansion share their location: look it up once.
        if (!(t.loc == prev_loc)) p = sources.presumed(t.loc);
        prev_loc = t.loc;
        bool new_file = t.loc.file != file || p.file != name;
        if (new_file || p.line < line || p.line > line + max_blank_lines) {
            append_marker(out, p.line, p.file);
            file = t.loc.file;
            name = p.file;
            line = p.line;
            at_line_start = true;
        } else if (p.line > line) {
            out.append(p.line - line, '\n');
            line = p.line;
            at_line_start = true;
        }
        if (at_line_start) {
            // Keep the indentation of the line's first token.
            if (!t.has(syntax::FromMacro) || t.has(syntax::AtLineStart)) {
                std::uint32_t column = sources.column(t.loc);
                if (column > 1) out.append(std::min<std::uint32_t>(column - 1, 120), ' ');
            }
        } else if (t.has(syntax::LeadingSpace) ||
                   (prev && (t.has(syntax::FromMacro) || prev->has(syntax::FromMacro)) && would_merge(*prev, t))) {
            out += ' ';
        }
        out += t.text;
        at_line_start = false;
        prev = &t;
    }
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
}

}  // namespace oneshader::pp
