// Template specializations, with clang's rules: an explicit specialization (`template<> struct
// S<int>`) is used for exactly its arguments; partial specializations (`template<typename T>
// struct S<T, 4>`) are matched against an instance's arguments, deducing their own parameters,
// and the most specialized match wins (one whose patterns every other match's patterns cover, but
// not the other way round); two equally specialized matches are an error. Function templates
// take explicit specializations only, as in C++.
#include <algorithm>
#include <functional>
#include <map>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// The index of the parameter a pattern names alone (`T` or `N`), or -1.
int param_named(const syntax::TemplateArg& a, std::span<const syntax::TemplateParam> params) {
    const syntax::QualifiedName* q = nullptr;
    if (a.type) {
        if (a.type->has_template_args || !a.type->dims.empty()) return -1;
        q = &a.type->name;
    } else if (a.value && a.value->kind == syntax::ExprKind::Name) {
        const auto* n = static_cast<const syntax::NameExpr*>(a.value);
        if (n->has_template_args) return -1;
        q = &n->name;
    }
    if (!q || q->parts.size() != 1 || q->global || q->qualifier) return -1;
    for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i].name == q->parts[0]) return int(i);
    return -1;
}

bool mentions_param(const syntax::TypeSyntax* ts, std::span<const syntax::TemplateParam> params, int depth);

bool mentions_param(const syntax::TemplateArg& a, std::span<const syntax::TemplateParam> params, int depth) {
    if (depth > 32) return true;
    if (param_named(a, params) >= 0) return true;
    if (a.type) return mentions_param(a.type, params, depth + 1);
    return false;
}

bool mentions_param(const syntax::TypeSyntax* ts, std::span<const syntax::TemplateParam> params, int depth) {
    if (depth > 32) return true;
    if (ts->name.qualifier && mentions_param(ts->name.qualifier, params, depth + 1)) return true;
    syntax::TemplateArg self;
    self.type = const_cast<syntax::TypeSyntax*>(ts);
    if (param_named(self, params) >= 0) return true;
    for (const syntax::TemplateArg& a : ts->args)
        if (mentions_param(a, params, depth + 1)) return true;
    for (const syntax::Expr* d : ts->dims) {
        syntax::TemplateArg v;
        v.value = const_cast<syntax::Expr*>(d);
        if (d && param_named(v, params) >= 0) return true;
    }
    return false;
}

// A pattern as text, for comparing two specializations' patterns: names, arguments, sizes and
// literal values; any other expression is unique, so it never compares equal.
void pattern_text(const syntax::TemplateArg& a, std::string& out, int depth);

void type_text(const syntax::TypeSyntax* t, std::string& out, int depth) {
    if (depth > 32) return;
    if (t->name.qualifier) {
        type_text(t->name.qualifier, out, depth + 1);
        out += "::";
    }
    if (t->name.global) out += "::";
    for (std::size_t i = 0; i < t->name.parts.size(); ++i) {
        if (i) out += "::";
        out += t->name.parts[i].str();
    }
    if (t->has_template_args) {
        out += '<';
        for (const syntax::TemplateArg& a : t->args) {
            pattern_text(a, out, depth + 1);
            out += ',';
        }
        out += '>';
    }
    for (const syntax::Expr* d : t->dims) {
        syntax::TemplateArg v;
        v.value = const_cast<syntax::Expr*>(d);
        out += '[';
        if (d) pattern_text(v, out, depth + 1);
        out += ']';
    }
}

