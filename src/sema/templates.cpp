// HLSL 2021 templates: function templates (arguments deduced from the call or given as
// `f<int>(...)`, defaults for the rest) and struct templates (`Pair<float4>`). A template is kept
// as syntax and checked once per distinct argument list; the instance is an ordinary Function or
// StructType. Depth and count are bounded so recursive templates end with a diagnostic.
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

Scope* Checker::template_scope(std::span<const syntax::TemplateParam> params, std::span<const TemplateValue> args,
                               Scope* parent) {
    Scope* s = new_scope(ScopeKind::Template, parent);
    for (std::size_t i = 0; i < params.size() && i < args.size(); ++i) {
        Entity e;
        e.loc = params[i].loc;
        if (args[i].type) {
            e.kind = EntityKind::Type;
            e.type = args[i].type;
        } else {
            Variable* v = make<Variable>();
            v->name = params[i].name;
            v->loc = params[i].loc;
            const Type* vt = params[i].value_type ? resolve_type(params[i].value_type) : nullptr;
            v->type = vt && vt->is<ScalarType>() ? vt : scalar(ScalarKind::Int);
            v->storage = StorageClass::Enumerator;
            v->is_const = true;
            v->const_value = ConstValue::of_int(args[i].value);
            e.kind = EntityKind::Variable;
            e.var = v;
        }
        declare(s, params[i].name, e, SourceRange(params[i].loc));
    }
    return s;
}

bool Checker::deduce(const syntax::TypeSyntax* ts, const Type* arg, const std::vector<Symbol>& names,
                     std::vector<TemplateValue>& out, std::uint32_t depth) {
    if (!ts || !arg || depth > 16) return true;
    arg = arg->value_type();
    if (ts->name.parts.size() == 1 && !ts->name.global && ts->dims.empty()) {
        Symbol n = ts->name.parts[0];
        for (std::size_t k = 0; k < names.size(); ++k) {
            if (names[k] != n || ts->has_template_args) continue;
            if (out[k].type && out[k].type != arg) return false;  // deduced twice, differently
            out[k].type = arg;
            return true;
        }
        std::string_view sn = n.str();
        if ((sn == "vector" || sn == "matrix") && ts->has_template_args) {
            auto bind_value = [&](const syntax::TemplateArg& a, std::int64_t v) {
                if (!a.value || a.value->kind != syntax::ExprKind::Name) return true;
                const auto* ne = static_cast<const syntax::NameExpr*>(a.value);
                for (std::size_t k = 0; k < names.size(); ++k)
                    if (ne->name.parts.size() == 1 && names[k] == ne->name.parts[0]) {
                        if (out[k].type == nullptr && out[k].value != -1 && out[k].value != v) return false;
                        out[k].value = v;
                    }
                return true;
            };
            if (const VectorType* v = arg->as<VectorType>(); v && sn == "vector" && ts->args.size() == 2) {
                if (!deduce(ts->args[0].type, v->element, names, out, depth + 1)) return false;
                return bind_value(ts->args[1], v->count);
            }
            if (const MatrixType* m = arg->as<MatrixType>(); m && sn == "matrix" && ts->args.size() == 3) {
                if (!deduce(ts->args[0].type, m->element, names, out, depth + 1)) return false;
                return bind_value(ts->args[1], m->rows) && bind_value(ts->args[2], m->cols);
            }
        }
        // `Pair<T>` against an instance of Pair: match the instance's arguments.
        if (const StructType* st = arg->as<StructType>(); st && ts->has_template_args) {
            if (const Entity* e = lookup(n); e && e->kind == EntityKind::StructTemplate) {
                for (const StructTemplate::Instance& inst : e->struct_template->instances) {
                    if (inst.type != st) continue;
                    for (std::size_t i = 0; i < ts->args.size() && i < inst.args.size(); ++i)
                        if (ts->args[i].type && inst.args[i].type &&
                            !deduce(ts->args[i].type, inst.args[i].type, names, out, depth + 1))
                            return false;
                }
            }
        }
    }
    return true;
}

