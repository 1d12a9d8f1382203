// The preprocessor's main loop and file stack: tokens come from the top file, directives are
// handled as they appear, skipped groups are dropped, and the expander turns the rest into the
// output stream. Limits stop the run with a diagnostic instead of exhausting memory or time.
#include "preprocess/preprocessor.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "preprocess/include_log.hpp"
#include "preprocess/preprocessor_state.hpp"

namespace oneshader::pp {

using syntax::Token;
using syntax::TokenKind;

Preprocessor::Preprocessor(support::CompileContext& context, const CompileOptions& options, bool from_text)
    : ctx(context), options_(options), from_text_(from_text) {
    va_args_ = ctx.interner.intern("__VA_ARGS__");
    defined_ = ctx.interner.intern("defined");
    line_sym_ = ctx.interner.intern("__LINE__");
    file_sym_ = ctx.interner.intern("__FILE__");
    counter_sym_ = ctx.interner.intern("__COUNTER__");
    sym_true_ = ctx.interner.intern("true");
    sym_false_ = ctx.interner.intern("false");
}

ExpanderScratch& Preprocessor::scratch(std::uint32_t depth) {
    while (scratch_.size() <= depth) scratch_.push_back(std::make_unique<ExpanderScratch>());
    return *scratch_[depth];
}

bool Preprocessor::count_steps(std::uint64_t steps, support::SourceLoc at) {
    steps_ += steps;
    if (steps_ <= options_.limits.max_expansion_steps) return true;
    if (!reported_limit_) {
        reported_limit_ = true;
        ctx.diags.report(support::DiagCode::pp_expansion_limit, support::SourceRange(at),
                         fmt::format("macro expansion takes more than {} steps; check for macros that expand "
                                     "into ever more macros, or raise limits.max_expansion_steps",
                                     options_.limits.max_expansion_steps));
    }
    stop();
    return false;
}

void Preprocessor::report_in_macro(support::DiagCode code, support::SourceLoc at, const Macro& m,
                                   std::string message) {
    ctx.diags.report(code, support::SourceRange(at), std::move(message));
    if (m.loc.valid()) ctx.diags.note(support::SourceRange(m.loc), fmt::format("expanded from macro '{}'", m.name.str()));
}

void Preprocessor::enter_file(support::FileId id, std::string key) {
    // Room for the file's tokens up front (about one per three characters), so the output is
    // not moved again and again as includes add to it.
    std::size_t want = out_.tokens.size() + ctx.sources.text(id).size() / 3 + 16;
    if (want > out_.tokens.capacity()) out_.tokens.reserve(std::max(want, out_.tokens.capacity() * 2));
    auto frame = std::make_unique<FileFrame>(ctx, id);
    frame->cond_base = conds_.size();
    frame->key = std::move(key);
    files_.push_back(std::move(frame));
}

void Preprocessor::leave_file() {
    FileFrame& f = *files_.back();
    if (!stopped_) end_of_file_conditionals();
    if (f.guard == GuardState::AfterGuard && !f.key.empty() && f.guard_macro)
        guarded_files_.emplace(f.key, f.guard_macro);
    files_.pop_back();
}

TokenKind Preprocessor::peek_kind() {
    if (stopped_ || files_.empty()) return TokenKind::Eof;
    FileFrame& f = *files_.back();
    if (!f.has_lookahead) {
        f.lookahead = f.lexer.next();
        f.has_lookahead = true;
    }
    // A directive line ends any search for `(`.
    if (f.lookahead.is(TokenKind::Hash) && f.lookahead.has(syntax::AtLineStart)) return TokenKind::Eof;
    return f.lookahead.kind;
}

Token Preprocessor::next_in_args() {
    if (stopped_ || files_.empty()) return Token{};
    FileFrame& f = *files_.back();
    Token t = lex_raw();
    // An argument list cannot run past a directive or out of its file; the token stays for the
    // main loop, and the expander reports the unclosed list.
    if (t.is(TokenKind::Eof) || (t.is(TokenKind::Hash) && t.has(syntax::AtLineStart))) {
        f.lookahead = t;
        f.has_lookahead = true;
        return Token{TokenKind::Eof, 0, t.loc, t.loc, {}, {}};
    }
    if (f.guard == GuardState::AfterGuard || f.guard == GuardState::Start) f.guard = GuardState::NotGuarded;
    return t;
}

Token Preprocessor::next() {
    while (!stopped_ && !files_.empty()) {
        FileFrame& f = *files_.back();
        Token t = lex_raw();
        if (t.is(TokenKind::Eof)) {
            if (files_.size() == 1) {
                leave_file();
                return t;
            }
            leave_file();
            continue;
        }
        if (t.is(TokenKind::Hash) && t.has(syntax::AtLineStart)) {
            handle_directive(t);
            if (ctx.diags.limit_reached()) stop();
            continue;
        }
        if (skipping()) continue;
        if (f.guard == GuardState::AfterGuard || f.guard == GuardState::Start) f.guard = GuardState::NotGuarded;
        return t;
    }
    return Token{};
}

void Preprocessor::emit(const Token& t) {
    if (out_.tokens.size() < options_.limits.max_output_tokens && t.kind != TokenKind::Unknown) [[likely]] {
        out_.tokens.push_back(t);
        return;
    }
    emit_checked(t);
}

bool Preprocessor::fits_output(std::size_t tokens, support::SourceLoc at) {
    if (tokens <= options_.limits.max_output_tokens) return true;
    report_output_limit(at);
    return false;
}

void Preprocessor::report_output_limit(support::SourceLoc at) {
    ctx.diags.report(support::DiagCode::pp_output_limit, support::SourceRange(at),
                     fmt::format("the preprocessed output has more than {} tokens; check for runaway macro "
                                 "expansion, or raise limits.max_output_tokens",
                                 options_.limits.max_output_tokens));
    stop();
}

void Preprocessor::emit_checked(const Token& t) {
    if (out_.tokens.size() >= options_.limits.max_output_tokens) {
        report_output_limit(t.loc);
        return;
    }
    Token out = t;
    if (out.kind == TokenKind::Unknown) {
        ctx.diags.report(support::DiagCode::pp_invalid_character, support::SourceRange(t.loc),
                         fmt::format("unexpected character '{}' in the source; remove it", t.text));
    }
    out_.tokens.push_back(out);
}

void Preprocessor::lex_plain_tokens() {
    // Most tokens are neither directives nor macro names and need nothing but a place in the
    // output: they are lexed straight into it. The first one that is anything else goes back as
    // the lookahead for the general path (the expander), which sees it exactly as if it had
    // lexed it itself. Nothing here changes the file, the skipping state or the limits, so they
    // are looked at once per run of plain tokens.
    if (files_.empty() || skipping()) return;
    FileFrame& f = *files_.back();
    if (f.has_lookahead) return;
    const std::size_t limit = options_.limits.max_output_tokens;
    std::vector<Token>& out = out_.tokens;
    const std::size_t start = out.size();
    while (out.size() < limit) {
        Token& t = out.emplace_back();
        f.lexer.next(t);
        const bool special = t.kind == TokenKind::Eof || t.kind == TokenKind::Unknown ||
                             (t.kind == TokenKind::Hash && t.has(syntax::AtLineStart)) ||
                             (t.kind == TokenKind::Identifier && macros.find(t.ident));
        if (special) [[unlikely]] {
            f.lookahead = t;
            f.has_lookahead = true;
            out.pop_back();
            break;
        }
    }
    if (out.size() != start && (f.guard == GuardState::AfterGuard || f.guard == GuardState::Start))
        f.guard = GuardState::NotGuarded;
}

PreprocessOutput Preprocessor::run(support::FileId main_file) {
    define_predefined();
    const std::string& main_path = ctx.sources.file(main_file).path;
    enter_file(main_file, main_path);
    {
        Expander expander(*this, *this, 0);
        for (;;) {
            if (stopped_) break;
            if (expander.idle()) lex_plain_tokens();
            Token t = expander.next();
            if (t.is(TokenKind::Eof) || stopped_) break;
            emit(t);
            if (stopped_) break;
        }
    }
    while (!files_.empty()) files_.pop_back();
    Token eof;
    eof.kind = TokenKind::Eof;
    eof.flags = syntax::AtLineStart;
    eof.loc = eof.spelling = support::SourceLoc{main_file, static_cast<std::uint32_t>(ctx.sources.text(main_file).size())};
    out_.tokens.push_back(eof);
    return std::move(out_);
}

PreprocessOutput run_preprocessor(support::CompileContext& ctx, support::FileId main_file,
                                  const CompileOptions& options, bool from_text) {
    Preprocessor pp(ctx, options, from_text);
    return pp.run(main_file);
}

PreprocessOutput run_preprocessor(support::CompileContext& ctx, support::FileId main_file,
                                  const CompileOptions& options, bool from_text,
                                  std::vector<IncludeLookup>* include_log) {
    Preprocessor pp(ctx, options, from_text);
    pp.log_includes(include_log);
    return pp.run(main_file);
}

}  // namespace oneshader::pp
