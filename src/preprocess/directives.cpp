// Directive dispatch and the directives that are not about macros or includes: conditionals,
// #line, #error/#warning and #pragma. In skipped groups only the conditionals are looked at, so
// text there can be anything the lexer accepts.
#include <fmt/format.h>

#include <charconv>

#include "preprocess/expression.hpp"
#include "preprocess/preprocessor_state.hpp"

namespace oneshader::pp {

using syntax::Token;
using syntax::TokenKind;

void Preprocessor::report(support::DiagCode code, support::SourceLoc at, std::string message) {
    ctx.diags.report(code, support::SourceRange(at), std::move(message));
    if (!at.valid()) return;
    for (support::SourceLoc inc : ctx.sources.include_stack(at.file)) {
        support::PresumedLoc p = ctx.sources.presumed(inc);
        ctx.diags.note(support::SourceRange(inc), fmt::format("in the file included from {}({})", p.file, p.line));
    }
}

void Preprocessor::update_skipping() {
    if (!files_.empty()) files_.back()->lexer.set_skipping(skipping());
}

void Preprocessor::read_line(std::vector<Token>& out) {
    FileFrame& f = *files_.back();
    for (;;) {
        Token t = lex_raw();
        if (t.is(TokenKind::Eof) || t.has(syntax::AtLineStart)) {
            f.lookahead = t;
            f.has_lookahead = true;
            return;
        }
        out.push_back(t);
    }
}

void Preprocessor::skip_line() {
    FileFrame& f = *files_.back();
    for (;;) {
        Token t = lex_raw();
        if (t.is(TokenKind::Eof) || t.has(syntax::AtLineStart)) {
            f.lookahead = t;
            f.has_lookahead = true;
            return;
        }
    }
}

void Preprocessor::expand_line(std::span<const Token> in, std::vector<Token>& out) {
    ListInput input(in);
    Expander expander(*this, input, 1);
    for (;;) {
        Token t = expander.next();
        if (t.is(TokenKind::Eof)) return;
        out.push_back(t);
    }
}

void Preprocessor::extra_tokens_warning(std::span<const Token> rest, std::string_view directive) {
    if (rest.empty()) return;
    report(support::DiagCode::pp_extra_tokens, rest[0].loc,
           fmt::format("extra tokens after #{} are ignored; remove them or make them a comment", directive));
}

void Preprocessor::handle_directive(const Token& hash) {
    FileFrame& f = *files_.back();
    Token name = lex_raw();
    if (name.is(TokenKind::Eof) || name.has(syntax::AtLineStart)) {
        // A lone `#` is the null directive.
        f.lookahead = name;
        f.has_lookahead = true;
        return;
    }
    std::string_view d = name.text;
    bool conditional_start = d == "if" || d == "ifdef" || d == "ifndef";
    bool conditional = conditional_start || d == "elif" || d == "else" || d == "endif";
    // Include guards: only an #ifndef (or #if !defined) opening the file can start one, and
    // nothing may follow its #endif.
    if ((f.guard == GuardState::Start && d != "ifndef" && d != "if") || f.guard == GuardState::AfterGuard)
        f.guard = GuardState::NotGuarded;

    if (skipping() && !conditional) {
        skip_line();
        return;
    }
    if (name.is(TokenKind::Number)) return handle_line(hash, name, true);
    if (!name.is(TokenKind::Identifier)) {
        report(support::DiagCode::pp_unknown_directive, name.loc,
               fmt::format("'#{}' is not a preprocessor directive; write a directive name such as define, include "
                           "or if after '#'",
                           name.text));
        skip_line();
        return;
    }
    if (d == "define") return handle_define(name);
    if (d == "undef") return handle_undef(name);
    if (d == "include") return handle_include(hash, name);
    if (d == "if") return handle_if(hash, name);
    if (d == "ifdef") return handle_ifdef(hash, name, false);
    if (d == "ifndef") return handle_ifdef(hash, name, true);
    if (d == "elif") return handle_elif(hash, name);
    if (d == "else") return handle_else(hash, name);
    if (d == "endif") return handle_endif(hash, name);
    if (d == "line") return handle_line(hash, name, false);
    if (d == "error") return handle_message(hash, name, true);
    if (d == "warning") return handle_message(hash, name, false);
    if (d == "pragma") return handle_pragma(hash, name);
    report(support::DiagCode::pp_unknown_directive, name.loc,
           fmt::format("unknown preprocessor directive '#{}'; check the spelling (#define, #include, #if, #ifdef, "
                       "#ifndef, #elif, #else, #endif, #undef, #line, #error, #pragma)",
                       d));
    skip_line();
}

// --- Conditionals -------------------------------------------------------------------------

bool Preprocessor::evaluate_condition(const Token& name, const std::vector<Token>& line) {
    // `defined X` and `defined(X)` are resolved before macro expansion, so X itself is not expanded.
    std::vector<Token> resolved;
    resolved.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        const Token& t = line[i];
        if (!(t.is(TokenKind::Identifier) && t.ident == defined_)) {
            resolved.push_back(t);
            continue;
        }
        std::size_t j = i + 1;
        bool paren = j < line.size() && line[j].is(TokenKind::LParen);
        if (paren) ++j;
        if (j >= line.size() || !line[j].is(TokenKind::Identifier)) {
            report(support::DiagCode::pp_bad_expression, t.loc,
                   "'defined' needs a macro name: write defined(NAME) or defined NAME");
            return false;
        }
        bool is_defined = macros.find(line[j].ident) != nullptr;
        if (paren) {
            if (j + 1 >= line.size() || !line[j + 1].is(TokenKind::RParen)) {
                report(support::DiagCode::pp_bad_expression, line[j].loc, "missing ')' after 'defined(NAME'");
                return false;
            }
            ++j;
        }
        Token v = t;
        v.kind = TokenKind::Number;
        v.text = is_defined ? "1" : "0";
        v.ident = {};
        resolved.push_back(v);
        i = j;
    }
    std::vector<Token> expanded;
    expand_line(resolved, expanded);
    if (stopped_) return false;
    std::optional<bool> value = pp::evaluate_condition(*this, expanded, name);
    return value.value_or(false);
}

