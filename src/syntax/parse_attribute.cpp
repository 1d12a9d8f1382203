// Attributes: `[numthreads(8, 8, 1)]`, `[unroll]`, `[[vk::binding(0, 1)]]`. All are kept with
// their namespace, name and argument expressions; which ones mean something is sema's call.
#include <fmt/format.h>

#include "syntax/parser_impl.hpp"

namespace oneshader::syntax {

using support::DiagCode;

std::span<Attribute> Parser::parse_attributes() {
    if (!at(TokenKind::LBracket)) return {};  // the usual case: nothing to collect
    std::size_t mark = attrs_.size();
    while (at(TokenKind::LBracket) && !at_eof()) {
        bool cxx11 = peek().is(TokenKind::LBracket);
        advance();
        if (cxx11) advance();
        for (;;) {
            parse_attribute_body(attrs_, cxx11);
            if (!cxx11 || !accept(TokenKind::Comma)) break;
        }
        if (!expect(TokenKind::RBracket, "to close the attribute")) break;
        if (cxx11 && !expect(TokenKind::RBracket, "to close the attribute")) break;
    }
    return take(attrs_, mark);
}

void Parser::parse_attribute_body(std::vector<Attribute>& out, bool cxx11) {
    Attribute a;
    a.loc = loc();
    a.cxx11 = cxx11;
    if (!at(TokenKind::Identifier)) {
        expected(DiagCode::parse_invalid_attribute, "an attribute name");
        return;
    }
    a.name = tok().ident;
    advance();
    if (at(TokenKind::ColonColon) && peek().is(TokenKind::Identifier)) {
        advance();
        a.ns = a.name;
        a.name = tok().ident;
        advance();
    }
    if (at(TokenKind::LParen)) {
        if (!parse_call_args(a.args)) return;
    }
    out.push_back(a);
}

}  // namespace oneshader::syntax
