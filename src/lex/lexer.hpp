#pragma once
// The raw lexer: turns the characters of one source text into preprocessing tokens, one at a
// time. It knows nothing of directives or macros; the preprocessor drives it line by line using
// the AtLineStart flag. Line splices (backslash-newline) are removed wherever they occur, comments
// become whitespace, and a token's text points into the source unless a splice forced a cleaned
// copy into the arena.
#include <cstdint>
#include <string_view>

#include "lex/token.hpp"
#include "support/arena.hpp"
#include "support/context.hpp"
#include "support/diagnostics.hpp"
#include "support/interner.hpp"

namespace oneshader::syntax {

class Lexer {
public:
    // Lexes `text`, which belongs to `file` (locations are offsets into it). `diags` may be null
    // to lex silently, e.g. when re-lexing the result of a `##` paste.
    Lexer(std::string_view text, support::FileId file, support::Interner& interner, support::Arena& arena,
          support::DiagnosticEngine* diags);
    // Lexes a file of the compile.
    Lexer(support::CompileContext& ctx, support::FileId file);

    // The next token; Eof (at the end of the text) forever after the last one.
    Token next() {
        Token t;
        next(t);
        return t;
    }
    // The same into `t`, which must be default-constructed: the preprocessor lexes straight into
    // its output this way instead of copying each token out.
    void next(Token& t);

    // For `#include`: when the rest of the line starts with `<`, the header name up to `>` as one
    // String token whose text keeps the brackets; otherwise the same as next().
    Token next_include_name();

    // The raw text from here to the end of the line, without leading/trailing whitespace; the
    // lexer then stands at the start of the next line. For the messages of #error and #warning.
    std::string_view rest_of_line();

    // In skipped conditional groups, unterminated quotes are not errors (text like `don't` is
    // common there); unterminated block comments still are.
    void set_skipping(bool skipping) { skipping_ = skipping; }

    support::FileId file() const { return file_; }
    std::uint32_t offset() const { return pos_; }

    // True when `text` lexes as exactly one token (no whitespace or comments); the token is stored
    // in `out` with invalid locations. Used to validate `##` results.
    static bool lex_single(std::string_view text, support::Interner& interner, support::Arena& arena, Token& out);

private:
    char peek(std::uint32_t ahead = 0);  // the character `ahead` positions on, splices skipped
    void skip_splices() {
        if (pos_ < size_ && text_[pos_] == '\\') skip_splices_slow();
    }
    void skip_splices_slow();
    void advance();                      // past the current character (and any splice after it)
    bool at_end() { skip_splices(); return pos_ >= size_; }

    // Skips whitespace and comments; sets the flags the next token carries.
    void skip_trivia();
    // Skips blanks and newlines only (the common case, kept inline in lexer.cpp).
    void skip_blanks();
    // Each moves past one token and says its kind. None writes the token: `next` stores it whole
    // at the end, since a store through the token's byte-sized fields would make the compiler
    // reload the lexer's position and text after it.
    TokenKind lex_identifier();
    TokenKind lex_number();
    TokenKind lex_quoted(char quote);
    TokenKind lex_punctuator();
    void finish(Token& t, std::uint32_t begin) {
        if (saw_splice_) return finish_spliced(t, begin);
        t.loc = support::SourceLoc{file_, begin};
        t.spelling = t.loc;
        t.text = std::string_view(text_.data() + begin, pos_ - begin);
    }
    void finish_spliced(Token& t, std::uint32_t begin);  // copies the text without its splices
    void report(support::DiagCode code, std::uint32_t offset, std::string message);

    std::string_view text_;
    std::uint32_t size_;
    std::uint32_t pos_ = 0;
    support::FileId file_;
    support::Interner& interner_;
    support::Arena& arena_;
    support::DiagnosticEngine* diags_;
    bool at_line_start_ = true;
    bool leading_space_ = false;
    bool saw_splice_ = false;  // the current token contains a splice: its text needs cleaning
    bool skipping_ = false;
    std::uint32_t ident_hash_ = 0;  // the interner's hash of the identifier just read, when no splice was in it
};

}  // namespace oneshader::syntax
