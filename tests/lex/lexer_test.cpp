// The raw lexer: token kinds, flags, locations, splices, comments and literal errors.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "lex/lexer.hpp"
#include "support/context.hpp"

using namespace oneshader;
using syntax::Token;
using syntax::TokenKind;

namespace {

struct Lexed {
    support::CompileContext ctx;
    support::FileId file = 0;
    std::vector<Token> tokens;  // without the final Eof

    explicit Lexed(std::string text) {
        file = ctx.sources.add("test.hlsl", std::move(text));
        syntax::Lexer lexer(ctx, file);
        for (int guard = 0; guard < 10000; ++guard) {
            Token t = lexer.next();
            if (t.is(TokenKind::Eof)) break;
            tokens.push_back(t);
        }
    }
    std::vector<std::string> texts() const {
        std::vector<std::string> out;
        for (const Token& t : tokens) out.emplace_back(t.text);
        return out;
    }
    std::vector<TokenKind> kinds() const {
        std::vector<TokenKind> out;
        for (const Token& t : tokens) out.push_back(t.kind);
        return out;
    }
    std::string pos(const Token& t) const {
        return std::to_string(ctx.sources.line(t.loc)) + ":" + std::to_string(ctx.sources.column(t.loc));
    }
    std::vector<std::string> codes() const {
        std::vector<std::string> out;
        for (const auto& d : ctx.diags.diagnostics()) out.push_back(support::format_code(d.code));
        return out;
    }
};

}  // namespace

TEST_CASE("lexer: identifiers, numbers and punctuators") {
    Lexed l("float4 x = a.b * 2;");
    CHECK(l.texts() == std::vector<std::string>{"float4", "x", "=", "a", ".", "b", "*", "2", ";"});
    CHECK(l.kinds() == std::vector<TokenKind>{TokenKind::Identifier, TokenKind::Identifier, TokenKind::Equal,
                                              TokenKind::Identifier, TokenKind::Dot, TokenKind::Identifier,
                                              TokenKind::Star, TokenKind::Number, TokenKind::Semicolon});
    CHECK(l.tokens[0].ident.str() == "float4");
    CHECK(l.tokens[0].ident == l.ctx.interner.find("float4"));
}

TEST_CASE("lexer: pp-numbers keep suffixes, exponents and leading dots") {
    Lexed l("1.0e-3f 0x1Fu .5h 10L 1e+5 2.5E-2h 0b101 3.f 1-2");
    CHECK(l.texts() ==
          std::vector<std::string>{"1.0e-3f", "0x1Fu", ".5h", "10L", "1e+5", "2.5E-2h", "0b101", "3.f", "1", "-", "2"});
    for (std::size_t i = 0; i + 2 < l.tokens.size(); ++i) CHECK(l.tokens[i].is(TokenKind::Number));
}

TEST_CASE("lexer: every multi-character punctuator is one token") {
    Lexed l(":: ... -> ++ -- && || <= >= == != << >> += -= *= /= %= &= |= ^= <<= >>= ## #");
    CHECK(l.kinds() == std::vector<TokenKind>{
                           TokenKind::ColonColon, TokenKind::Ellipsis, TokenKind::Arrow, TokenKind::PlusPlus,
                           TokenKind::MinusMinus, TokenKind::AmpAmp, TokenKind::PipePipe, TokenKind::LessEqual,
                           TokenKind::GreaterEqual, TokenKind::EqualEqual, TokenKind::BangEqual, TokenKind::LessLess,
                           TokenKind::GreaterGreater, TokenKind::PlusEqual, TokenKind::MinusEqual,
                           TokenKind::StarEqual, TokenKind::SlashEqual, TokenKind::PercentEqual, TokenKind::AmpEqual,
                           TokenKind::PipeEqual, TokenKind::CaretEqual, TokenKind::LessLessEqual,
                           TokenKind::GreaterGreaterEqual, TokenKind::HashHash, TokenKind::Hash});
}

