// Expressions, with C precedence. Binary operators use precedence climbing, so a long chain
// `a + b + c + ...` costs a loop, not a recursion per operator.
#include <fmt/format.h>

#include "syntax/parser_impl.hpp"

namespace oneshader::syntax {

using support::DiagCode;

namespace {

bool is_assignment(TokenKind k) {
    switch (k) {
        case TokenKind::Equal:
        case TokenKind::PlusEqual:
        case TokenKind::MinusEqual:
        case TokenKind::StarEqual:
        case TokenKind::SlashEqual:
        case TokenKind::PercentEqual:
        case TokenKind::AmpEqual:
        case TokenKind::PipeEqual:
        case TokenKind::CaretEqual:
        case TokenKind::LessLessEqual:
        case TokenKind::GreaterGreaterEqual:
            return true;
        default:
            return false;
    }
}

}  // namespace

int Parser::binary_precedence(TokenKind k) const {
    switch (k) {
        case TokenKind::PipePipe: return 1;
        case TokenKind::AmpAmp: return 2;
        case TokenKind::Pipe: return 3;
        case TokenKind::Caret: return 4;
        case TokenKind::Amp: return 5;
        case TokenKind::EqualEqual:
        case TokenKind::BangEqual: return 6;
        case TokenKind::Less:
        case TokenKind::LessEqual: return 7;
        case TokenKind::Greater:
        case TokenKind::GreaterEqual: return greater_closes_ ? -1 : 7;
        case TokenKind::LessLess: return 8;
        case TokenKind::GreaterGreater: return greater_closes_ ? -1 : 8;
        case TokenKind::Plus:
        case TokenKind::Minus: return 9;
        case TokenKind::Star:
        case TokenKind::Slash:
        case TokenKind::Percent: return 10;
        default: return -1;
    }
}

Expr* Parser::parse_expression() {
    Expr* e = parse_assignment();
    while (at(TokenKind::Comma) && !at_eof()) {
        auto* b = make<BinaryExpr>(e->loc);
        b->op = TokenKind::Comma;
        b->op_loc = loc();
        advance();
        b->lhs = e;
        b->rhs = parse_assignment();
        e = finish(b, b->lhs, b->rhs);
    }
    return e;
}

Expr* Parser::parse_assignment() {
    Expr* lhs = parse_conditional();
    if (!is_assignment(kind()) || (greater_closes_ && at(TokenKind::GreaterGreaterEqual))) return lhs;
    // Only the right-recursive chain `a = b = c` needs a bound here; parentheses are counted in
    // parse_unary.
    DepthGuard guard(*this);
    if (!guard.ok) return error_expr();
    auto* b = make<BinaryExpr>(lhs->loc);
    b->op = kind();
    b->op_loc = loc();
    advance();
    b->lhs = lhs;
    b->rhs = parse_assignment();
    return finish(b, b->lhs, b->rhs);
}

Expr* Parser::parse_conditional() {
    Expr* cond = parse_binary(1);
    if (!at(TokenKind::Question)) return cond;
    DepthGuard guard(*this);
    if (!guard.ok) return error_expr();
    auto* c = make<ConditionalExpr>(cond->loc);
    advance();
    c->cond = cond;
    bool saved = greater_closes_;
    greater_closes_ = false;
    c->then_expr = parse_expression();
    greater_closes_ = saved;
    expect(TokenKind::Colon, "in the conditional expression");
    c->else_expr = parse_assignment();
    return finish(c, c->cond, c->then_expr, c->else_expr);
}

Expr* Parser::parse_binary(int min_prec) {
    Expr* lhs = parse_unary();
    for (;;) {
        int prec = binary_precedence(kind());
        if (prec < min_prec || at_eof()) return lhs;
        auto* b = make<BinaryExpr>(lhs->loc);
        b->op = kind();
        b->op_loc = loc();
        advance();
        b->lhs = lhs;
        b->rhs = parse_binary(prec + 1);
        lhs = finish(b, b->lhs, b->rhs);
    }
}

bool Parser::at_cast() {
    if (!at(TokenKind::LParen) || split_) return false;
    const Token& t = peek();
    if (t.is(TokenKind::ColonColon)) return false;
    if (!t.is(TokenKind::Identifier)) return false;
    const NameInfo i = info(t.ident);
    if (i.cls.keyword == Keyword::Modifier) return !i.cls.contextual || peek(2).is(TokenKind::Identifier);
    if (!i.cls.builtin_type && !i.user_type && !i.is_namespace) return false;
    std::size_t j = skip_template_qualifiers(skip_qualified_name(pos_ + 1));
    if (!is_type_name(toks_[j - 1].ident)) return false;
    if (j < toks_.size() && toks_[j].is(TokenKind::Less)) {
        j = skip_template_args(j);
        if (j == SIZE_MAX) return false;
    }
    return j < toks_.size() && toks_[j].is(TokenKind::RParen);
}

Expr* Parser::parse_unary() {
    DepthGuard guard(*this);
    if (!guard.ok) return error_expr();
    switch (kind()) {
        case TokenKind::Plus:
        case TokenKind::Minus:
        case TokenKind::Bang:
        case TokenKind::Tilde:
        case TokenKind::PlusPlus:
        case TokenKind::MinusMinus: {
            auto* u = make<UnaryExpr>(loc());
            u->op = kind();
            advance();
            u->operand = parse_unary();
            return finish(u, u->operand);
        }
        case TokenKind::Star:
        case TokenKind::Amp:
            error_here(DiagCode::parse_unsupported_feature,
                       fmt::format("HLSL has no pointers or references, so unary '{}' is not supported; pass "
                                   "values, or use 'out'/'inout' parameters",
                                   tok().text));
            advance();
            return parse_unary();
        case TokenKind::LParen:
            if (at_cast()) {
                auto* c = make<CastExpr>(loc());
                advance();
                bool saved = greater_closes_;
                greater_closes_ = false;
                c->type = parse_type();
                greater_closes_ = saved;
                if (!c->type || !expect(TokenKind::RParen, "after the type in the cast")) return error_expr();
                c->operand = parse_unary();
                return finish(c, c->operand);
            }
            break;
        default:
            break;
    }
    return parse_postfix(parse_primary());
}

bool Parser::parse_call_args(std::span<Expr*>& out) {
    advance();  // (
    bool saved = greater_closes_;
    greater_closes_ = false;
    std::size_t mark = exprs_.size();
    if (!at(TokenKind::RParen)) {
        for (;;) {
            exprs_.push_back(parse_assignment());
            if (!accept(TokenKind::Comma) || at_eof()) break;
        }
    }
    greater_closes_ = saved;
    out = take(exprs_, mark);
    return expect(TokenKind::RParen, "after the arguments");
}

Expr* Parser::parse_postfix(Expr* e) {
    for (;;) {
        switch (kind()) {
            case TokenKind::LParen: {
                auto* c = make<CallExpr>(e->loc);
                c->callee = e;
                if (!parse_call_args(c->args)) return finish_list(c, c->args, e);
                e = finish_list(c, c->args, e);
                break;
            }
            case TokenKind::LBracket: {
                auto* ix = make<IndexExpr>(e->loc);
                advance();
                bool saved = greater_closes_;
                greater_closes_ = false;
                ix->base = e;
                ix->index = parse_expression();
                greater_closes_ = saved;
                bool ok = expect(TokenKind::RBracket, "after the index");
                e = finish(ix, ix->base, ix->index);
                if (!ok) return e;
                break;
            }
            case TokenKind::Dot: {
                advance();
                auto* m = make<MemberExpr>(e->loc);
                m->base = e;
                m->member_loc = loc();
                if (!at(TokenKind::Identifier)) {
                    expected(DiagCode::parse_expected_identifier, "a member name after '.'");
                    return finish(m, e);
                }
                m->member = tok().ident;
                advance();
                // `buf.Load<float4>(0)`: template arguments only when a type follows `<` and
                // the list closes right before a call.
                if (at(TokenKind::Less) && peek().is(TokenKind::Identifier) && is_type_name(peek().ident) &&
                    !split_) {
                    std::size_t j = skip_template_args(pos_);
                    if (j != SIZE_MAX && j < toks_.size() && toks_[j].is(TokenKind::LParen)) {
                        m->has_template_args = true;
                        if (!parse_template_args(m->template_args)) return finish(m, e);
                    }
                }
                e = finish(m, e);
                break;
            }
            case TokenKind::PlusPlus:
            case TokenKind::MinusMinus: {
                auto* u = make<UnaryExpr>(e->loc);
                u->op = kind();
                u->postfix = true;
                u->operand = e;
                advance();
                e = finish(u, e);
                break;
            }
            case TokenKind::Arrow:
                error_here(DiagCode::parse_unsupported_feature,
                           "HLSL has no pointers, so '->' is not supported; use '.' to access members");
                return e;
            default:
                return e;
        }
    }
}

Expr* Parser::parse_primary() {
    switch (kind()) {
        case TokenKind::Number: return parse_number();
        case TokenKind::String: return parse_string();
        case TokenKind::LParen: {
            advance();
            bool saved = greater_closes_;
            greater_closes_ = false;
            Expr* e = parse_expression();
            greater_closes_ = saved;
            expect(TokenKind::RParen, "to close the parenthesis");
            return e;
        }
        case TokenKind::ColonColon: return parse_name_or_construct();
        case TokenKind::Identifier: break;
        case TokenKind::Char:
            error_here(DiagCode::parse_unsupported_feature,
                       "HLSL has no character type, so character literals are not supported; use an integer "
                       "value instead");
            advance();
            return error_expr();
        default: {
            expected(DiagCode::parse_expected_expression, "an expression");
            return error_expr();
        }
    }
    const NameInfo i = tok_info();
    switch (i.cls.keyword) {
        case Keyword::None: return parse_name_or_construct();
        case Keyword::True:
        case Keyword::False: {
            auto* b = make<BoolLiteralExpr>(loc(), i.cls.keyword == Keyword::True);
            advance();
            return b;
        }
        case Keyword::This: {
            auto* t = make<ThisExpr>(loc());
            advance();
            return t;
        }
        case Keyword::Sizeof: return parse_sizeof();
        case Keyword::Modifier:
            if (i.cls.contextual) return parse_name_or_construct();
            break;
        default: break;
    }
    expected(DiagCode::parse_expected_expression, "an expression");
    return error_expr();
}

Expr* Parser::parse_name_or_construct() {
    SourceLoc start = loc();
    if (at(TokenKind::Identifier)) {
        const NameInfo i = tok_info();
        bool type_call = i.cls.builtin_type && (peek().is(TokenKind::LParen) ||
                                                (i.cls.builtin_template && peek().is(TokenKind::Less)));
        if (type_call) {
            auto* c = make<ConstructExpr>(start);
            c->type = parse_type();
            if (!c->type) return error_expr();
            if (!at(TokenKind::LParen)) {
                expected(DiagCode::parse_expected_token, "'(' after the type name in a constructor");
                return error_expr();
            }
            parse_call_args(c->args);
            return finish_list(c, c->args);
        }
    }
    auto* n = make<NameExpr>(start);
    n->name = parse_qualified_name();
    if (n->name.parts.empty()) return error_expr();
    Symbol last = n->name.last();
    if (at(TokenKind::Less) && is_template_name(last)) {
        n->has_template_args = true;
        if (!parse_template_args(n->template_args)) return n;
    }
    if (at(TokenKind::LParen) && info(last).user_type) {
        // `S(x)` with a struct name: a constructor-style cast, which sema checks.
        auto* c = make<ConstructExpr>(start);
        auto* t = make<TypeSyntax>();
        t->loc = start;
        t->name = n->name;
        t->args = n->template_args;
        t->has_template_args = n->has_template_args;
        c->type = t;
        parse_call_args(c->args);
        return finish_list(c, c->args);
    }
    return n;
}

Expr* Parser::parse_sizeof() {
    auto* s = make<SizeofExpr>(loc());
    advance();
    if (at(TokenKind::LParen) && peek().is(TokenKind::Identifier)) {
        const NameInfo i = info(peek().ident);
        bool type = i.cls.builtin_type || i.user_type || (i.cls.keyword == Keyword::Modifier && !i.cls.contextual);
        // `sizeof(float4(1, 2, 3, 4))` is an expression even though it starts with a type name.
        if (type && !peek(2).is(TokenKind::LParen)) {
            advance();
            bool saved = greater_closes_;
            greater_closes_ = false;
            s->type = parse_type();
            greater_closes_ = saved;
            if (!s->type || !expect(TokenKind::RParen, "after the type in sizeof")) return error_expr();
            return s;
        }
    }
    s->operand = parse_unary();
    return finish(s, s->operand);
}

Expr* Parser::parse_init_list() {
    DepthGuard guard(*this);
    if (!guard.ok) return error_expr();
    auto* l = make<InitListExpr>(loc());
    advance();  // {
    bool saved = greater_closes_;
    greater_closes_ = false;
    std::size_t mark = exprs_.size();
    while (!at(TokenKind::RBrace) && !at_eof()) {
        exprs_.push_back(parse_initializer());
        if (!accept(TokenKind::Comma)) break;
    }
    greater_closes_ = saved;
    l->elements = take(exprs_, mark);
    expect(TokenKind::RBrace, "to close the initializer list");
    return finish_list(l, l->elements);
}

Expr* Parser::parse_initializer() {
    if (at(TokenKind::LBrace)) return parse_init_list();
    return parse_assignment();
}

}  // namespace oneshader::syntax