Function* Checker::instantiate_function(FunctionTemplate* t, std::span<const TemplateValue> explicit_args,
                                        std::span<BExpr* const> args, SourceRange range, bool report_errors) {
    const syntax::FunctionDecl* d = t->decl;
    std::size_t n = d->template_params.size();
    if (explicit_args.size() > n) {
        if (report_errors)
            report(DiagCode::template_argument_error, range,
                   fmt::format("'{}' takes {} template argument{}, but {} are given.", d->name.str(), n, n == 1 ? "" : "s",
                               explicit_args.size()));
        return nullptr;
    }
    if (args.size() > d->params.size()) {
        if (report_errors)
            report(DiagCode::wrong_argument_count, range,
                   fmt::format("'{}' takes {} argument{}, but {} are given.", d->name.str(), d->params.size(),
                               d->params.size() == 1 ? "" : "s", args.size()));
        return nullptr;
    }
    std::vector<Symbol> names;
    std::vector<TemplateValue> values(n, TemplateValue{nullptr, -1});
    for (std::size_t i = 0; i < n; ++i) names.push_back(d->template_params[i].name);
    for (std::size_t i = 0; i < explicit_args.size(); ++i) {
        bool wants_type = !d->template_params[i].value_type;
        if (wants_type != (explicit_args[i].type != nullptr)) {
            if (report_errors)
                report(DiagCode::template_argument_error, range,
                       fmt::format("Template argument {} of '{}' must be a {}.", i + 1, d->name.str(),
                                   wants_type ? "type" : "constant value"));
            return nullptr;
        }
        values[i] = explicit_args[i];
    }
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!ok(args[i])) return nullptr;
        const Type* at = materialized_type(args[i]->type);
        std::vector<TemplateValue> trial = values;
        if (!deduce(d->params[i]->type, at, names, trial, 0)) {
            if (report_errors)
                report(DiagCode::template_argument_error, args[i]->range,
                       fmt::format("The arguments of '{}' give conflicting types for its template parameters. Give "
                                   "them explicitly: {}<...>(...).",
                                   d->name.str(), d->name.str()));
            return nullptr;
        }
        // Explicit arguments win over deduction.
        for (std::size_t k = explicit_args.size(); k < n; ++k) values[k] = trial[k];
    }
    for (std::size_t i = 0; i < n; ++i) {
        const syntax::TemplateParam& p = d->template_params[i];
        bool bound = p.value_type ? values[i].value != -1 || values[i].type : values[i].type != nullptr;
        if (bound) continue;
        if (p.default_type || p.default_value) {
            Scope* saved = scope;
            push(t->scope);
            if (p.default_type) {
                if (const Type* dt = resolve_type(p.default_type)) values[i] = TemplateValue{dt, 0};
            } else if (auto v = integer_constant(p.default_value, "a template argument")) {
                values[i] = TemplateValue{nullptr, *v};
            }
            scope = saved;
            continue;
        }
        if (report_errors)
            report(DiagCode::template_argument_error, range,
                   fmt::format("The template parameter '{}' of '{}' cannot be deduced from the arguments. Give it "
                               "explicitly: {}<...>(...).",
                               p.name.str(), d->name.str(), d->name.str()));
        return nullptr;
    }
    for (const FunctionTemplate::Instance& inst : t->instances)
        if (inst.args == values) return inst.function;
    if (template_depth >= options.max_template_depth || template_instances >= options.max_template_instances) {
        if (report_errors || template_depth >= options.max_template_depth)
            report(DiagCode::template_depth_exceeded, range,
                   fmt::format("Instantiating '{}' goes too deep or makes too many instances (limit {} nested, {} in "
                               "all). Check for a template that instantiates itself.",
                               d->name.str(), options.max_template_depth, options.max_template_instances));
        return nullptr;
    }
    // An explicit specialization for exactly these arguments replaces the template's body.
    const FunctionTemplate::Specialization* spec = nullptr;
    for (const FunctionTemplate::Specialization& s : t->specializations)
        if (s.args == values) spec = &s;
    const syntax::FunctionDecl* body = spec ? spec->decl : d;
    ++template_depth;
    ++template_instances;
    Scope* saved = scope;
    Scope* ts = spec ? template_scope({}, {}, spec->scope)
                     : template_scope(d->template_params, values, t->owner ? t->owner->scope : t->scope);
    push(ts);
    Function* f = build_signature(body, t->owner);
    if (f) {
        std::vector<const Type*> targs;
        for (const TemplateValue& v : values) targs.push_back(v.type ? v.type : scalar(ScalarKind::Int));
        f->template_args = to_span(targs);
        t->instances.push_back({values, f});
        FunctionState* saved_fn = fn;
        fn = nullptr;  // the instance's body is its own function
        check_body(f, body, t->owner);
        fn = saved_fn;
    }
    scope = saved;
    --template_depth;
    return f;
}