TEST_CASE("lexer: single-character punctuators and maximal munch") {
    Lexed l("(){}[];,:?.~!%^&|< > =+-*/a+++b");
    CHECK(l.texts() == std::vector<std::string>{"(", ")", "{", "}", "[", "]", ";", ",", ":", "?", ".", "~", "!",
                                                "%", "^", "&", "|", "<", ">", "=", "+", "-", "*", "/", "a", "++",
                                                "+", "b"});
}

TEST_CASE("lexer: line start and leading space flags") {
    Lexed l("a b\n  c/**/d\n#x");
    REQUIRE(l.tokens.size() == 6);
    CHECK(l.tokens[0].has(syntax::AtLineStart));
    CHECK_FALSE(l.tokens[0].has(syntax::LeadingSpace));
    CHECK(l.tokens[1].has(syntax::LeadingSpace));
    CHECK_FALSE(l.tokens[1].has(syntax::AtLineStart));
    CHECK(l.tokens[2].has(syntax::AtLineStart));
    CHECK(l.tokens[2].has(syntax::LeadingSpace));
    CHECK(l.tokens[3].has(syntax::LeadingSpace));  // a comment counts as whitespace
    CHECK(l.tokens[4].has(syntax::AtLineStart));
    CHECK(l.tokens[4].is(TokenKind::Hash));
    CHECK_FALSE(l.tokens[5].has(syntax::AtLineStart));
}

TEST_CASE("lexer: locations are line and column of the first character") {
    Lexed l("int a;\n\tfloat  b;\r\nc");
    REQUIRE(l.tokens.size() == 7);
    CHECK(l.pos(l.tokens[0]) == "1:1");
    CHECK(l.pos(l.tokens[1]) == "1:5");
    CHECK(l.pos(l.tokens[3]) == "2:2");
    CHECK(l.pos(l.tokens[4]) == "2:9");
    CHECK(l.pos(l.tokens[6]) == "3:1");
    CHECK(l.tokens[4].spelling == l.tokens[4].loc);
}

TEST_CASE("lexer: comments disappear, a line comment ends at the newline") {
    Lexed l("a // b c\nd /* e\n f */ g");
    CHECK(l.texts() == std::vector<std::string>{"a", "d", "g"});
    CHECK(l.tokens[1].has(syntax::AtLineStart));
    // A block comment spanning lines does not start a new line: a directive continues after it.
    CHECK_FALSE(l.tokens[2].has(syntax::AtLineStart));
    CHECK(l.codes().empty());
}

TEST_CASE("lexer: an unterminated block comment is an error at its start") {
    Lexed l("a\n  /* never closed\n b");
    CHECK(l.texts() == std::vector<std::string>{"a"});
    REQUIRE(l.codes() == std::vector<std::string>{"OSH0127"});
    const auto& d = l.ctx.diags.diagnostics()[0];
    CHECK(l.ctx.sources.line(d.range.begin) == 2);
    CHECK(l.ctx.sources.column(d.range.begin) == 3);
}

TEST_CASE("lexer: line splices join lines inside tokens and comments") {
    Lexed l("ab\\\ncd 12\\\r\n34 // comment \\\n still comment\nx");
    CHECK(l.texts() == std::vector<std::string>{"abcd", "1234", "x"});
    CHECK(l.tokens[0].ident.str() == "abcd");
    CHECK(l.tokens[2].has(syntax::AtLineStart));
}

TEST_CASE("lexer: a splice in the middle of a punctuator") {
    Lexed l("a +\\\n= b");
    CHECK(l.texts() == std::vector<std::string>{"a", "+=", "b"});
    CHECK(l.tokens[1].is(TokenKind::PlusEqual));
}

