// Function declarations: signatures (parameters with in/out/inout, default arguments, semantics),
// prototypes completed by later definitions, member functions defined outside their struct,
// function templates, and the checking of a body in its own scope.
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

bool same_signature(const Function* a, const Function* b) {
    if (a->type->params.size() != b->type->params.size()) return false;
    for (std::size_t i = 0; i < a->type->params.size(); ++i) {
        const ParamType& x = a->type->params[i];
        const ParamType& y = b->type->params[i];
        if (x.type->value_type() != y.type->value_type() || x.direction != y.direction) return false;
    }
    return true;
}

std::uint8_t param_interpolation(std::uint32_t m) {
    std::uint8_t bits = 0;
    if (m & syntax::ModLinear) bits |= kInterpLinear;
    if (m & syntax::ModCentroid) bits |= kInterpCentroid;
    if (m & syntax::ModNoInterpolation) bits |= kInterpNoInterpolation;
    if (m & syntax::ModNoPerspective) bits |= kInterpNoPerspective;
    if (m & syntax::ModSample) bits |= kInterpSample;
    return bits;
}

}  // namespace

bool Checker::operator_overload_allowed(const syntax::FunctionDecl* d, StructInfo* owner) {
    // HLSL 2021 as DXC takes it: member operators only, and not assignment, compound assignment,
    // shifts, ++ or -- (those keep their built-in meaning on members).
    using syntax::TokenKind;
    switch (d->op) {
    case TokenKind::Equal: case TokenKind::PlusEqual: case TokenKind::MinusEqual: case TokenKind::StarEqual:
    case TokenKind::SlashEqual: case TokenKind::PercentEqual: case TokenKind::AmpEqual: case TokenKind::PipeEqual:
    case TokenKind::CaretEqual: case TokenKind::LessLessEqual: case TokenKind::GreaterGreaterEqual:
    case TokenKind::LessLess: case TokenKind::GreaterGreater: case TokenKind::PlusPlus: case TokenKind::MinusMinus:
        report(DiagCode::invalid_operands, SourceRange(d->loc),
               fmt::format("HLSL 2021 does not allow overloading '{}' (DXC refuses it too: assignment, compound "
                           "assignment, '<<', '>>', '++' and '--' keep their built-in meaning). Write a named member "
                           "function instead (for '+=', e.g. 'void add(S other)').",
                           d->name.str()));
        return false;
    default: break;
    }
    if (!owner) {
        report(DiagCode::invalid_operands, SourceRange(d->loc),
               fmt::format("HLSL 2021 allows '{}' only as a member of a struct (DXC refuses non-member operators "
                           "too). Declare it inside the struct of its left operand.",
                           d->name.str()));
        return false;
    }
    return true;
}

Function* Checker::build_signature(const syntax::FunctionDecl* d, StructInfo* owner) {
    if (d->is_operator && !operator_overload_allowed(d, owner)) return nullptr;
    const Type* result = resolve_type(d->return_type, d->modifiers);
    if (!result) return nullptr;
    if (result->is<ArrayType>()) {
        report(DiagCode::type_mismatch, SourceRange(d->loc),
               "A function cannot return an array. Wrap the array in a struct and return that.");
        return nullptr;
    }
    Function* f = make<Function>();
    f->name = d->name;
    f->loc = d->loc;
    f->owner = owner ? owner->type : nullptr;
    f->is_static = owner && (d->modifiers & syntax::ModStatic);
    f->is_operator = d->is_operator;
    f->has_definition = d->body != nullptr;
    for (const syntax::Annotation& a : d->annotations)
        if (a.kind == syntax::AnnotationKind::Semantic) f->semantic = a.name;
    read_stage_attributes(d->attributes, f->result_vk_location, f->result_vk_builtin);
    support::SmallVec<ParamType, 8> ptypes;
    support::SmallVec<Variable*, 8> params;
    support::SmallVec<BExpr*, 8> defaults;
    bool ok_all = true;
    bool seen_default = false;
    for (const syntax::ParamDecl* p : d->params) {
        const Type* t = resolve_type(p->type, p->modifiers);
        if (t && !p->dims.empty()) t = apply_dims(t, p->dims, p->loc);
        if (!t) {
            ok_all = false;
            continue;
        }
        if (t->is<VoidType>()) {
            report(DiagCode::type_mismatch, SourceRange(p->loc), "A parameter cannot have type 'void'.");
            ok_all = false;
            continue;
        }
        Variable* v = make<Variable>();
        v->name = p->name;
        v->loc = p->loc;
        v->type = t;
        v->storage = StorageClass::Param;
        v->precise = (p->modifiers & syntax::ModPrecise) != 0;
        v->is_uniform = (p->modifiers & syntax::ModUniform) != 0;
        v->is_const = (p->modifiers & syntax::ModConst) != 0;
        v->interpolation = param_interpolation(p->modifiers);
        v->direction = (p->modifiers & syntax::ModInOut) || ((p->modifiers & syntax::ModIn) && (p->modifiers & syntax::ModOut))
                           ? ParamDirection::InOut
                       : (p->modifiers & syntax::ModOut) ? ParamDirection::Out
                                                         : ParamDirection::In;
        for (const syntax::Annotation& a : p->annotations)
            if (a.kind == syntax::AnnotationKind::Semantic) v->semantic = a.name;
        read_stage_attributes(p->attributes, v->vk_location, v->vk_builtin);
        BExpr* def = nullptr;
        if (p->default_value) {
            seen_default = true;
            def = convert(check_expr(p->default_value), t, ConvertWhy::Init);
        } else if (seen_default) {
            report(DiagCode::wrong_argument_count, SourceRange(p->loc),
                   fmt::format("The parameter '{}' follows one with a default value, so it needs one too.", p->name.str()));
        }
        params.push_back(v);
        defaults.push_back(def);
        ptypes.push_back(ParamType{t, v->direction});
    }
    if (!ok_all) return nullptr;
    f->type = types.function(result, ptypes);
    f->params = to_span(params);
    f->defaults = to_span(defaults);
    all_functions.emplace_back(d, f);
    return f;
}