void Preprocessor::handle_if(const Token& hash, const Token& name) {
    if (skipping()) {
        conds_.push_back({hash.loc, false, true, false, false, name.text});
        skip_line();
        return;
    }
    FileFrame& f = *files_.back();
    std::vector<Token> line;
    read_line(line);
    if (f.guard == GuardState::Start) {
        // `#if !defined X` / `#if !defined(X)` as the first directive is a guard as well.
        const std::vector<Token>& probe = line;
        bool guard = false;
        if (probe.size() >= 3 && probe[0].is(TokenKind::Bang) && probe[1].ident == defined_) {
            if (probe.size() == 3 && probe[2].is(TokenKind::Identifier)) {
                guard = true;
                f.guard_macro = probe[2].ident;
            } else if (probe.size() == 5 && probe[2].is(TokenKind::LParen) && probe[3].is(TokenKind::Identifier) &&
                       probe[4].is(TokenKind::RParen)) {
                guard = true;
                f.guard_macro = probe[3].ident;
            }
        }
        if (guard) {
            f.guard = GuardState::InGuard;
            f.guard_cond = conds_.size();
        } else {
            f.guard = GuardState::NotGuarded;
        }
    }
    bool value = evaluate_condition(name, line);
    conds_.push_back({hash.loc, value, value, false, true, name.text});
    update_skipping();
}

void Preprocessor::handle_ifdef(const Token& hash, const Token& name, bool negate) {
    if (skipping()) {
        conds_.push_back({hash.loc, false, true, false, false, name.text});
        skip_line();
        return;
    }
    FileFrame& f = *files_.back();
    std::vector<Token> line;
    read_line(line);
    if (line.empty() || !line[0].is(TokenKind::Identifier)) {
        report(support::DiagCode::pp_bad_expression, line.empty() ? name.loc : line[0].loc,
               fmt::format("#{} needs a macro name; write #{} NAME", name.text, name.text));
        if (f.guard == GuardState::Start) f.guard = GuardState::NotGuarded;
        conds_.push_back({hash.loc, false, false, false, true, name.text});
        update_skipping();
        return;
    }
    extra_tokens_warning(std::span<const Token>(line).subspan(1), name.text);
    bool defined = macros.find(line[0].ident) != nullptr;
    bool live = defined != negate;
    if (f.guard == GuardState::Start) {
        if (negate) {
            f.guard = GuardState::InGuard;
            f.guard_macro = line[0].ident;
            f.guard_cond = conds_.size();
        } else {
            f.guard = GuardState::NotGuarded;
        }
    }
    conds_.push_back({hash.loc, live, live, false, true, name.text});
    update_skipping();
}