void pattern_text(const syntax::TemplateArg& a, std::string& out, int depth) {
    if (a.type) {
        type_text(a.type, out, depth);
        return;
    }
    const syntax::Expr* e = a.value;
    if (!e) return;
    switch (e->kind) {
    case syntax::ExprKind::IntLiteral: out += std::to_string(static_cast<const syntax::IntLiteralExpr*>(e)->value); break;
    case syntax::ExprKind::BoolLiteral: out += static_cast<const syntax::BoolLiteralExpr*>(e)->value ? "1" : "0"; break;
    case syntax::ExprKind::Name: {
        const auto* n = static_cast<const syntax::NameExpr*>(e);
        syntax::TypeSyntax ts;
        ts.name = n->name;
        ts.args = n->template_args;
        ts.has_template_args = n->has_template_args;
        type_text(&ts, out, depth + 1);
        break;
    }
    default: out += fmt::format("?{}", static_cast<const void*>(e)); break;
    }
}

// Matches a pattern of one specialization against a closed pattern (no parameters) of another:
// the closed one is resolved and matched as an instance's argument would be.
using ClosedMatch = std::function<bool(const syntax::TemplateArg& general, const syntax::TemplateArg& closed)>;

// True when pattern `general` (of a specialization with `gparams`) matches every argument pattern
// `specific` (of one with `sparams`) can stand for: each parameter of `general` stands for one
// consistent piece of `specific`, and `specific`'s parameters are unknown types and values.
bool covers(const syntax::TemplateArg& general, const syntax::TemplateArg& specific,
            std::span<const syntax::TemplateParam> gparams, std::span<const syntax::TemplateParam> sparams,
            std::map<int, std::string>& bound, const ClosedMatch& closed_match, int depth) {
    if (depth > 32) return false;
    if (int k = param_named(general, gparams); k >= 0) {
        std::string text;
        pattern_text(specific, text, 0);
        auto [it, fresh] = bound.emplace(k, text);
        return fresh || it->second == text;
    }
    if (!mentions_param(specific, sparams, 0)) return closed_match(general, specific);
    if (!mentions_param(general, gparams, 0)) return false;  // a fixed pattern never covers a free one
    if (general.type && specific.type) {
        const syntax::TypeSyntax* g = general.type;
        const syntax::TypeSyntax* s = specific.type;
        // The names alone first, then the arguments and sizes one by one.
        syntax::TypeSyntax gn = *g;
        syntax::TypeSyntax sn = *s;
        gn.args = {};
        gn.dims = {};
        gn.has_template_args = false;
        sn.args = {};
        sn.dims = {};
        sn.has_template_args = false;
        std::string gt, st;
        type_text(&gn, gt, 0);
        type_text(&sn, st, 0);
        if (gt != st || g->has_template_args != s->has_template_args || g->args.size() != s->args.size() ||
            g->dims.size() != s->dims.size())
            return false;
        for (std::size_t i = 0; i < g->args.size(); ++i)
            if (!covers(g->args[i], s->args[i], gparams, sparams, bound, closed_match, depth + 1)) return false;
        for (std::size_t i = 0; i < g->dims.size(); ++i) {
            syntax::TemplateArg gd, sd;
            gd.value = g->dims[i];
            sd.value = s->dims[i];
            if (!gd.value || !sd.value) {
                if (gd.value != sd.value) return false;
                continue;
            }
            if (!covers(gd, sd, gparams, sparams, bound, closed_match, depth + 1)) return false;
        }
        return true;
    }
    std::string gt, st;
    pattern_text(general, gt, 0);
    pattern_text(specific, st, 0);
    return gt == st;
}

bool covers_all(const syntax::StructDecl* general, const syntax::StructDecl* specific, const ClosedMatch& closed_match) {
    if (general->specialization_args.size() != specific->specialization_args.size()) return false;
    std::map<int, std::string> bound;
    for (std::size_t i = 0; i < general->specialization_args.size(); ++i)
        if (!covers(general->specialization_args[i], specific->specialization_args[i], general->template_params,
                    specific->template_params, bound, closed_match, 0))
            return false;
    return true;
}

}  // namespace

std::optional<std::vector<TemplateValue>> Checker::template_arguments(std::span<const syntax::TemplateArg> args) {
    std::vector<TemplateValue> out;
    for (const syntax::TemplateArg& a : args) {
        std::optional<TemplateValue> v = template_argument(a);
        if (!v) return std::nullopt;
        out.push_back(*v);
    }
    return out;
}