void Checker::declare_function(const syntax::FunctionDecl* d, StructInfo* owner) {
    if (!owner && d->qualified_name.qualifier && d->is_template) {
        report(DiagCode::unsupported_feature, SourceRange(d->loc),
               fmt::format("Member functions of a struct template (or its specializations) cannot be defined outside "
                           "it here. Define '{}' inside the struct.",
                           d->name.str()));
        return;
    }
    if (!owner && (d->qualified_name.parts.size() > 1 || d->qualified_name.qualifier)) {
        define_out_of_line(d);
        return;
    }
    Scope* target = owner ? owner->scope : scope;
    if (d->is_template && d->template_params.empty()) {
        declare_function_specialization(d, target);
        return;
    }
    if (d->is_template) {
        FunctionTemplate* t = make<FunctionTemplate>();
        t->decl = d;
        t->scope = target;
        t->owner = owner;
        OverloadSet* set = make<OverloadSet>();
        set->name = d->name;
        set->templates.push_back(t);
        Entity e;
        e.kind = EntityKind::Overloads;
        e.loc = d->loc;
        e.overloads = set;
        declare(target, d->name, e, SourceRange(d->loc));
        return;
    }
    Function* f = build_signature(d, owner);
    if (!f) return;
    if (const Entity* existing = find_local(target, d->name); existing && existing->kind == EntityKind::Overloads) {
        for (Function* old : existing->overloads->functions) {
            if (!same_signature(old, f)) continue;
            if (old->type->result != f->type->result) {
                report(DiagCode::redefinition, SourceRange(d->loc),
                       fmt::format("'{}' is declared again with a different return type.", d->name.str()));
                return;
            }
            if (old->body || (old->has_definition && d->body)) {
                report(DiagCode::redefinition, SourceRange(d->loc),
                       fmt::format("The function '{}' is already defined with these parameter types. Remove one "
                                   "definition or change its parameters.",
                                   d->name.str()));
                diags.note(SourceRange(old->loc), "the earlier definition is here");
                return;
            }
            if (d->body) {
                // The definition completes the prototype: keep the first Function (calls already
                // point at it) with the definition's parameters, names and semantics.
                old->params = f->params;
                old->defaults = f->defaults.empty() ? old->defaults : f->defaults;
                old->has_definition = true;
                old->loc = d->loc;
                if (f->semantic) old->semantic = f->semantic;
                if (!f->result_vk_builtin.empty()) old->result_vk_builtin = f->result_vk_builtin;
                if (f->result_vk_location) old->result_vk_location = f->result_vk_location;
                for (auto& af : all_functions)
                    if (af.second == f) af.second = old;
                if (find_attribute(d->attributes, "", "shader")) shader_functions.emplace_back(d, old);
                check_body(old, d, owner);
            }
            return;
        }
    }
    OverloadSet* set = make<OverloadSet>();
    set->name = d->name;
    set->functions.push_back(f);
    Entity e;
    e.kind = EntityKind::Overloads;
    e.loc = d->loc;
    e.overloads = set;
    if (!declare(target, d->name, e, SourceRange(d->loc))) return;
    if (find_attribute(d->attributes, "", "shader")) shader_functions.emplace_back(d, f);
    if (d->body && !owner) check_body(f, d, owner);
}

