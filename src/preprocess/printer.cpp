// The text form of the preprocessed tokens, as DXC's -P writes it: each token on the line it was
// written on (macro output on the line of its invocation), spacing as written, and a
// `#line N "file"` marker where the output enters or leaves a file or would need many blank lines.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <vector>

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
    // The two-character punctuators (and comment starts), by their first character:
    // ++ += -- -= -> << <= >> >= == != && &= || |= ^= *= /= // /* %= ## :: ..
    std::string_view seconds;
    switch (x) {
        case '+': seconds = "+="; break;
        case '-': seconds = "-=>"; break;
        case '<': seconds = "<="; break;
        case '>': seconds = ">="; break;
        case '=': case '!': case '^': case '*': case '%': seconds = "="; break;
        case '&': seconds = "&="; break;
        case '|': seconds = "|="; break;
        case '/': seconds = "=/*"; break;
        case '#': seconds = "#"; break;
        case ':': seconds = ":"; break;
        case '.': seconds = "."; break;
        default: return false;
    }
    return seconds.find(y) != std::string_view::npos;
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

// Presents the locations of the output tokens, which mostly move forward through one file: the
// line is found by stepping on from the previous token's line instead of searching, and files
// with #line directives take the SourceManager's general path for every location.
class LineCursor {
public:
    explicit LineCursor(const support::SourceManager& sources) : sources_(sources) {}

    support::PresumedLoc presumed(support::SourceLoc loc) {
        if (loc.file == file_ && loc.offset >= begin_ && loc.offset < end_) {
            support::PresumedLoc p = line_;
            p.column = loc.offset - begin_ + 1;
            return p;
        }
        return miss(loc);
    }

private:
    support::PresumedLoc miss(support::SourceLoc loc) {
        if (!loc.valid()) {
            file_ = 0;
            return sources_.presumed(loc);
        }
        const support::SourceFile& f = sources_.file(loc.file);
        if (!f.line_directives.empty()) {
            file_ = 0;
            return sources_.presumed(loc);
        }
        const std::vector<std::uint32_t>& starts = sources_.line_starts(loc.file);
        if (loc.file != file_ || loc.offset < begin_) {
            index_ = static_cast<std::uint32_t>(std::upper_bound(starts.begin(), starts.end(), loc.offset) - starts.begin()) - 1;
        } else {
            while (index_ + 1 < starts.size() && starts[index_ + 1] <= loc.offset) ++index_;
        }
        file_ = loc.file;
        begin_ = starts[index_];
        end_ = index_ + 1 < starts.size() ? starts[index_ + 1] : UINT32_MAX;
        line_.file = f.path;
        line_.line = index_ + 1;
        support::PresumedLoc p = line_;
        p.column = loc.offset - begin_ + 1;
        return p;
    }

    const support::SourceManager& sources_;
    support::FileId file_ = 0;
    std::uint32_t index_ = 0;
    std::uint32_t begin_ = 0;
    std::uint32_t end_ = 0;
    support::PresumedLoc line_;
};

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
    LineCursor cursor(sources);
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
        if (!(t.loc == prev_loc)) p = cursor.presumed(t.loc);
        prev_loc = t.loc;
        // The same name is usually the same characters: compare them only when it is not.
        bool same_name = (p.file.data() == name.data() && p.file.size() == name.size()) || p.file == name;
        bool new_file = t.loc.file != file || !same_name;
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
                std::uint32_t column = p.column;
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