void Preprocessor::handle_elif(const Token& hash, const Token& name) {
    FileFrame& f = *files_.back();
    if (conds_.size() == f.cond_base) {
        report(support::DiagCode::pp_unmatched_conditional, hash.loc,
               "#elif without a matching #if; add the #if or remove this line");
        skip_line();
        return;
    }
    Conditional& c = conds_.back();
    if (c.seen_else) {
        report(support::DiagCode::pp_unmatched_conditional, hash.loc,
               "#elif after #else; move it before the #else");
        skip_line();
        return;
    }
    if (f.guard == GuardState::InGuard && f.guard_cond == conds_.size() - 1) f.guard = GuardState::NotGuarded;
    if (c.taken) {
        // A branch was already chosen (or the whole group is skipped): not evaluated.
        c.live = false;
        update_skipping();
        skip_line();
        return;
    }
    c.live = false;
    update_skipping();
    std::vector<Token> line;
    read_line(line);
    bool value = evaluate_condition(name, line);
    Conditional& again = conds_.back();
    again.live = value;
    again.taken = value;
    update_skipping();
}

void Preprocessor::handle_else(const Token& hash, const Token& name) {
    FileFrame& f = *files_.back();
    if (conds_.size() == f.cond_base) {
        report(support::DiagCode::pp_unmatched_conditional, hash.loc,
               "#else without a matching #if; add the #if or remove this line");
        skip_line();
        return;
    }
    Conditional& c = conds_.back();
    if (c.seen_else) {
        report(support::DiagCode::pp_unmatched_conditional, hash.loc,
               "a second #else for the same #if; remove one of them");
        skip_line();
        return;
    }
    if (f.guard == GuardState::InGuard && f.guard_cond == conds_.size() - 1) f.guard = GuardState::NotGuarded;
    std::vector<Token> rest;
    read_line(rest);
    if (c.parent_live) extra_tokens_warning(rest, name.text);
    c.seen_else = true;
    c.live = !c.taken;
    c.taken = true;
    update_skipping();
}

void Preprocessor::handle_endif(const Token& hash, const Token& name) {
    FileFrame& f = *files_.back();
    if (conds_.size() == f.cond_base) {
        report(support::DiagCode::pp_unmatched_conditional, hash.loc,
               "#endif without a matching #if; add the #if or remove this line");
        skip_line();
        return;
    }
    std::vector<Token> rest;
    read_line(rest);
    if (conds_.back().parent_live) extra_tokens_warning(rest, name.text);
    if (f.guard == GuardState::InGuard && f.guard_cond == conds_.size() - 1) f.guard = GuardState::AfterGuard;
    conds_.pop_back();
    update_skipping();
}

void Preprocessor::end_of_file_conditionals() {
    FileFrame& f = *files_.back();
    while (conds_.size() > f.cond_base) {
        const Conditional& c = conds_.back();
        report(support::DiagCode::pp_unterminated_conditional, c.loc,
               fmt::format("this #{} has no matching #endif; add #endif before the end of the file", c.directive));
        conds_.pop_back();
    }
    if (f.guard == GuardState::InGuard) f.guard = GuardState::NotGuarded;
}

// --- #line, #error, #warning, #pragma ------------------------------------------------------

