// Token handling, name classification, diagnostics and error recovery shared by all productions.
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "syntax/parser_impl.hpp"

namespace oneshader::syntax {

using support::DiagCode;

TranslationUnit* parse(support::CompileContext& ctx, std::span<const Token> tokens, const ParseOptions& options) {
    Parser p(ctx, tokens, options);
    return p.parse_translation_unit();
}

Parser::Parser(support::CompileContext& ctx, std::span<const Token> tokens, const ParseOptions& options)
    : ctx_(ctx), toks_(tokens), options_(options) {
    // A token stream always ends with Eof; an empty span is treated as an empty file.
    if (toks_.empty() || !toks_.back().is(TokenKind::Eof)) {
        std::span<Token> copy = ctx.arena.make_array<Token>(tokens.size() + 1);
        std::copy(tokens.begin(), tokens.end(), copy.begin());
        copy.back() = Token{};
        if (!tokens.empty()) copy.back().loc = tokens.back().loc;
        toks_ = copy;
    }
    names_.resize(256);
    exprs_.reserve(256);
    stmts_.reserve(128);
    attrs_.reserve(16);
    annotations_.reserve(16);
    targs_.reserve(16);
    tparams_.reserve(8);
    symbols_.reserve(16);
    params_.reserve(32);
    enumerators_.reserve(32);
    sym_operator_ = intern("operator");
}

// ---------------------------------------------------------------------------------------------
// Tokens

bool Parser::expect_failed(TokenKind k, std::string_view context) {
    if (k == TokenKind::RBrace && at(TokenKind::Eof)) {
        error_here(DiagCode::parse_missing_closing_brace,
                   fmt::format("missing '}}' {} before the end of the file", context));
        return false;
    }
    std::string found = at(TokenKind::Eof) ? std::string("the end of the file") : fmt::format("'{}'", tok().text);
    SourceLoc where = k == TokenKind::Semicolon && prev_end_.valid() ? prev_end_ : loc();
    error(DiagCode::parse_expected_token, where,
          fmt::format("expected '{}' {}, found {}", token_kind_spelling(k), context, found));
    return false;
}

bool Parser::expect_template_close() {
    if (split_ || at(TokenKind::Greater)) {
        advance();
        return true;
    }
    if (at(TokenKind::GreaterGreater)) {
        // `A<B<int>>`: the first `>` closes the inner list, the second the outer one.
        split_tok_ = toks_[pos_];
        split_tok_.kind = TokenKind::Greater;
        split_tok_.text = split_tok_.text.substr(1);
        split_tok_.loc.offset += 1;
        split_tok_.spelling.offset += 1;
        prev_kind_ = TokenKind::Greater;
        split_ = true;
        return true;
    }
    return expect(TokenKind::Greater, "to close the template argument list");
}

// ---------------------------------------------------------------------------------------------
// Names

Parser::NameInfo& Parser::info_slow(Symbol s) {
    if (!s) {
        no_name_ = NameInfo{};
        return no_name_;
    }
    std::size_t mask = names_.size() - 1;
    for (std::size_t i = s.hash() & mask;; i = (i + 1) & mask) {
        NameSlot& slot = names_[i];
        if (slot.key == s.id()) return slot.info;
        if (slot.key) continue;
        if ((name_count_ + 1) * 2 > names_.size()) {
            grow_names();
            return info_slow(s);
        }
        slot.key = s.id();
        slot.info = NameInfo{};
        slot.info.cls = classify_name(s.str(), s.hash());
        ++name_count_;
        return slot.info;
    }
}

void Parser::grow_names() {
    std::vector<NameSlot> old(names_.size() * 2);
    old.swap(names_);
    std::size_t mask = names_.size() - 1;
    for (const NameSlot& slot : old) {
        if (!slot.key) continue;
        std::size_t i = static_cast<const support::InternedString*>(slot.key)->hash & mask;
        while (names_[i].key) i = (i + 1) & mask;
        names_[i] = slot;
    }
}

Keyword Parser::keyword_at(std::size_t n) {
    const Token& t = n == 0 ? tok() : peek(n);
    if (t.kind != TokenKind::Identifier) return Keyword::None;
    return info(t.ident).cls.keyword;
}

bool Parser::is_type_name(Symbol s) {
    const NameInfo i = info(s);
    return i.cls.builtin_type || i.user_type;
}

bool Parser::is_template_name(Symbol s) {
    const NameInfo i = info(s);
    return i.cls.builtin_template || i.user_template;
}

bool Parser::at_type_start() {
    if (!at(TokenKind::Identifier)) return at(TokenKind::ColonColon);
    if (at_modifier()) return true;
    const NameInfo i = tok_info();
    return i.cls.builtin_type || i.user_type || i.is_namespace;
}

std::size_t Parser::skip_qualified_name(std::size_t i) const {
    std::size_t j = i;
    if (j < toks_.size() && toks_[j].is(TokenKind::ColonColon)) ++j;
    if (j >= toks_.size() || !toks_[j].is(TokenKind::Identifier)) return i;
    ++j;
    while (j + 1 < toks_.size() && toks_[j].is(TokenKind::ColonColon) && toks_[j + 1].is(TokenKind::Identifier))
        j += 2;
    return j;
}

std::size_t Parser::skip_template_qualifiers(std::size_t j) {
    // `Pair<float>::Inner`: template arguments followed by `::` continue the name.
    while (j > 0 && j < toks_.size() && toks_[j].is(TokenKind::Less) && toks_[j - 1].is(TokenKind::Identifier) &&
           is_template_name(toks_[j - 1].ident)) {
        std::size_t k = skip_template_args(j);
        if (k == SIZE_MAX || k + 1 >= toks_.size() || !toks_[k].is(TokenKind::ColonColon) ||
            !toks_[k + 1].is(TokenKind::Identifier))
            break;
        j = skip_qualified_name(k);
    }
    return j;
}

std::size_t Parser::skip_template_args(std::size_t i) const {
    // Counts angle brackets, ignoring those inside parentheses; gives up at tokens that cannot be
    // inside template arguments so a comparison is never mistaken for a long template list.
    int angle = 0;
    int paren = 0;
    for (std::size_t j = i; j < toks_.size(); ++j) {
        switch (toks_[j].kind) {
            case TokenKind::Less:
                if (paren == 0) ++angle;
                break;
            case TokenKind::Greater:
                if (paren == 0 && --angle == 0) return j + 1;
                break;
            case TokenKind::GreaterGreater:
                if (paren == 0) {
                    angle -= 2;
                    if (angle <= 0) return angle == 0 ? j + 1 : SIZE_MAX;
                }
                break;
            case TokenKind::LParen: ++paren; break;
            case TokenKind::RParen:
                if (--paren < 0) return SIZE_MAX;
                break;
            case TokenKind::Semicolon:
            case TokenKind::LBrace:
            case TokenKind::RBrace:
            case TokenKind::Eof:
            case TokenKind::AmpAmp:
            case TokenKind::PipePipe:
            case TokenKind::Equal:
                return SIZE_MAX;
            default: break;
        }
    }
    return SIZE_MAX;
}

bool Parser::at_declaration_start() {
    if (!at(TokenKind::Identifier) && !at(TokenKind::ColonColon)) return false;
    if (at(TokenKind::Identifier)) {
        const NameInfo i = tok_info();
        switch (i.cls.keyword) {
            case Keyword::Modifier: return at_modifier();
            case Keyword::Struct:
            case Keyword::Class:
            case Keyword::Typedef:
            case Keyword::Enum:
            case Keyword::Using:
            case Keyword::Template:
            case Keyword::Interface:
                return true;
            case Keyword::None: break;
            default: return false;
        }
    }
    if (split_) return false;
    std::size_t j = skip_template_qualifiers(skip_qualified_name(pos_));
    if (j == pos_) return false;
    const Token& last = toks_[j - 1];
    if (j < toks_.size() && toks_[j].is(TokenKind::Less)) {
        if (!is_type_name(last.ident) && !is_template_name(last.ident)) return false;
        j = skip_template_args(j);
        if (j == SIZE_MAX) return false;
    }
    // `T name` can only be a declaration; so can `T* p` and `T& r` with a known type T, which the
    // declaration parser then rejects with a clear message.
    if (j >= toks_.size()) return false;
    if ((toks_[j].is(TokenKind::Star) || toks_[j].is(TokenKind::Amp)) && j + 1 < toks_.size() &&
        toks_[j + 1].is(TokenKind::Identifier) && is_type_name(last.ident))
        return true;
    if (toks_[j].is(TokenKind::Identifier)) {
        Keyword k = info(toks_[j].ident).cls.keyword;
        return k == Keyword::None || k == Keyword::Modifier || k == Keyword::Operator;
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// Diagnostics and recovery

void Parser::error(DiagCode code, SourceLoc at, std::string message) {
    if (recovering_) return;
    recovering_ = true;
    ctx_.diags.report(code, support::SourceRange(at), std::move(message));
}

void Parser::error_here(DiagCode code, std::string message) { error(code, loc(), std::move(message)); }

void Parser::expected(DiagCode code, std::string_view what) {
    std::string found = at(TokenKind::Eof) ? std::string("the end of the file") : fmt::format("'{}'", tok().text);
    error_here(code, fmt::format("expected {}, found {}", what, found));
}

void Parser::synchronize() {
    int braces = 0;
    while (!at(TokenKind::Eof)) {
        TokenKind k = kind();
        if (k == TokenKind::LBrace) {
            ++braces;
        } else if (k == TokenKind::RBrace) {
            if (braces == 0) break;
            if (--braces == 0) {
                advance();
                // A block that was skipped whole ends the broken construct unless a `;` follows.
                if (at(TokenKind::Semicolon)) advance();
                break;
            }
        } else if (k == TokenKind::Semicolon && braces == 0) {
            advance();
            break;
        }
        advance();
    }
    recovering_ = false;
}

void Parser::skip_to_block_end() {
    int braces = 0;
    for (; !at(TokenKind::Eof); advance()) {
        if (at(TokenKind::LBrace)) ++braces;
        else if (at(TokenKind::RBrace) && braces-- == 0) break;
    }
}

void Parser::recover() {
    if (!recovering_) return;
    // The failed construct may already have ended at a boundary; skipping on would swallow the
    // next good one.
    if (prev_kind_ == TokenKind::Semicolon || prev_kind_ == TokenKind::RBrace) {
        recovering_ = false;
        return;
    }
    synchronize();
}

bool Parser::too_deep() {
    if (statements_open_ > 0) skip_block_rest_ = true;
    if (!depth_reported_) {
        recovering_ = false;  // this must be seen even inside an earlier error
        error_here(DiagCode::parse_nesting_too_deep,
                   else_ifs_open_ >= options_.max_depth / 2
                       ? fmt::format("the code is nested too deeply (more than {} levels): an else-if chain nests "
                                     "one level per 'else'; use a switch, or split the chain into functions or "
                                     "into if statements that return early",
                                     options_.max_depth)
                       : fmt::format("the code is nested too deeply (more than {} levels); split it into functions "
                                     "or simpler expressions",
                                     options_.max_depth));
        depth_reported_ = true;
    }
    return false;
}

Expr* Parser::finish(Expr* e, const Expr* a, const Expr* b, const Expr* c) {
    std::uint32_t h = 0;
    for (const Expr* x : {a, b, c})
        if (x) h = std::max(h, x->height);
    e->height = h + 1;
    if (e->height > options_.max_expr_height) {
        if (!depth_reported_) {
            recovering_ = false;
            error(DiagCode::parse_nesting_too_deep, e->loc,
                  fmt::format("the expression is too long or nested too deeply (more than {} levels); split it "
                              "into several statements",
                              options_.max_expr_height));
            depth_reported_ = true;
        }
        // Replacing the tree keeps every later walk shallow.
        return make<ErrorExpr>(e->loc);
    }
    return e;
}

Expr* Parser::finish_list(Expr* e, std::span<Expr*> list, const Expr* first) {
    const Expr* highest = first;
    for (const Expr* x : list)
        if (x && (!highest || x->height > highest->height)) highest = x;
    return finish(e, highest);
}

}  // namespace oneshader::syntax