void Checker::declare_struct_specialization(const syntax::StructDecl* d) {
    SourceRange where(d->loc);
    const Entity* e = find_local(scope, d->name);
    if (!e || e->kind != EntityKind::StructTemplate || !e->struct_template->decl) {
        report(DiagCode::template_argument_error, where,
               fmt::format("'{}<...>' specializes a struct template, but no struct template '{}' is declared before it "
                           "in this scope. Declare the template first (template<typename T> struct {} {{ ... }};).",
                           d->name.str(), d->name.str(), d->name.str()));
        return;
    }
    StructTemplate* t = e->struct_template;
    std::size_t n = t->decl->template_params.size();
    if (d->specialization_args.size() > n) {
        report(DiagCode::template_argument_error, where,
               fmt::format("'{}' takes {} template argument{}, but this specialization gives {}.", d->name.str(), n,
                           n == 1 ? "" : "s", d->specialization_args.size()));
        return;
    }
    for (std::size_t i = d->specialization_args.size(); i < n; ++i) {
        const syntax::TemplateParam& p = t->decl->template_params[i];
        if (p.default_type || p.default_value) continue;
        report(DiagCode::template_argument_error, where,
               fmt::format("This specialization of '{}' gives {} of its {} template arguments, and '{}' has no "
                           "default. Give every argument.",
                           d->name.str(), d->specialization_args.size(), n, p.name.str()));
        return;
    }
    if (!d->is_definition) return;  // `template<> struct S<int>;` declares nothing we keep
    // clang refuses a partial specialization whose parameters the patterns cannot bind.
    for (const syntax::TemplateParam& p : d->template_params) {
        bool used = false;
        for (const syntax::TemplateArg& a : d->specialization_args) {
            syntax::TemplateParam only[] = {p};
            used = used || mentions_param(a, only, 0);
        }
        if (!used) {
            report(DiagCode::template_argument_error, SourceRange(p.loc),
                   fmt::format("The partial specialization of '{}' never uses its parameter '{}' in '{}<...>', so it "
                               "could never be deduced. Use it in the arguments or remove it.",
                               d->name.str(), p.name.str(), d->name.str()));
            return;
        }
    }
    // An alias template around a parameter (`Vec4<T>`) is not looked through when matching, so it
    // would never match: refused rather than silently skipped.
    std::vector<const syntax::TypeSyntax*> work;
    for (const syntax::TemplateArg& a : d->specialization_args)
        if (a.type) work.push_back(a.type);
    for (std::size_t i = 0; i < work.size() && i < 256; ++i) {
        const syntax::TypeSyntax* ts = work[i];
        for (const syntax::TemplateArg& a : ts->args)
            if (a.type) work.push_back(a.type);
        if (!ts->has_template_args || !mentions_param(ts, d->template_params, 0)) continue;
        const Entity* ae = lookup_qualified(ts->name, where, false);
        if (ae && ae->kind == EntityKind::StructTemplate && ae->struct_template->alias) {
            report(DiagCode::template_argument_error, SourceRange(ts->loc),
                   fmt::format("A specialization pattern cannot look through the alias template '{}' around its "
                               "parameters. Write the aliased type instead (for example vector<T, 4>).",
                               ts->name.last().str()));
            return;
        }
    }
    // The same patterns twice (parameters spelled alike) is clang's redefinition.
    std::string text;
    for (const syntax::TemplateArg& a : d->specialization_args) {
        pattern_text(a, text, 0);
        text += ',';
    }
    for (const StructTemplate::Specialization& old : t->specializations) {
        std::string old_text;
        for (const syntax::TemplateArg& a : old.decl->specialization_args) {
            pattern_text(a, old_text, 0);
            old_text += ',';
        }
        if (old_text == text && old.decl->template_params.size() == d->template_params.size()) {
            report(DiagCode::redefinition, where,
                   fmt::format("'{}' is already specialized for these arguments. Remove one of the specializations.",
                               d->name.str()));
            diags.note(SourceRange(old.decl->loc), "the earlier specialization is here");
            return;
        }
    }
    // clang refuses a specialization declared after an instance it would have made: that
    // instance was made from another body, and would silently stay so.
    for (const StructTemplate::Instance& inst : t->instances) {
        std::vector<TemplateValue> out;
        if (specialization_matches(t, d, scope, inst.args, out, where)) {
            report(DiagCode::template_argument_error, where,
                   fmt::format("This specialization of '{}' comes after '{}' was already used with arguments it "
                               "matches. Move the specialization before the first use.",
                               d->name.str(), inst.type ? inst.type->name.str() : d->name.str()));
            return;
        }
    }
    t->specializations.push_back({d, scope});
}

