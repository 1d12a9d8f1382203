#include "preprocess/expander.hpp"

#include <fmt/format.h>

#include <string>

#include "preprocess/preprocessor_state.hpp"

namespace oneshader::pp {

using syntax::Token;
using syntax::TokenKind;

namespace {

// An empty argument next to `##`; removed once the replacement list is complete.
Token placemarker() {
    Token t;
    t.kind = TokenKind::Unknown;
    return t;
}
bool is_placemarker(const Token& t) { return t.kind == TokenKind::Unknown && t.text.empty(); }

Token eof_token() { return Token{}; }

}  // namespace

Token ListInput::next() { return pos_ < tokens_.size() ? tokens_[pos_++] : eof_token(); }

TokenKind ListInput::peek_kind() { return pos_ < tokens_.size() ? tokens_[pos_].kind : TokenKind::Eof; }

Expander::Expander(Preprocessor& pp, TokenInput& input, std::uint32_t depth)
    : pp_(pp), input_(input), files_(&input == static_cast<TokenInput*>(&pp) ? &pp : nullptr), depth_(depth),
      s_(pp.scratch(depth)), context_base_(s_.contexts.size()) {}

Expander::~Expander() {
    while (s_.contexts.size() > context_base_) pop_context();
}

void Expander::push_context(Macro* macro) {
    s_.contexts.push_back({static_cast<std::uint32_t>(s_.contexts.size()), 0, macro});
    macro->disabled = true;
}

void Expander::pop_context() {
    if (Macro* m = s_.contexts.back().macro) m->disabled = false;
    s_.contexts.pop_back();
}

// Preprocessor is final: the call through files_ is direct.
inline Token Expander::read_input() { return files_ ? files_->next() : input_.next(); }

Token Expander::next_unexpanded(bool in_args) {
    while (s_.contexts.size() > context_base_) {
        ExpansionContext& c = s_.contexts.back();
        const std::vector<Token>& buf = s_.buffers[c.buffer];
        if (c.pos < buf.size()) return buf[c.pos++];
        pop_context();
    }
    return in_args ? input_.next_in_args() : read_input();
}

bool Expander::next_is_lparen() {
    while (s_.contexts.size() > context_base_) {
        ExpansionContext& c = s_.contexts.back();
        const std::vector<Token>& buf = s_.buffers[c.buffer];
        if (c.pos < buf.size()) return buf[c.pos].is(TokenKind::LParen);
        pop_context();
    }
    return input_.peek_kind() == TokenKind::LParen;
}

Token Expander::next() {
    for (;;) {
        if (pp_.stopped()) return eof_token();
        // Outside any expansion the token comes straight from the input.
        Token t = s_.contexts.size() > context_base_ ? next_unexpanded(false) : read_input();
        if (!t.is(TokenKind::Identifier) || t.has(syntax::NoExpand)) return t;
        Macro* m = pp_.macros.find(t.ident);
        if (!m) return t;
        if (m->disabled) {
            // The recursion rule: this name stays unexpanded for good, even after rescanning ends.
            t.flags |= syntax::NoExpand;
            return t;
        }
        if (m->builtin != BuiltinMacro::None) {
            Token out;
            expand_builtin(*m, t, out);
            return out;
        }
        if (m->function_like) {
            if (!next_is_lparen()) return t;
            next_unexpanded(true);
            if (!collect_arguments(*m, t)) continue;
        }
        if (!pp_.count_steps(1 + m->body.size(), t.loc)) return eof_token();
        std::size_t index = s_.contexts.size();
        if (s_.buffers.size() <= index) s_.buffers.resize(index + 1);
        std::vector<Token>& buf = s_.buffers[index];
        buf.clear();
        substitute(*m, t, buf);
        if (!buf.empty()) push_context(m);
    }
}

bool Expander::expand_builtin(const Macro& m, const Token& name, Token& out) {
    out = name;
    out.flags = static_cast<std::uint8_t>((name.flags & (syntax::LeadingSpace | syntax::AtLineStart)) | syntax::FromMacro);
    out.ident = {};
    support::PresumedLoc p = pp_.ctx.sources.presumed(name.loc);
    switch (m.builtin) {
        case BuiltinMacro::Line:
            out.kind = TokenKind::Number;
            out.text = pp_.ctx.arena.copy(std::to_string(p.line));
            break;
        case BuiltinMacro::Counter:
            out.kind = TokenKind::Number;
            out.text = pp_.ctx.arena.copy(std::to_string(pp_.next_counter()));
            break;
        case BuiltinMacro::File: {
            std::string s = "\"";
            for (char c : p.file) {
                if (c == '"' || c == '\\') s += '\\';
                s += c;
            }
            s += '"';
            out.kind = TokenKind::String;
            out.text = pp_.ctx.arena.copy(s);
            break;
        }
        case BuiltinMacro::None: return false;
    }
    return true;
}

bool Expander::collect_arguments(const Macro& m, const Token& name) {
    s_.args.clear();
    s_.arg_starts.clear();
    s_.arg_starts.push_back(0);
    std::uint32_t nesting = 0;
    for (;;) {
        Token t = next_unexpanded(true);
        if (t.is(TokenKind::Eof)) {
            pp_.report_in_macro(support::DiagCode::pp_unterminated_macro_call, name.loc, m,
                                fmt::format("the argument list of macro '{}' is not closed; add ')' before the end "
                                            "of the file or the next directive",
                                            m.name.str()));
            return false;
        }
        if (t.is(TokenKind::LParen)) {
            ++nesting;
        } else if (t.is(TokenKind::RParen)) {
            if (nesting == 0) break;
            --nesting;
        } else if (t.is(TokenKind::Comma) && nesting == 0) {
            // In a variadic macro the commas after the named parameters belong to __VA_ARGS__.
            if (!(m.variadic && s_.arg_starts.size() == m.params.size())) {
                s_.arg_starts.push_back(static_cast<std::uint32_t>(s_.args.size()));
                continue;
            }
        }
        s_.args.push_back(t);
    }
    s_.arg_starts.push_back(static_cast<std::uint32_t>(s_.args.size()));
    std::size_t given = s_.arg_starts.size() - 1;
    // `F()` is one empty argument, which is also right for a macro without parameters.
    if (given == 1 && m.params.empty() && s_.args.empty()) given = 0;
    // A variadic macro may be called without any variadic argument.
    if (m.variadic && given + 1 == m.params.size()) {
        s_.arg_starts.push_back(static_cast<std::uint32_t>(s_.args.size()));
        ++given;
    }
    if (given != m.params.size()) {
        std::size_t wanted = m.params.size() - (m.variadic ? 1 : 0);
        pp_.report_in_macro(support::DiagCode::pp_macro_argument_count, name.loc, m,
                            fmt::format("macro '{}' takes {}{} argument{}, but {} {} given", m.name.str(),
                                        m.variadic ? "at least " : "", wanted, wanted == 1 ? "" : "s", given,
                                        given == 1 ? "was" : "were"));
        return false;
    }
    if (s_.expanded.size() < given) s_.expanded.resize(given);
    s_.expanded_ready.assign(given, false);
    return true;
}

std::span<const Token> Expander::raw_arg(std::size_t i) const {
    return std::span<const Token>(s_.args).subspan(s_.arg_starts[i], s_.arg_starts[i + 1] - s_.arg_starts[i]);
}

std::span<const Token> Expander::expanded_arg(std::size_t i, const Token& name) {
    if (s_.expanded_ready[i]) return s_.expanded[i];
    std::vector<Token>& out = s_.expanded[i];
    out.clear();
    s_.expanded_ready[i] = true;
    if (depth_ + 1 > Preprocessor::max_argument_nesting) {
        pp_.ctx.diags.report(support::DiagCode::pp_macro_recursion_limit, support::SourceRange(name.loc),
                             fmt::format("macro invocations are nested more than {} levels deep in macro arguments; "
                                         "split the expression into smaller macros",
                                         Preprocessor::max_argument_nesting));
        pp_.stop();
        return out;
    }
    // The argument is expanded on its own, as if it were the rest of the file.
    ListInput input(raw_arg(i));
    Expander sub(pp_, input, depth_ + 1);
    for (;;) {
        Token t = sub.next();
        if (t.is(TokenKind::Eof)) break;
        if (!pp_.count_steps(1, name.loc)) break;
        out.push_back(t);
    }
    return out;
}

Token Expander::relocate(Token t, const Token& name) const {
    std::uint8_t keep = t.flags & (syntax::LeadingSpace | syntax::NoExpand);
    if (t.has(syntax::AtLineStart)) keep |= syntax::LeadingSpace;
    t.flags = static_cast<std::uint8_t>(keep | syntax::FromMacro);
    t.loc = name.loc;
    return t;
}

Token Expander::stringize(std::span<const Token> tokens, const Token& name, const Token& hash) {
    std::string s = "\"";
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        const Token& t = tokens[k];
        if (k > 0 && (t.has(syntax::LeadingSpace) || t.has(syntax::AtLineStart))) s += ' ';
        if (t.is(TokenKind::String) || t.is(TokenKind::Char)) {
            for (char c : t.text) {
                if (c == '"' || c == '\\') s += '\\';
                s += c;
            }
        } else {
            s += t.text;
        }
    }
    s += '"';
    Token r;
    r.kind = TokenKind::String;
    r.text = pp_.ctx.arena.copy(s);
    r.loc = name.loc;
    r.spelling = hash.spelling;
    r.flags = static_cast<std::uint8_t>((hash.flags & syntax::LeadingSpace) | syntax::FromMacro);
    return r;
}

