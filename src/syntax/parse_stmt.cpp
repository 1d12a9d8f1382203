// Statements. `case` and `default` are parsed as labels in the enclosing block, so fall-through
// and several labels on one statement need no special shape in the tree.
#include <fmt/format.h>

#include "syntax/parser_impl.hpp"

namespace oneshader::syntax {

using support::DiagCode;

Stmt* Parser::parse_statement() {
    ++statements_open_;
    Stmt* s = parse_statement_here();
    --statements_open_;
    if (skip_block_rest_) {
        // Nested too deeply in this statement: what follows at each level up to the function's
        // body is as deep (a long else-if chain nests one statement per `else`), and parsed, each
        // `else` above would be an error of its own. Every level skips the rest of its block
        // quietly; the outermost statement ends at the body's closing brace.
        skip_to_block_end();
        recovering_ = true;
        if (statements_open_ == 0) {
            skip_block_rest_ = false;
            recovering_ = false;
        }
    }
    return s;
}

Stmt* Parser::parse_statement_here() {
    DepthGuard guard(*this);
    if (!guard.ok) return make<Stmt>(StmtKind::Empty, loc());
    std::span<Attribute> attrs;
    if (at(TokenKind::LBracket)) attrs = parse_attributes();
    Stmt* s = nullptr;
    SourceLoc at_loc = loc();
    switch (kind()) {
        case TokenKind::LBrace: s = parse_block(); break;
        case TokenKind::Semicolon:
            s = make<Stmt>(StmtKind::Empty, at_loc);
            advance();
            break;
        case TokenKind::Identifier:
            switch (keyword()) {
                case Keyword::If: s = parse_if(at_loc); break;
                case Keyword::For: s = parse_for(at_loc); break;
                case Keyword::While: s = parse_while(at_loc); break;
                case Keyword::Do: s = parse_do(at_loc); break;
                case Keyword::Switch: s = parse_switch(at_loc); break;
                case Keyword::Return: s = parse_return(at_loc); break;
                case Keyword::Break: s = parse_simple(StmtKind::Break, "after 'break'"); break;
                case Keyword::Continue: s = parse_simple(StmtKind::Continue, "after 'continue'"); break;
                case Keyword::Discard: s = parse_simple(StmtKind::Discard, "after 'discard'"); break;
                case Keyword::Case: s = parse_label(StmtKind::Case); break;
                case Keyword::Default: s = parse_label(StmtKind::Default); break;
                case Keyword::Else:
                    error_here(DiagCode::parse_expected_statement,
                               "'else' without a matching 'if'; check the braces of the 'if' before it");
                    advance();
                    s = make<Stmt>(StmtKind::Empty, at_loc);
                    break;
                case Keyword::Goto:
                    error_here(DiagCode::parse_unsupported_feature,
                               "'goto' is not supported in HLSL; use loops with 'break' and 'continue' instead");
                    s = make<Stmt>(StmtKind::Empty, at_loc);
                    break;
                case Keyword::Asm:
                    error_here(DiagCode::parse_unsupported_feature, "inline assembly is not supported in HLSL");
                    s = make<Stmt>(StmtKind::Empty, at_loc);
                    break;
                default: break;
            }
            break;
        default: break;
    }
    if (!s) s = at_declaration_start() ? parse_declaration_statement() : parse_expression_statement();
    if (!attrs.empty()) s->attributes = attrs;
    return s;
}

BlockStmt* Parser::parse_block() {
    auto* b = make<BlockStmt>(loc());
    advance();  // {
    std::size_t mark = stmts_.size();
    while (!at(TokenKind::RBrace) && !at_eof()) {
        std::size_t before = pos_;
        stmts_.push_back(parse_statement());
        if (pos_ == before && !recovering_ && !at(TokenKind::RBrace)) recovering_ = true;
        if (pos_ == before) {
            synchronize();
        } else {
            recover();
        }
    }
    b->stmts = take(stmts_, mark);
    b->end_loc = loc();
    if (!expect(TokenKind::RBrace, "to close the block"))
        ctx_.diags.note(support::SourceRange(b->loc), "the block opened here");
    return b;
}

Stmt* Parser::parse_simple(StmtKind k, std::string_view what) {
    auto* s = make<Stmt>(k, loc());
    advance();
    expect(TokenKind::Semicolon, what);
    return s;
}

Stmt* Parser::parse_label(StmtKind k) {
    if (k == StmtKind::Default) {
        auto* s = make<Stmt>(k, loc());
        advance();
        expect(TokenKind::Colon, "after 'default'");
        return s;
    }
    auto* c = make<CaseStmt>(loc());
    advance();
    c->value = parse_conditional();
    expect(TokenKind::Colon, "after the case value");
    return c;
}

Expr* Parser::parse_paren_condition(std::string_view what) {
    if (!expect(TokenKind::LParen, what)) return error_expr();
    bool saved = greater_closes_;
    greater_closes_ = false;
    Expr* e = parse_expression();
    greater_closes_ = saved;
    expect(TokenKind::RParen, "after the condition");
    return e;
}

Stmt* Parser::parse_if(SourceLoc at_loc) {
    auto* s = make<IfStmt>(at_loc);
    advance();
    s->cond = parse_paren_condition("after 'if'");
    s->then_stmt = parse_statement();
    if (at_keyword(Keyword::Else)) {
        advance();
        const bool chained = at_keyword(Keyword::If);
        else_ifs_open_ += chained;
        s->else_stmt = parse_statement();
        else_ifs_open_ -= chained;
    }
    return s;
}

Stmt* Parser::parse_for(SourceLoc at_loc) {
    auto* s = make<ForStmt>(at_loc);
    advance();
    if (!expect(TokenKind::LParen, "after 'for'")) return s;
    bool saved = greater_closes_;
    greater_closes_ = false;
    if (!accept(TokenKind::Semicolon))
        s->init = at_declaration_start() ? parse_declaration_statement() : parse_expression_statement();
    if (!at(TokenKind::Semicolon)) s->cond = parse_expression();
    expect(TokenKind::Semicolon, "after the loop condition");
    if (!at(TokenKind::RParen)) s->step = parse_expression();
    greater_closes_ = saved;
    expect(TokenKind::RParen, "after the loop header");
    s->body = parse_statement();
    return s;
}

Stmt* Parser::parse_while(SourceLoc at_loc) {
    auto* s = make<WhileStmt>(at_loc);
    advance();
    s->cond = parse_paren_condition("after 'while'");
    s->body = parse_statement();
    return s;
}

Stmt* Parser::parse_do(SourceLoc at_loc) {
    auto* s = make<DoWhileStmt>(at_loc);
    advance();
    s->body = parse_statement();
    if (!at_keyword(Keyword::While)) {
        expected(DiagCode::parse_expected_token, "'while' after the body of 'do'");
        return s;
    }
    advance();
    s->cond = parse_paren_condition("after 'while'");
    expect(TokenKind::Semicolon, "after 'do ... while (...)'");
    return s;
}

Stmt* Parser::parse_switch(SourceLoc at_loc) {
    auto* s = make<SwitchStmt>(at_loc);
    advance();
    s->cond = parse_paren_condition("after 'switch'");
    s->body = parse_statement();
    return s;
}

Stmt* Parser::parse_return(SourceLoc at_loc) {
    auto* s = make<ReturnStmt>(at_loc);
    advance();
    if (!at(TokenKind::Semicolon)) s->value = parse_expression();
    expect(TokenKind::Semicolon, "after the return statement");
    return s;
}

Stmt* Parser::parse_declaration_statement() {
    auto* s = make<DeclStmt>(loc());
    std::size_t mark = decls_.size();
    parse_declaration(true);
    s->decls = take(decls_, mark);
    return s;
}

Stmt* Parser::parse_expression_statement() {
    auto* s = make<ExprStmt>(loc());
    s->expr = parse_expression();
    expect(TokenKind::Semicolon, "after the expression");
    return s;
}

}  // namespace oneshader::syntax