bool Checker::match_template_arg(const syntax::TemplateArg& pattern, const TemplateValue& value,
                                 std::span<const syntax::TemplateParam> params, std::vector<TemplateValue>& out,
                                 std::vector<bool>& bound, std::uint32_t depth) {
    if (depth > 32) return false;
    if (int k = param_named(pattern, params); k >= 0) {
        bool wants_type = params[std::size_t(k)].value_type == nullptr;
        if (wants_type != (value.type != nullptr)) return false;
        if (bound[std::size_t(k)]) return out[std::size_t(k)] == value;
        out[std::size_t(k)] = value;
        bound[std::size_t(k)] = true;
        return true;
    }
    if (pattern.type && value.type) return match_template_type(pattern.type, value.type, params, out, bound, depth + 1);
    if (pattern.type && mentions_param(pattern.type, params, 0)) return false;
    // A value with no parameter in it (`4`, `Traits<float2>::Size`, which parses as a type):
    // compare what it evaluates to.
    std::optional<TemplateValue> v = template_argument(pattern);
    return v && *v == value;
}

bool Checker::match_template_type(const syntax::TypeSyntax* ts, const Type* type,
                                  std::span<const syntax::TemplateParam> params, std::vector<TemplateValue>& out,
                                  std::vector<bool>& bound, std::uint32_t depth) {
    if (depth > 32 || !ts || !type) return false;
    if (!mentions_param(ts, params, 0)) {
        const Type* t = resolve_type(ts, ts->modifiers);
        return t && t == type;
    }
    if (!ts->dims.empty()) {
        // `T[4]`: the outermost dimension first.
        const ArrayType* a = type->as<ArrayType>();
        if (!a) return false;
        syntax::TypeSyntax inner = *ts;
        inner.dims = ts->dims.subspan(1);
        syntax::TemplateArg size;
        size.value = ts->dims[0];
        if (!size.value || !match_template_arg(size, TemplateValue{nullptr, a->length}, params, out, bound, depth + 1))
            return false;
        return match_template_type(&inner, a->element, params, out, bound, depth + 1);
    }
    bool plain = ts->name.parts.size() == 1 && !ts->name.global && !ts->name.qualifier;
    std::string_view name = ts->name.last().str();
    if (plain && ts->has_template_args && (name == "vector" || name == "matrix") && !lookup(ts->name.parts[0])) {
        if (const VectorType* v = type->as<VectorType>(); v && name == "vector" && ts->args.size() == 2)
            return match_template_arg(ts->args[0], TemplateValue{v->element, 0}, params, out, bound, depth + 1) &&
                   match_template_arg(ts->args[1], TemplateValue{nullptr, v->count}, params, out, bound, depth + 1);
        if (const MatrixType* m = type->as<MatrixType>(); m && name == "matrix" && ts->args.size() == 3)
            return match_template_arg(ts->args[0], TemplateValue{m->element, 0}, params, out, bound, depth + 1) &&
                   match_template_arg(ts->args[1], TemplateValue{nullptr, m->rows}, params, out, bound, depth + 1) &&
                   match_template_arg(ts->args[2], TemplateValue{nullptr, m->cols}, params, out, bound, depth + 1);
        return false;
    }
    // `Pair<T>`: an instance of that struct template, its arguments matched in turn.
    const StructType* st = type->as<StructType>();
    if (!st || !ts->has_template_args) return false;
    const Entity* e = plain ? lookup(ts->name.parts[0]) : lookup_qualified(ts->name, SourceRange(ts->loc), false);
    if (!e || e->kind != EntityKind::StructTemplate || !e->struct_template->decl) return false;
    for (const StructTemplate::Instance& inst : e->struct_template->instances) {
        if (inst.type != st) continue;
        if (ts->args.size() > inst.args.size()) return false;
        for (std::size_t i = 0; i < ts->args.size(); ++i)
            if (!match_template_arg(ts->args[i], inst.args[i], params, out, bound, depth + 1)) return false;
        return true;
    }
    return false;
}