void Expander::paste(std::vector<Token>& out, std::span<const Token> rhs, const Macro& m, const Token& name) {
    if (rhs.empty()) return;
    std::size_t rest = 0;
    if (out.empty() || is_placemarker(out.back())) {
        if (!out.empty()) out.pop_back();
    } else {
        Token& lhs = out.back();
        std::string joined;
        joined.reserve(lhs.text.size() + rhs[0].text.size());
        joined.append(lhs.text).append(rhs[0].text);
        std::string_view stored = pp_.ctx.arena.copy(joined);
        Token r;
        if (syntax::Lexer::lex_single(stored, pp_.ctx.interner, pp_.ctx.arena, r)) {
            r.loc = name.loc;
            r.spelling = lhs.spelling;
            r.flags = static_cast<std::uint8_t>((lhs.flags & syntax::LeadingSpace) | syntax::FromMacro);
            lhs = r;
            rest = 1;
        } else {
            pp_.report_in_macro(support::DiagCode::pp_invalid_paste, name.loc, m,
                                fmt::format("pasting '{}' and '{}' with ## does not give a valid token; remove the "
                                            "'##' or paste pieces that form one token",
                                            lhs.text, rhs[0].text));
        }
    }
    for (std::size_t k = rest; k < rhs.size(); ++k) out.push_back(relocate(rhs[k], name));
}

