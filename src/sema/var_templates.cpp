// Variable templates: `template<typename T> static const T pi = T(3.14159);` used as `pi<float>`.
// Each distinct argument list makes one static global (named with its arguments, so the outputs
// tell instances apart), its initializer checked with the parameters bound; an explicit
// specialization (`template<> static const float pi<float> = 3.0f;`) replaces the initializer
// for its arguments.
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

void Checker::declare_var_template(const syntax::VarDecl* d) {
    SourceRange where(d->loc);
    if (d->is_specialization) {
        const Entity* e = find_local(scope, d->name);
        if (!e || e->kind != EntityKind::VarTemplate) {
            report(DiagCode::template_argument_error, where,
                   fmt::format("'template<>' makes this an explicit specialization, but no variable template '{}' is "
                               "declared before it in this scope. Declare the template first.",
                               d->name.str()));
            return;
        }
        VarTemplate* t = e->var_template;
        if (d->specialization_args.empty()) {
            report(DiagCode::template_argument_error, where,
                   fmt::format("Give the arguments this specializes '{}' for: {}<...>.", d->name.str(), d->name.str()));
            return;
        }
        std::optional<std::vector<TemplateValue>> given = template_arguments(d->specialization_args);
        if (!given) return;
        std::optional<std::vector<TemplateValue>> values =
            complete_template_args(t->decl->template_params, d->name, t->scope, *given, where);
        if (!values) return;
        for (const VarTemplate::Specialization& old : t->specializations)
            if (old.args == *values) {
                report(DiagCode::redefinition, where,
                       fmt::format("'{}' is already specialized for these template arguments.", d->name.str()));
                return;
            }
        for (const VarTemplate::Instance& inst : t->instances)
            if (inst.args == *values) {
                report(DiagCode::template_argument_error, where,
                       fmt::format("This specialization of '{}' comes after '{}' was already used. Move the "
                                   "specialization before the first use.",
                                   d->name.str(), inst.var->name.str()));
                return;
            }
        t->specializations.push_back({std::move(*values), d, scope});
        return;
    }
    // A template makes static globals only: a uniform ($Globals member) per instance would give
    // the buffer a member for every use, which DXC never does.
    if (!(d->modifiers & syntax::ModStatic) || (d->modifiers & syntax::ModGroupShared)) {
        report(DiagCode::unsupported_feature, where,
               fmt::format("The variable template '{}' must be 'static' (usually 'static const'): only static "
                           "globals can be templates. Make it static, or use a cbuffer member.",
                           d->name.str()));
        return;
    }
    VarTemplate* t = make<VarTemplate>();
    t->decl = d;
    t->scope = scope;
    Entity e;
    e.kind = EntityKind::VarTemplate;
    e.loc = d->loc;
    e.var_template = t;
    declare(scope, d->name, e, where);
}

Variable* Checker::instantiate_var(VarTemplate* t, std::span<const TemplateValue> args, SourceRange range) {
    const syntax::VarDecl* d = t->decl;
    std::optional<std::vector<TemplateValue>> values =
        complete_template_args(d->template_params, d->name, t->scope, args, range);
    if (!values) return nullptr;
    for (const VarTemplate::Instance& inst : t->instances)
        if (inst.args == *values) return inst.var;
    if (template_depth >= options.max_template_depth || template_instances >= options.max_template_instances) {
        report(DiagCode::template_depth_exceeded, range,
               fmt::format("Instantiating '{}' goes too deep or makes too many instances. Check for a variable "
                           "template whose initializer uses itself.",
                           d->name.str()));
        return nullptr;
    }
    const VarTemplate::Specialization* spec = nullptr;
    for (const VarTemplate::Specialization& s : t->specializations)
        if (s.args == *values) spec = &s;
    const syntax::VarDecl* body = spec ? spec->decl : d;
    std::string name(d->name.str());
    name += '<';
    for (std::size_t i = 0; i < values->size(); ++i) {
        if (i) name += ", ";
        name += (*values)[i].type ? tname((*values)[i].type) : std::to_string((*values)[i].value);
    }
    name += '>';

    ++template_depth;
    ++template_instances;
    Scope* saved = scope;
    FunctionState* saved_fn = fn;
    fn = nullptr;  // the initializer belongs to the global, not to the body that named it
    push(spec ? template_scope({}, {}, spec->scope) : template_scope(d->template_params, *values, t->scope));
    Variable* v = nullptr;
    const Type* type = resolve_type(body->type, body->modifiers, body->pragma_packing);
    if (type && !body->dims.empty()) type = apply_dims(type, body->dims, body->loc);
    if (type && (type->is<VoidType>() || contains_resource(type))) {
        report(DiagCode::unsupported_feature, range,
               fmt::format("The variable template '{}' cannot have type '{}': only values (scalars, vectors, "
                           "matrices, structs and arrays of them) can be templates.",
                           name, tname(type)));
        type = nullptr;
    }
    if (type) {
        v = global_variable(body, type);
        v->name = intern(name);
        v->storage = StorageClass::StaticGlobal;
        globals.push_back(v);
        t->instances.push_back({*values, v});
        check_global_initializer(v, body);
        if (v->is_const && !body->init)
            report(DiagCode::bad_initializer, SourceRange(body->loc),
                   fmt::format("The static const '{}' needs an initializer.", name));
    }
    scope = saved;
    fn = saved_fn;
    --template_depth;
    return v;
}

BExpr* Checker::var_template_ref(VarTemplate* t, const syntax::NameExpr* e) {
    SourceRange r(e->loc);
    if (!e->has_template_args) {
        std::string_view n = t->decl->name.str();
        report(DiagCode::template_argument_error, r,
               fmt::format("'{}' is a variable template: give its arguments, {}<...>.", n, n));
        return error_expr(r);
    }
    std::optional<std::vector<TemplateValue>> args = template_arguments(e->template_args);
    if (!args) return error_expr(r);
    Variable* v = instantiate_var(t, *args, r);
    if (!v) return error_expr(r);
    return var_ref(v, r);
}

}  // namespace oneshader::sema
