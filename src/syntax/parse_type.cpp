// Types as written: qualified names with template argument lists.
#include <fmt/format.h>

#include "syntax/parser_impl.hpp"

namespace oneshader::syntax {

using support::DiagCode;

TypeSyntax* Parser::parse_type(std::uint32_t modifiers) {
    DepthGuard guard(*this);
    if (!guard.ok) return nullptr;
    while (at_modifier()) {
        modifiers |= tok_info().cls.modifier;
        advance();
    }
    // `struct S s;` names the type the C way; the keyword adds nothing.
    if (at_keyword(Keyword::Struct) || at_keyword(Keyword::Class)) {
        if (peek().is(TokenKind::Identifier)) advance();
    }
    if (at(TokenKind::Identifier)) {
        Keyword k = keyword();
        if (k != Keyword::None) {
            expected(DiagCode::parse_expected_type, "a type");
            return nullptr;
        }
    } else if (!at(TokenKind::ColonColon)) {
        expected(DiagCode::parse_expected_type, "a type");
        return nullptr;
    }
    auto* t = make<TypeSyntax>();
    t->loc = loc();
    t->modifiers = modifiers;
    // `unsigned int` and a bare `unsigned` are DXC's C spellings of `uint`.
    if (at(TokenKind::Identifier) && tok().text == "unsigned") {
        t->name.loc = loc();
        advance();
        if (at(TokenKind::Identifier) && tok().text == "int") advance();
        std::size_t mark = symbols_.size();
        symbols_.push_back(intern("uint"));
        t->name.parts = take(symbols_, mark);
        return t;
    }
    t->name = parse_qualified_name();
    if (at(TokenKind::Less)) {
        t->has_template_args = true;
        if (!parse_template_args(t->args)) return nullptr;
    }
    return t;
}

QualifiedName Parser::parse_qualified_name() {
    QualifiedName q;
    q.loc = loc();
    // Nearly every name is one identifier: it goes to the arena directly.
    if (at(TokenKind::Identifier) && !peek().is(TokenKind::ColonColon) &&
        !(peek().is(TokenKind::Less) && is_template_name(tok().ident))) {
        q.parts = std::span<Symbol>(make<Symbol>(tok().ident), 1);
        advance();
        return q;
    }
    std::size_t mark = symbols_.size();
    if (accept(TokenKind::ColonColon)) q.global = true;
    if (!at(TokenKind::Identifier)) {
        expected(DiagCode::parse_expected_identifier, "a name");
        return q;
    }
    symbols_.push_back(tok().ident);
    advance();
    for (;;) {
        if (at(TokenKind::Less) && is_template_name(symbols_.back())) {
            // `Pair<float>::Inner`: the instance becomes the qualifier of the rest. Only when `::`
            // follows the arguments; otherwise they belong to the caller (`Pair<float> p`).
            std::size_t j = skip_template_args(pos_);
            if (j == SIZE_MAX || j + 1 >= toks_.size() || !toks_[j].is(TokenKind::ColonColon) ||
                !toks_[j + 1].is(TokenKind::Identifier))
                break;
            auto* t = make<TypeSyntax>();
            t->loc = q.loc;
            t->name.loc = q.loc;
            t->name.global = q.global;
            t->name.qualifier = q.qualifier;
            t->name.parts = take(symbols_, mark);
            t->has_template_args = true;
            if (!parse_template_args(t->args)) break;
            q.qualifier = t;
            q.global = false;
            mark = symbols_.size();
            advance();  // ::
            symbols_.push_back(tok().ident);
            advance();
            continue;
        }
        if (!at(TokenKind::ColonColon) || !peek().is(TokenKind::Identifier)) break;
        advance();
        symbols_.push_back(tok().ident);
        advance();
    }
    q.parts = take(symbols_, mark);
    return q;
}

bool Parser::parse_template_args(std::span<TemplateArg>& out) {
    DepthGuard guard(*this);
    if (!guard.ok) return false;
    advance();  // <
    std::size_t mark = targs_.size();
    bool saved = greater_closes_;
    greater_closes_ = true;
    if (!at(TokenKind::Greater) && !at(TokenKind::GreaterGreater)) {
        for (;;) {
            TemplateArg a = parse_template_arg();
            if (!a.type && !a.value) break;
            targs_.push_back(a);
            if (!accept(TokenKind::Comma)) break;
        }
    }
    greater_closes_ = saved;
    out = take(targs_, mark);
    return expect_template_close();
}

TemplateArg Parser::parse_template_arg() {
    TemplateArg a;
    bool as_type = at_type_start();
    if (!as_type && at(TokenKind::Identifier) && keyword() == Keyword::None) {
        // An undeclared name is a type when more type syntax follows; alone it is left as a
        // value (a constant such as `N`) and sema decides.
        TokenKind next = peek().kind;
        as_type = next == TokenKind::Less || next == TokenKind::ColonColon;
    }
    if (as_type) {
        a.type = parse_type();
    } else {
        a.value = parse_conditional();
    }
    return a;
}

}  // namespace oneshader::syntax