bool Checker::specialization_matches(StructTemplate* t, const syntax::StructDecl* d, Scope* where,
                                     std::span<const TemplateValue> values, std::vector<TemplateValue>& out,
                                     SourceRange range) {
    out.assign(d->template_params.size(), TemplateValue{});
    std::vector<bool> bound(d->template_params.size(), false);
    Scope* saved = scope;
    push(where);
    bool ok_match = d->specialization_args.size() <= values.size();
    for (std::size_t i = 0; ok_match && i < d->specialization_args.size(); ++i)
        ok_match = match_template_arg(d->specialization_args[i], values[i], d->template_params, out, bound, 0);
    scope = saved;
    for (bool b : bound) ok_match = ok_match && b;
    // Arguments the pattern leaves out stand for the primary's defaults (given the others).
    std::size_t k = d->specialization_args.size();
    if (ok_match && k < values.size()) {
        std::optional<std::vector<TemplateValue>> full =
            complete_template_args(t->decl->template_params, t->decl->name, t->scope, values.first(k), range);
        ok_match = full && full->size() == values.size() &&
                   std::equal(full->begin() + std::ptrdiff_t(k), full->end(), values.begin() + std::ptrdiff_t(k));
    }
    return ok_match;
}

const StructTemplate::Specialization* Checker::pick_specialization(StructTemplate* t,
                                                                   std::span<const TemplateValue> values,
                                                                   std::vector<TemplateValue>& bound_values,
                                                                   SourceRange range, bool& failed) {
    failed = false;
    struct Match {
        const StructTemplate::Specialization* spec;
        std::vector<TemplateValue> bound;
    };
    std::vector<Match> matches;
    for (const StructTemplate::Specialization& s : t->specializations) {
        const syntax::StructDecl* d = s.decl;
        std::vector<TemplateValue> out;
        if (!specialization_matches(t, d, s.scope, values, out, range)) continue;
        if (d->template_params.empty()) {  // an explicit specialization: exactly these arguments
            bound_values.clear();
            return &s;
        }
        matches.push_back({&s, std::move(out)});
    }
    if (matches.empty()) return nullptr;
    std::span<const syntax::TemplateParam> gparams;
    ClosedMatch closed_match = [&](const syntax::TemplateArg& general, const syntax::TemplateArg& closed) {
        std::optional<TemplateValue> v = template_argument(closed);
        std::vector<TemplateValue> out(gparams.size());
        std::vector<bool> bound(gparams.size(), false);
        return v && match_template_arg(general, *v, gparams, out, bound, 0);
    };
    auto more_general = [&](const Match& g, const Match& s) {
        gparams = g.spec->decl->template_params;
        Scope* saved = scope;
        push(s.spec->scope);
        bool c = covers_all(g.spec->decl, s.spec->decl, closed_match);
        scope = saved;
        return c;
    };
    for (Match& m : matches) {
        bool best = true;
        for (const Match& other : matches) {
            if (&other == &m) continue;
            best = best && more_general(other, m) && !more_general(m, other);
        }
        if (best) {
            bound_values = std::move(m.bound);
            return m.spec;
        }
    }
    std::string_view name = t->decl->name.str();
    report(DiagCode::template_argument_error, range,
           fmt::format("These arguments of '{}' match {} partial specializations, and none is more specialized than "
                       "the others. Add a specialization for exactly these arguments, or make one pattern more "
                       "specific.",
                       name, matches.size()));
    for (const Match& m : matches) diags.note(SourceRange(m.spec->decl->loc), "one matching specialization is here");
    failed = true;
    return nullptr;
}