TEST_CASE("lexer: strings and characters with escapes") {
    Lexed l(R"("a \"q\" b" 'x' '\'' "")");
    CHECK(l.texts() == std::vector<std::string>{R"("a \"q\" b")", "'x'", R"('\'')", R"("")"});
    CHECK(l.kinds() == std::vector<TokenKind>{TokenKind::String, TokenKind::Char, TokenKind::Char, TokenKind::String});
    CHECK(l.codes().empty());
}

TEST_CASE("lexer: unterminated string is an error at its quote") {
    Lexed l("x = \"abc\ny");
    CHECK(l.codes() == std::vector<std::string>{"OSH0115"});
    CHECK(l.ctx.sources.column(l.ctx.diags.diagnostics()[0].range.begin) == 5);
    CHECK(l.texts().back() == "y");
}

TEST_CASE("lexer: stray characters become Unknown tokens, UTF-8 sequences stay whole") {
    Lexed l("a @ \xC3\xA9 $b");
    CHECK(l.kinds() == std::vector<TokenKind>{TokenKind::Identifier, TokenKind::Unknown, TokenKind::Unknown,
                                              TokenKind::Unknown, TokenKind::Identifier});
    CHECK(l.texts()[2] == "\xC3\xA9");
}

TEST_CASE("lexer: include names in angle brackets") {
    support::CompileContext ctx;
    auto file = ctx.sources.add("t.hlsl", "include <a/b.h> x\ninclude \"q.h\"");
    syntax::Lexer lexer(ctx, file);
    CHECK(lexer.next().text == "include");
    Token name = lexer.next_include_name();
    CHECK(name.is(TokenKind::String));
    CHECK(name.text == "<a/b.h>");
    CHECK(lexer.next().text == "x");
    CHECK(lexer.next().text == "include");
    CHECK(lexer.next_include_name().text == "\"q.h\"");
}

TEST_CASE("lexer: rest of line for #error text") {
    support::CompileContext ctx;
    auto file = ctx.sources.add("t.hlsl", "error   don't do \\\nthat  \nnext");
    syntax::Lexer lexer(ctx, file);
    CHECK(lexer.next().text == "error");
    CHECK(lexer.rest_of_line() == "don't do that");
    Token t = lexer.next();
    CHECK(t.text == "next");
    CHECK(t.has(syntax::AtLineStart));
    CHECK(ctx.diags.diagnostics().empty());
}

TEST_CASE("lexer: skipping mode does not report unterminated quotes") {
    support::CompileContext ctx;
    auto file = ctx.sources.add("t.hlsl", "don't\n");
    syntax::Lexer lexer(ctx, file);
    lexer.set_skipping(true);
    while (!lexer.next().is(TokenKind::Eof)) {
    }
    CHECK(ctx.diags.diagnostics().empty());
}

TEST_CASE("lexer: lex_single accepts exactly one token") {
    support::CompileContext ctx;
    Token t;
    CHECK(syntax::Lexer::lex_single("ab12", ctx.interner, ctx.arena, t));
    CHECK(t.is(TokenKind::Identifier));
    CHECK(t.ident.str() == "ab12");
    CHECK(syntax::Lexer::lex_single("<<=", ctx.interner, ctx.arena, t));
    CHECK_FALSE(syntax::Lexer::lex_single("+-", ctx.interner, ctx.arena, t));
    CHECK_FALSE(syntax::Lexer::lex_single("a b", ctx.interner, ctx.arena, t));
    CHECK_FALSE(syntax::Lexer::lex_single("", ctx.interner, ctx.arena, t));
    CHECK_FALSE(syntax::Lexer::lex_single("/ /", ctx.interner, ctx.arena, t));
}

TEST_CASE("lexer: end of file keeps returning Eof") {
    Lexed l("");
    CHECK(l.tokens.empty());
    support::CompileContext ctx;
    auto file = ctx.sources.add("t.hlsl", "a");
    syntax::Lexer lexer(ctx, file);
    lexer.next();
    CHECK(lexer.next().is(TokenKind::Eof));
    CHECK(lexer.next().is(TokenKind::Eof));
}