void Preprocessor::handle_line(const Token& hash, const Token& name, bool gnu_marker) {
    FileFrame& f = *files_.back();
    std::vector<Token> line;
    if (gnu_marker) line.push_back(name);
    read_line(line);
    std::vector<Token> expanded;
    if (gnu_marker) {
        expanded = line;
    } else {
        expand_line(line, expanded);
    }
    auto bad = [&](support::SourceLoc at, std::string_view what) {
        report(support::DiagCode::pp_bad_line_directive, at,
               fmt::format("{}; write #line NUMBER or #line NUMBER \"file name\"", what));
    };
    if (expanded.empty() || !expanded[0].is(TokenKind::Number)) {
        bad(expanded.empty() ? name.loc : expanded[0].loc, "#line needs a line number");
        return;
    }
    std::string_view digits = expanded[0].text;
    std::uint32_t number = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (ec != std::errc() || ptr != digits.data() + digits.size() || number > 2147483647u) {
        bad(expanded[0].loc, fmt::format("'{}' is not a line number (digits only, at most 2147483647)", digits));
        return;
    }
    std::string file_name;
    if (expanded.size() >= 2) {
        const Token& s = expanded[1];
        if (!s.is(TokenKind::String) || s.text.size() < 2 || s.text.front() != '"') {
            bad(s.loc, "the file name after the line number must be a string in double quotes");
            return;
        }
        std::string_view inner = s.text.substr(1, s.text.size() - 2);
        for (std::size_t i = 0; i < inner.size(); ++i) {
            if (inner[i] == '\\' && i + 1 < inner.size()) ++i;
            file_name += inner[i];
        }
        // GNU line markers may carry flag numbers after the name; #line may not.
        if (!gnu_marker) extra_tokens_warning(std::span<const Token>(expanded).subspan(2), "line");
    }
    // The directive takes effect on the line after its last token.
    const support::SourceFile& sf = ctx.sources.file(f.file);
    support::SourceLoc last = line.empty() ? name.loc : line.back().loc;
    std::uint32_t line_index = ctx.sources.line(last);  // 1-based: the index of the next line
    const std::vector<std::uint32_t>& starts = ctx.sources.line_starts(f.file);
    std::uint32_t next_start = line_index < starts.size() ? starts[line_index] : static_cast<std::uint32_t>(sf.text.size());
    ctx.sources.add_line_directive(f.file, next_start, number, file_name);
    (void)hash;
}

void Preprocessor::handle_message(const Token& hash, const Token& name, bool is_error) {
    FileFrame& f = *files_.back();
    std::string_view text = f.lexer.rest_of_line();
    (void)name;
    if (is_error) {
        report(support::DiagCode::pp_error_directive, hash.loc,
               text.empty() ? std::string("#error directive") : std::string(text));
    } else {
        report(support::DiagCode::pp_warning_directive, hash.loc,
               text.empty() ? std::string("#warning directive") : std::string(text));
    }
}

void Preprocessor::handle_pragma(const Token& hash, const Token& name) {
    FileFrame& f = *files_.back();
    std::vector<Token> line;
    read_line(line);
    (void)name;
    if (line.empty() || !line[0].is(TokenKind::Identifier)) return;
    std::string_view what = line[0].text;
    if (what == "once") {
        if (!f.key.empty()) once_files_.insert(f.key);
        extra_tokens_warning(std::span<const Token>(line).subspan(1), "pragma once");
        return;
    }
    // Every pragma but `once` stays visible in the -P output, spelled as written.
    std::string text;
    for (const Token& t : line) {
        if (!text.empty() && t.has(syntax::LeadingSpace)) text += ' ';
        text += t.text;
    }
    out_.pragmas.push_back({hash.loc, out_.tokens.size(), std::move(text)});
    if (what == "pack_matrix") {
        std::vector<Token> expanded;
        expand_line(std::span<const Token>(line).subspan(1), expanded);
        if (expanded.size() == 3 && expanded[0].is(TokenKind::LParen) && expanded[2].is(TokenKind::RParen) &&
            (expanded[1].text == "row_major" || expanded[1].text == "column_major")) {
            out_.pack_matrix.push_back({hash.loc, out_.tokens.size(),
                                        expanded[1].text == "row_major" ? MatrixPacking::RowMajor
                                                                        : MatrixPacking::ColumnMajor});
        } else {
            report(support::DiagCode::pp_unknown_pragma, line[0].loc,
                   "#pragma pack_matrix is ignored: write #pragma pack_matrix(row_major) or "
                   "#pragma pack_matrix(column_major)");
        }
        return;
    }
    // Other pragmas (#pragma warning, message, dxc diagnostic, ...) are ignored without a
    // warning, as DXC does: its unknown-pragma warning is off by default.
}

}  // namespace oneshader::pp