void Checker::declare_function_specialization(const syntax::FunctionDecl* d, Scope* target) {
    SourceRange where(d->loc);
    const Entity* e = find_local(target, d->name);
    if (!e || e->kind != EntityKind::Overloads || e->overloads->templates.empty()) {
        report(DiagCode::template_argument_error, where,
               fmt::format("'template<>' makes this an explicit specialization, but no function template '{}' is "
                           "declared before it in this scope. Declare the template first, or remove 'template<>'.",
                           d->name.str()));
        return;
    }
    std::optional<std::vector<TemplateValue>> given = template_arguments(d->specialization_args);
    if (!given) return;
    // The specialization's own parameter types, to deduce the template's arguments from.
    std::vector<const Type*> ptypes;
    for (const syntax::ParamDecl* p : d->params) {
        const Type* pt = resolve_type(p->type, p->modifiers);
        if (pt && !p->dims.empty()) pt = apply_dims(pt, p->dims, p->loc);
        if (!pt) return;
        ptypes.push_back(pt);
    }
    for (FunctionTemplate* t : e->overloads->templates) {
        const syntax::FunctionDecl* td = t->decl;
        std::size_t n = td->template_params.size();
        if (given->size() > n || ptypes.size() != td->params.size()) continue;
        std::vector<Symbol> names;
        for (const syntax::TemplateParam& p : td->template_params) names.push_back(p.name);
        std::vector<TemplateValue> values(n, TemplateValue{nullptr, -1});
        bool fits = true;
        for (std::size_t i = 0; i < given->size(); ++i) {
            fits = fits && (td->template_params[i].value_type == nullptr) == ((*given)[i].type != nullptr);
            values[i] = (*given)[i];
        }
        for (std::size_t i = 0; fits && i < ptypes.size(); ++i) {
            std::vector<TemplateValue> trial = values;
            fits = deduce(td->params[i]->type, ptypes[i], names, trial, 0);
            for (std::size_t k = given->size(); fits && k < n; ++k) values[k] = trial[k];
        }
        for (std::size_t i = 0; fits && i < n; ++i) {
            const syntax::TemplateParam& p = td->template_params[i];
            fits = p.value_type ? values[i].type == nullptr && values[i].value != -1 : values[i].type != nullptr;
        }
        if (!fits) continue;
        for (const FunctionTemplate::Specialization& old : t->specializations)
            if (old.args == values) {
                report(DiagCode::redefinition, where,
                       fmt::format("'{}' is already specialized for these template arguments.", d->name.str()));
                diags.note(SourceRange(old.decl->loc), "the earlier specialization is here");
                return;
            }
        for (const FunctionTemplate::Instance& inst : t->instances)
            if (inst.args == values) {
                report(DiagCode::template_argument_error, where,
                       fmt::format("This specialization of '{}' comes after a call already used the template with "
                                   "these arguments. Move the specialization before the first call.",
                                   d->name.str()));
                return;
            }
        t->specializations.push_back({values, d, scope});
        return;
    }
    report(DiagCode::template_argument_error, where,
           fmt::format("This explicit specialization of '{}' fits no template of that name: its parameter types do "
                       "not give every template argument. Write them after the name: {}<...>(...).",
                       d->name.str(), d->name.str()));
}

}  // namespace oneshader::sema
