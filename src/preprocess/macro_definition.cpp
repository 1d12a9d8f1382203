// #define and #undef: parsing a definition into a Macro, checking it once here (so expansion
// needs no checks), and the redefinition rules.
#include <fmt/format.h>

#include <algorithm>

#include "preprocess/preprocessor_state.hpp"

namespace oneshader::pp {

using syntax::Token;
using syntax::TokenKind;

void MacroTable::define(Macro* m) {
    if (slots_.empty()) slots_.assign(64, nullptr);
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = m->name.hash() & mask;
    while (slots_[i] && !(slots_[i]->name == m->name)) i = (i + 1) & mask;
    if (!slots_[i]) ++count_;
    slots_[i] = m;
    if (count_ * 2 > slots_.size()) grow();
}

void MacroTable::undefine(support::Symbol name) {
    if (count_ == 0) return;
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = name.hash() & mask;
    for (;; i = (i + 1) & mask) {
        if (!slots_[i]) return;
        if (slots_[i]->name == name) break;
    }
    slots_[i] = nullptr;
    --count_;
    // Shift later entries of the probe run back so every entry stays reachable from its home slot.
    for (std::size_t j = (i + 1) & mask; slots_[j]; j = (j + 1) & mask) {
        std::size_t home = slots_[j]->name.hash() & mask;
        // The entry may move to the hole at i unless its home lies cyclically in (i, j].
        bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (stays) continue;
        slots_[i] = slots_[j];
        slots_[j] = nullptr;
        i = j;
    }
}

void MacroTable::grow() {
    std::vector<Macro*> old(slots_.size() * 2, nullptr);
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (Macro* m : old) {
        if (!m) continue;
        std::size_t i = m->name.hash() & mask;
        while (slots_[i]) i = (i + 1) & mask;
        slots_[i] = m;
    }
}

bool same_definition(const Macro& a, const Macro& b) {
    if (a.function_like != b.function_like || a.variadic != b.variadic || a.params.size() != b.params.size() ||
        a.body.size() != b.body.size())
        return false;
    if (!std::equal(a.params.begin(), a.params.end(), b.params.begin())) return false;
    for (std::size_t i = 0; i < a.body.size(); ++i) {
        const Token& x = a.body[i];
        const Token& y = b.body[i];
        if (x.kind != y.kind || x.text != y.text) return false;
        if (i > 0 && x.has(syntax::LeadingSpace) != y.has(syntax::LeadingSpace)) return false;
    }
    return true;
}

bool Preprocessor::check_macro_name(const Token* name, const Token& directive, bool defining) {
    if (!name || !name->is(TokenKind::Identifier)) {
        report(support::DiagCode::pp_bad_macro_definition, name ? name->loc : directive.loc,
               fmt::format("#{} needs a macro name (an identifier); write #{} NAME{}", directive.text, directive.text,
                           defining ? " value" : ""));
        return false;
    }
    if (name->ident == defined_) {
        report(support::DiagCode::pp_bad_macro_definition, name->loc,
               fmt::format("'defined' cannot be {} as a macro; choose another name", defining ? "defined" : "undefined"));
        return false;
    }
    return true;
}

Macro* Preprocessor::parse_definition(std::span<const Token> line, const Token& directive) {
    if (!check_macro_name(line.empty() ? nullptr : &line[0], directive, true)) return nullptr;
    Macro m;
    m.name = line[0].ident;
    m.loc = line[0].loc;
    std::vector<support::Symbol> params;
    std::size_t i = 1;
    // A `(` right after the name, with no space, makes a function-like macro.
    if (i < line.size() && line[i].is(TokenKind::LParen) && !line[i].has(syntax::LeadingSpace)) {
        m.function_like = true;
        ++i;
        bool closed = false;
        if (i < line.size() && line[i].is(TokenKind::RParen)) {
            ++i;
            closed = true;
        }
        while (!closed && i < line.size()) {
            if (line[i].is(TokenKind::Ellipsis)) {
                m.variadic = true;
                params.push_back(va_args_);
                ++i;
                if (i < line.size() && line[i].is(TokenKind::RParen)) {
                    ++i;
                    closed = true;
                }
                break;
            }
            if (!line[i].is(TokenKind::Identifier)) break;
            support::Symbol p = line[i].ident;
            if (p == va_args_ || std::find(params.begin(), params.end(), p) != params.end()) {
                report(support::DiagCode::pp_bad_macro_definition, line[i].loc,
                       p == va_args_ ? std::string("__VA_ARGS__ cannot name a parameter; write '...' for variadic "
                                                   "arguments")
                                     : fmt::format("parameter '{}' appears twice in macro '{}'; rename one",
                                                   p.str(), m.name.str()));
                return nullptr;
            }
            params.push_back(p);
            ++i;
            if (i < line.size() && line[i].is(TokenKind::Comma)) {
                ++i;
                continue;
            }
            if (i < line.size() && line[i].is(TokenKind::RParen)) {
                ++i;
                closed = true;
            }
            break;
        }
        if (!closed) {
            report(support::DiagCode::pp_bad_macro_definition, i < line.size() ? line[i].loc : line.back().loc,
                   fmt::format("malformed parameter list of macro '{}'; write identifiers separated by commas, "
                               "optionally ending with '...', and close it with ')'",
                               m.name.str()));
            return nullptr;
        }
        if (params.size() > 10000) {
            report(support::DiagCode::pp_bad_macro_definition, m.loc,
                   fmt::format("macro '{}' has more than 10000 parameters; use fewer", m.name.str()));
            return nullptr;
        }
    }
    std::span<const Token> body = line.subspan(i);
    std::span<Token> body_copy = ctx.arena.make_array<Token>(body.size());
    std::span<std::int16_t> param_of = ctx.arena.make_array<std::int16_t>(body.size());
    for (std::size_t k = 0; k < body.size(); ++k) {
        Token t = body[k];
        // Flags describe spacing inside the body only.
        t.flags &= static_cast<std::uint8_t>(syntax::LeadingSpace);
        if (k == 0) t.flags = 0;
        body_copy[k] = t;
        param_of[k] = -1;
        if (t.is(TokenKind::Identifier)) {
            auto it = std::find(params.begin(), params.end(), t.ident);
            if (it != params.end()) param_of[k] = static_cast<std::int16_t>(it - params.begin());
            else if (t.ident == va_args_) {
                report(support::DiagCode::pp_bad_macro_definition, t.loc,
                       "__VA_ARGS__ can only be used in a variadic macro; end the parameter list with '...'");
                return nullptr;
            }
        }
    }
    for (std::size_t k = 0; k < body.size(); ++k) {
        if (m.function_like && body[k].is(TokenKind::Hash) && (k + 1 >= body.size() || param_of[k + 1] < 0)) {
            report(support::DiagCode::pp_stringize_not_parameter, body[k].loc,
                   fmt::format("'#' in function-like macro '{}' must be followed by a parameter name", m.name.str()));
            return nullptr;
        }
        if (body[k].is(TokenKind::HashHash) && (k == 0 || k + 1 == body.size())) {
            report(support::DiagCode::pp_paste_at_edge, body[k].loc,
                   fmt::format("'##' cannot be at the {} of macro '{}'; it needs a token on each side",
                               k == 0 ? "start" : "end", m.name.str()));
            return nullptr;
        }
    }
    auto* macro = ctx.arena.make<Macro>(m);
    macro->params = ctx.arena.copy_array<support::Symbol>(params);
    macro->body = body_copy;
    macro->param_of = param_of;
    return macro;
}

void Preprocessor::handle_define(const Token& directive) {
    // The buffer is reused from one #define to the next: a definition never nests another.
    std::vector<Token>& line = define_line_;
    line.clear();
    read_line(line);
    Macro* m = parse_definition(line, directive);
    if (!m) return;
    if (Macro* old = macros.find(m->name)) {
        if (old->builtin != BuiltinMacro::None) {
            report(support::DiagCode::pp_builtin_macro_changed, m->loc,
                   fmt::format("redefining the built-in macro '{}'; choose another name", m->name.str()));
        } else if (!same_definition(*old, *m)) {
            report(support::DiagCode::pp_macro_redefined, m->loc,
                   fmt::format("macro '{}' redefined with a different value; #undef it first if that is intended",
                               m->name.str()));
            if (old->loc.valid()) ctx.diags.note(support::SourceRange(old->loc), "the previous definition is here");
        }
    }
    macros.define(m);
}

void Preprocessor::handle_undef(const Token& directive) {
    std::vector<Token> line;
    read_line(line);
    if (!check_macro_name(line.empty() ? nullptr : &line[0], directive, false)) return;
    extra_tokens_warning(std::span<const Token>(line).subspan(1), "undef");
    Macro* old = macros.find(line[0].ident);
    if (old && old->builtin != BuiltinMacro::None) {
        report(support::DiagCode::pp_builtin_macro_changed, line[0].loc,
               fmt::format("undefining the built-in macro '{}'", line[0].text));
    }
    macros.undefine(line[0].ident);
}

}  // namespace oneshader::pp