std::optional<std::vector<TemplateValue>> Checker::complete_template_args(std::span<const syntax::TemplateParam> params,
                                                                         Symbol name, Scope* where_declared,
                                                                         std::span<const TemplateValue> args,
                                                                         SourceRange range) {
    std::vector<TemplateValue> values(args.begin(), args.end());
    if (values.size() > params.size()) {
        report(DiagCode::template_argument_error, range,
               fmt::format("'{}' takes {} template arguments, but {} are given.", name.str(), params.size(),
                           values.size()));
        return std::nullopt;
    }
    for (std::size_t i = values.size(); i < params.size(); ++i) {
        const syntax::TemplateParam& p = params[i];
        Scope* saved = scope;
        push(where_declared);
        std::optional<TemplateValue> v;
        if (p.default_type) {
            if (const Type* dt = resolve_type(p.default_type)) v = TemplateValue{dt, 0};
        } else if (p.default_value) {
            if (auto iv = integer_constant(p.default_value, "a template argument")) v = TemplateValue{nullptr, *iv};
        }
        scope = saved;
        if (!v) {
            report(DiagCode::template_argument_error, range,
                   fmt::format("'{}' needs a value for its template parameter '{}'.", name.str(), p.name.str()));
            return std::nullopt;
        }
        values.push_back(*v);
    }
    for (std::size_t i = 0; i < values.size(); ++i)
        if ((params[i].value_type == nullptr) != (values[i].type != nullptr)) {
            report(DiagCode::template_argument_error, range,
                   fmt::format("Template argument {} of '{}' must be a {}.", i + 1, name.str(),
                               params[i].value_type ? "constant value" : "type"));
            return std::nullopt;
        }
    return values;
}

const Type* Checker::instantiate_alias(StructTemplate* t, std::span<const TemplateValue> args, SourceRange range) {
    const syntax::TypedefDecl* d = t->alias;
    std::optional<std::vector<TemplateValue>> values = complete_template_args(d->template_params, d->name, t->scope, args, range);
    if (!values) return nullptr;
    // An alias is its type with the parameters bound: nothing to keep per instance, but an alias
    // naming itself must stop like a struct template that does.
    if (template_depth >= options.max_template_depth) {
        report(DiagCode::template_depth_exceeded, range,
               fmt::format("Expanding the alias '{}' goes too deep. Check for an alias that names itself.",
                           d->name.str()));
        return nullptr;
    }
    ++template_depth;
    Scope* saved = scope;
    push(template_scope(d->template_params, *values, t->scope));
    const Type* out = resolve_type(d->type, d->modifiers);
    if (out && !d->dims.empty()) out = apply_dims(out, d->dims, d->loc);
    scope = saved;
    --template_depth;
    return out;
}

const StructType* Checker::instantiate_struct(StructTemplate* t, std::span<const TemplateValue> args, SourceRange range) {
    const syntax::StructDecl* d = t->decl;
    std::optional<std::vector<TemplateValue>> completed =
        complete_template_args(d->template_params, d->name, t->scope, args, range);
    if (!completed) return nullptr;
    std::vector<TemplateValue>& values = *completed;
    for (const StructTemplate::Instance& inst : t->instances)
        if (inst.args == values) return inst.type;
    if (template_depth >= options.max_template_depth || template_instances >= options.max_template_instances) {
        report(DiagCode::template_depth_exceeded, range,
               fmt::format("Instantiating '{}' goes too deep or makes too many instances. Check for a template that "
                           "instantiates itself.",
                           d->name.str()));
        return nullptr;
    }
    // A specialization that matches these arguments is instantiated in the template's place, with
    // its own parameters bound by the match.
    std::vector<TemplateValue> spec_values;
    bool ambiguous = false;
    const StructTemplate::Specialization* spec = pick_specialization(t, values, spec_values, range, ambiguous);
    if (ambiguous) return nullptr;
    if (!spec && !d->is_definition) {
        report(DiagCode::incomplete_type, range,
               fmt::format("The struct template '{}' is declared but not defined (and no specialization matches "
                           "these arguments). Define it before this use.",
                           d->name.str()));
        return nullptr;
    }
    const syntax::StructDecl* body = spec ? spec->decl : d;
    ++template_depth;
    ++template_instances;
    Scope* saved = scope;
    FunctionState* saved_fn = fn;
    fn = nullptr;
    Scope* ts = spec ? template_scope(body->template_params, spec_values, spec->scope)
                     : template_scope(d->template_params, values, t->scope);
    push(ts);
    StructInfo* info = declare_struct(body, values, ts);
    scope = saved;
    fn = saved_fn;
    --template_depth;
    if (!info) return nullptr;
    t->instances.push_back({values, info->type});
    return info->type;
}

}  // namespace oneshader::sema