void Checker::define_out_of_line(const syntax::FunctionDecl* d) {
    // `float Rng::NextFloat() { ... }`: find the struct, then the declared method.
    syntax::QualifiedName owner_name = d->qualified_name;
    owner_name.parts = owner_name.parts.first(owner_name.parts.size() - 1);
    StructInfo* owner = nullptr;
    if (owner_name.parts.empty()) {
        // `float Storage<float, 2>::First() {...}`: a member of an explicit specialization.
        const Type* qt = resolve_type(owner_name.qualifier);
        if (!qt) return;
        owner = qt->is<StructType>() ? info_of(qt->as<StructType>()) : nullptr;
        if (!owner) {
            report(DiagCode::redefinition, SourceRange(d->loc),
                   fmt::format("'{}' is not a struct, so '{}' cannot be defined as its member.", tname(qt),
                               d->name.str()));
            return;
        }
    } else {
        const Entity* oe = lookup_qualified(owner_name, SourceRange(d->loc), true);
        if (!oe) return;
        owner = oe->kind == EntityKind::Type && oe->type->is<StructType>() ? info_of(oe->type->as<StructType>()) : nullptr;
    }
    if (!owner) {
        report(DiagCode::redefinition, SourceRange(d->loc),
               fmt::format("'{}' is not a struct, so '{}' cannot be defined as its member.",
                           owner_name.last().str(), d->name.str()));
        return;
    }
    Scope* saved = scope;
    push(owner->scope);
    Function* f = build_signature(d, owner);
    scope = saved;
    if (!f) return;
    const Entity* e = find_local(owner->scope, d->name);
    if (e && e->kind == EntityKind::Overloads) {
        for (Function* old : e->overloads->functions) {
            if (!same_signature(old, f)) continue;
            if (old->body) {
                report(DiagCode::redefinition, SourceRange(d->loc),
                       fmt::format("'{}::{}' is already defined.", owner->type->name.str(), d->name.str()));
                return;
            }
            old->params = f->params;
            old->has_definition = d->body != nullptr;
            old->loc = d->loc;
            for (auto& af : all_functions)
                if (af.second == f) af.second = old;
            check_body(old, d, owner);
            return;
        }
    }
    std::vector<std::string_view> names;
    for (const ScopeEntry& n : owner->scope->in_order()) names.push_back(n.name.str());
    report(DiagCode::no_such_member, SourceRange(d->loc),
           fmt::format("The struct '{}' declares no member function '{}' with these parameters. Declare it in the "
                       "struct first.{}",
                       owner->type->name.str(), d->name.str(), did_you_mean(d->name.str(), names)));
}

void Checker::check_body(Function* f, const syntax::FunctionDecl* d, StructInfo* owner) {
    if (!d->body || f->body) return;
    if (check_depth >= 64) {
        report(DiagCode::analysis_depth_exceeded, SourceRange(d->loc),
               "Function bodies are nested too deeply through template instances. Simplify the templates.");
        return;
    }
    ++check_depth;
    FunctionState state;
    state.fn = f;
    state.result = f->type->result;
    state.owner = owner;
    state.is_static = f->is_static;
    FunctionState* saved_fn = fn;
    Scope* saved_scope = scope;
    fn = &state;
    // Template instances keep their template scope (which names T) between the body and the owner.
    Scope* fs = new_scope(ScopeKind::Function, owner && scope->kind != ScopeKind::Template ? owner->scope : scope);
    push(fs);
    for (Variable* p : f->params) {
        Entity e;
        e.kind = EntityKind::Variable;
        e.loc = p->loc;
        e.var = p;
        declare(fs, p->name, e, SourceRange(p->loc));
    }
    // A placeholder body marks the function as defined while its own body is checked, so a
    // recursive call is seen as a call (and reported by the recursion check), not a redefinition.
    f->body = make<BBlock>(d->body->loc);
    BBlock* body = check_block(d->body, false);
    f->body = body;
    if (!state.result->is<VoidType>() && !always_returns(body))
        report(DiagCode::missing_return, SourceRange(d->body->end_loc),
               fmt::format("The function '{}' must return a '{}' on every path. Add a return statement at the end.",
                           d->name.str(), tname(state.result)));
    f->globals_used = to_span(state.globals_used.list);
    f->callees = to_span(state.callees.list);
    f->staged_calls = to_span(state.staged_calls);
    functions.push_back(f);
    fn = saved_fn;
    scope = saved_scope;
    --check_depth;
}

}  // namespace oneshader::sema