void Expander::substitute(const Macro& m, const Token& name, std::vector<Token>& out) {
    if (!name.has(syntax::FromMacro) && m.loc.valid()) pp_.ctx.sources.add_macro_use(name.loc, m.loc, m.name.str());
    const std::span<const Token> body = m.body;
    const std::size_t va_index = m.params.size() - 1;
    auto stringized_operand = [&](std::size_t i) {
        return m.function_like && body[i].is(TokenKind::Hash) && i + 1 < body.size() && m.param_of[i + 1] >= 0;
    };
    for (std::size_t i = 0; i < body.size(); ++i) {
        const Token& bt = body[i];
        if (stringized_operand(i)) {
            out.push_back(stringize(raw_arg(static_cast<std::size_t>(m.param_of[i + 1])), name, bt));
            ++i;
            continue;
        }
        if (bt.is(TokenKind::HashHash) && i + 1 < body.size() && i > 0) {
            std::size_t j = i + 1;
            Token single;
            std::span<const Token> rhs;
            if (stringized_operand(j)) {
                single = stringize(raw_arg(static_cast<std::size_t>(m.param_of[j + 1])), name, body[j]);
                rhs = {&single, 1};
                i = j + 1;
            } else if (m.param_of[j] >= 0) {
                auto p = static_cast<std::size_t>(m.param_of[j]);
                rhs = raw_arg(p);
                i = j;
                // `, ## __VA_ARGS__` drops the comma when there are no variadic arguments.
                if (m.variadic && p == va_index && !out.empty() && out.back().is(TokenKind::Comma)) {
                    if (rhs.empty()) {
                        out.pop_back();
                    } else {
                        if (!pp_.count_steps(rhs.size(), name.loc)) return;
                        for (std::size_t k = 0; k < rhs.size(); ++k) {
                            Token t = relocate(rhs[k], name);
                            if (k == 0) t.flags &= static_cast<std::uint8_t>(~syntax::LeadingSpace);
                            out.push_back(t);
                        }
                    }
                    continue;
                }
            } else {
                single = body[j];
                rhs = {&single, 1};
                i = j;
            }
            if (!pp_.count_steps(rhs.size(), name.loc)) return;
            paste(out, rhs, m, name);
            continue;
        }
        if (m.param_of[i] >= 0) {
            auto p = static_cast<std::size_t>(m.param_of[i]);
            bool before_paste = i + 1 < body.size() && body[i + 1].is(TokenKind::HashHash);
            std::span<const Token> arg = before_paste ? raw_arg(p) : expanded_arg(p, name);
            if (arg.empty()) {
                if (before_paste) out.push_back(placemarker());
                continue;
            }
            // Each use copies the whole argument, so nested calls of a macro that uses its
            // parameter n times grow as n^depth: the copies count like any other expansion work.
            if (!pp_.count_steps(arg.size(), name.loc) || !pp_.fits_output(out.size() + arg.size(), name.loc)) return;
            for (std::size_t k = 0; k < arg.size(); ++k) {
                Token t = relocate(arg[k], name);
                if (k == 0) {
                    // The first token is spaced as the parameter was in the body.
                    t.flags = static_cast<std::uint8_t>((t.flags & ~syntax::LeadingSpace) |
                                                        (bt.flags & syntax::LeadingSpace));
                }
                out.push_back(t);
            }
            if (pp_.stopped()) return;
            continue;
        }
        out.push_back(relocate(bt, name));
    }
    // Drop placemarkers; the first token takes the spacing of the macro name.
    std::size_t w = 0;
    for (std::size_t r = 0; r < out.size(); ++r)
        if (!is_placemarker(out[r])) out[w++] = out[r];
    out.resize(w);
    if (!out.empty()) {
        out[0].flags = static_cast<std::uint8_t>((out[0].flags & ~(syntax::LeadingSpace | syntax::AtLineStart)) |
                                                 (name.flags & (syntax::LeadingSpace | syntax::AtLineStart)));
    }
}

}  // namespace oneshader::pp
