#pragma once
// Tokens shared by the preprocessor (which produces them) and the parser (which consumes them).
// Keywords are not a token kind: the parser tells them apart by their interned spelling, so
// `#define float half` works as in DXC.
#include <cstdint>
#include <string_view>

#include "support/interner.hpp"
#include "support/source_manager.hpp"

namespace oneshader::syntax {

enum class TokenKind : std::uint8_t {
    Eof,
    Identifier,
    Number,        // a pp-number: integer or floating literal with any suffix; the parser classifies it
    String,        // "..." (only used by #include, #line, #error and pragmas in HLSL)
    Char,          // '...'
    // Punctuators
    LParen, RParen, LBracket, RBracket, LBrace, RBrace,
    Semicolon, Comma, Colon, ColonColon, Question, Dot, Ellipsis, Arrow,
    Plus, Minus, Star, Slash, Percent, PlusPlus, MinusMinus,
    Amp, Pipe, Caret, Tilde, Bang, AmpAmp, PipePipe,
    Less, Greater, LessEqual, GreaterEqual, EqualEqual, BangEqual,
    LessLess, GreaterGreater,
    Equal, PlusEqual, MinusEqual, StarEqual, SlashEqual, PercentEqual,
    AmpEqual, PipeEqual, CaretEqual, LessLessEqual, GreaterGreaterEqual,
    Hash, HashHash,
    Unknown,       // a stray character; the preprocessor reports it if it reaches the parser
};

std::string_view token_kind_spelling(TokenKind kind);  // "(" for LParen, "identifier" for Identifier

enum TokenFlags : std::uint8_t {
    AtLineStart = 1 << 0,     // first token on its line (after #line processing too)
    LeadingSpace = 1 << 1,    // whitespace or a comment came before it
    FromMacro = 1 << 2,       // produced by a macro expansion
    NoExpand = 1 << 3,        // an identifier that must not be expanded again (recursion rule)
};

struct Token {
    TokenKind kind = TokenKind::Eof;
    std::uint8_t flags = 0;
    // Where the user wrote it: for macro output, the start of the outermost macro invocation.
    support::SourceLoc loc;
    // Where the characters come from: the macro body or argument for macro output, else == loc.
    support::SourceLoc spelling;
    std::string_view text;       // spelling; points into a source file or the compile's arena
    support::Symbol ident;       // interned spelling, set for identifiers

    bool is(TokenKind k) const { return kind == k; }
    bool has(TokenFlags f) const { return (flags & f) != 0; }
};

}  // namespace oneshader::syntax
