// Calls and value construction: user functions (free, member, static member, qualified base
// calls, templates), intrinsic functions and resource methods through the intrinsic table,
// operator overloads, constructor-style `float4(a, b)`, C-style casts and `{...}` initializer
// lists with HLSL's flattening rule.
#include "intrinsics/table.hpp"
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

AddressSpace root_space(const BExpr* e) {
    for (int depth = 0; e && depth < 4096; ++depth) {
        switch (e->kind) {
        case BExprKind::Field: e = static_cast<const BField*>(e)->base; break;
        case BExprKind::BaseCast: e = static_cast<const BBaseCast*>(e)->operand; break;
        case BExprKind::Swizzle: e = static_cast<const BSwizzle*>(e)->base; break;
        case BExprKind::MatrixElements: e = static_cast<const BMatrixElements*>(e)->base; break;
        case BExprKind::Index: e = static_cast<const BIndex*>(e)->base; break;
        case BExprKind::ResourceIndex: {
            const auto* r = static_cast<const BResourceIndex*>(e);
            const ResourceType* rt = r->resource->type->as<ResourceType>();
            return rt && is_texture(rt->resource) ? AddressSpace::UniformConstant : AddressSpace::StorageBuffer;
        }
        case BExprKind::VarRef:
            switch (static_cast<const BVarRef*>(e)->var->storage) {
            case StorageClass::GroupShared: return AddressSpace::Workgroup;
            case StorageClass::StaticGlobal:
            case StorageClass::StaticLocal:
            case StorageClass::StaticMember: return AddressSpace::Private;
            case StorageClass::BufferMember: return AddressSpace::Uniform;
            default: return AddressSpace::Function;
            }
        default: return AddressSpace::Function;
        }
    }
    return AddressSpace::Function;
}

// The scalar type of every scalar slot of `t`, flattened in order (base members first).
void flat_slots(const Type* t, std::vector<const ScalarType*>& out, int depth) {
    if (depth > 64 || out.size() > 65536) return;
    if (is_basic(t)) {
        for (std::uint32_t i = 0; i < component_count(t); ++i) out.push_back(component_type(t));
    } else if (const ArrayType* a = t->as<ArrayType>()) {
        for (std::uint32_t i = 0; i < a->length && out.size() <= 65536; ++i) flat_slots(a->element, out, depth + 1);
    } else if (const StructType* s = t->as<StructType>()) {
        if (s->base) flat_slots(s->base, out, depth + 1);
        for (const StructMember& m : s->members) {
            if (m.bit_fields.empty()) flat_slots(m.type, out, depth + 1);
            else out.insert(out.end(), m.bit_fields.size(), component_type(m.type));  // one slot per bit field
        }
    }
}

}  // namespace

void Checker::check_args(std::span<syntax::Expr* const> args, support::SmallVec<BExpr*, 8>& out) {
    for (const syntax::Expr* a : args) out.push_back(check_expr(a));
}

BExpr* Checker::finish_call(Function* f, BExpr* object, std::span<BExpr*> args, SourceRange range) {
    auto* c = make<BCall>(range);
    c->callee = f;
    c->type = f->type->result;
    support::SmallVec<BExpr*, 8> converted;
    bool failed = false;
    for (std::size_t i = 0; i < f->type->params.size(); ++i) {
        const ParamType& p = f->type->params[i];
        BExpr* a = i < args.size() ? args[i] : (i < f->defaults.size() ? f->defaults[i] : nullptr);
        if (!a) {
            report(DiagCode::wrong_argument_count, range,
                   fmt::format("'{}' needs {} argument{}, but {} {} given.", f->name.str(), f->type->params.size(),
                               f->type->params.size() == 1 ? "" : "s", args.size(), args.size() == 1 ? "is" : "are"));
            return error_expr(range);
        }
        if (p.direction != ParamDirection::In) {
            if (ok(a) && !a->assignable) {
                report(DiagCode::argument_not_lvalue, a->range,
                       fmt::format("Argument {} of '{}' is an {} parameter, so it must be a variable that can be "
                                   "written.",
                                   i + 1, f->name.str(), p.direction == ParamDirection::Out ? "out" : "inout"));
                failed = true;
            } else if (ok(a) &&
                       !check_out_argument(a, p.type, p.direction,
                                           fmt::format("Argument {} of '{}'", i + 1, f->name.str()))) {
                failed = true;
            }
            converted.push_back(a);
            continue;
        }
        BExpr* cv = convert(a, p.type, ConvertWhy::Argument);
        if (!ok(cv)) failed = true;
        converted.push_back(cv);
    }
    if (failed) return error_expr(range);
    c->args = to_span(converted);
    if (f->owner && !f->is_static) {
        if (!object) {
            report(DiagCode::invalid_this, range,
                   fmt::format("'{}' is a member function and needs an object: obj.{}(...).", f->name.str(), f->name.str()));
            return error_expr(range);
        }
        c->object = convert(object, f->owner, ConvertWhy::Argument);
    }
    if (fn) fn->callees.add(f);
    return c;
}

BExpr* Checker::call_user(OverloadSet* set, std::span<const TemplateValue> explicit_args, bool has_explicit,
                          BExpr* object, std::span<BExpr*> args, SourceRange range, Symbol name) {
    for (BExpr* a : args)
        if (!ok(a)) return error_expr(range);
    support::SmallVec<Function*, 4> candidates;
    if (!has_explicit) candidates.assign(set->functions.begin(), set->functions.end());
    for (FunctionTemplate* t : set->templates)
        if (Function* f = instantiate_function(t, explicit_args, args, range, false)) candidates.push_back(f);
    if (candidates.empty() && set->templates.size() == 1 && set->functions.empty()) {
        // Report why the one template did not fit.
        instantiate_function(set->templates[0], explicit_args, args, range, true);
        return error_expr(range);
    }
    if (candidates.empty()) {
        report(DiagCode::no_matching_overload, range,
               has_explicit ? fmt::format("'{}' is not a template, so it takes no <...> arguments.", name.str())
                            : fmt::format("No declaration of '{}' takes these arguments.", name.str()));
        return error_expr(range);
    }
    Function* f = pick_overload(candidates, args, range, name, true);
    if (!f) return error_expr(range);
    return finish_call(f, object, args, range);
}

BExpr* Checker::call_operator(Symbol op_name, BExpr* object, std::span<BExpr*> args, SourceRange range, bool* found) {
    *found = false;
    const StructType* st = object->type->as<StructType>();
    StructInfo* info = st ? info_of(st) : nullptr;
    if (!info) return nullptr;
    const Entity* e = lookup_in_struct(info, op_name);
    if (!e || e->kind != EntityKind::Overloads) return nullptr;
    *found = true;
    return call_user(e->overloads, {}, false, object, args, range, op_name);
}

BExpr* Checker::call_intrinsic(Symbol name, std::span<BExpr*> args, SourceRange range) {
    std::string_view n = name.str();
    for (BExpr* a : args)
        if (!ok(a)) return error_expr(range);
    if (n == "WaveMatch") {
        report(DiagCode::unsupported_feature, range,
               "The intrinsic 'WaveMatch' is not supported: it needs partitioned subgroup operations, which no target "
               "offers portably (SPIR-V has only a vendor extension; MSL and WGSL have none). Build the groups with "
               "WaveActiveBallot and WaveReadLaneFirst in a loop instead.");
        return error_expr(range);
    }
    if (n.starts_with("WaveMultiPrefix")) {
        report(DiagCode::unsupported_feature, range,
               fmt::format("The intrinsic '{}' is not supported: it needs partitioned subgroup operations, which no "
                           "target offers portably (SPIR-V has only a vendor extension; MSL and WGSL have none). Use "
                           "the WavePrefix* intrinsics on each group instead.",
                           n));
        return error_expr(range);
    }
    if ((n == "InterlockedCompareExchangeFloatBitwise" || n == "InterlockedCompareStoreFloatBitwise") &&
        !args.empty()) {
        // SPIR-V's compare-exchange takes integers only, and Vulkan's logical addressing cannot view a float in
        // memory as a uint; DXC refuses these for SPIR-V too.
        report(DiagCode::intrinsic_bad_argument, range,
               fmt::format("'{}' is not supported on a float in memory: an atomic compare-exchange works on integers "
                           "only, and a float variable cannot be reinterpreted as one. Declare the memory as uint and "
                           "use InterlockedCompareExchange with asuint()/asfloat(), or use the "
                           "RWByteAddressBuffer method of the same name.",
                           n));
        return error_expr(range);
    }
    if (n.starts_with("Interlocked") && !args.empty() && args[0]->kind == BExprKind::Field &&
        static_cast<const BField*>(args[0])->bit_width != 0) {
        // An atomic works on a whole word in memory; a bit field is part of one, shared with its neighbours.
        report(DiagCode::bad_bit_field, args[0]->range,
               fmt::format("'{}' cannot work on a bit field: an atomic needs a whole variable in memory, and a bit "
                           "field shares its storage with the bit fields next to it. Use a whole uint member.",
                           n));
        return error_expr(range);
    }
    // SM 6.6: InterlockedExchange also swaps 32-bit floats.
    bool float_exchange = n == "InterlockedExchange" && !args.empty() && args[0]->type &&
                          args[0]->type->as<ScalarType>() && args[0]->type->as<ScalarType>()->scalar == ScalarKind::Float;
    if (n.starts_with("Interlocked") && !args.empty() && is_basic(args[0]->type) && !is_integer(args[0]->type) &&
        !float_exchange) {
        report(DiagCode::intrinsic_bad_argument, range,
               fmt::format("'{}' works on int, uint, int64_t and uint64_t, but the first argument is '{}'. Float "
                           "atomics are not supported; reinterpret the data as uint with asuint()/asfloat().",
                           n, tname(args[0]->type)));
        return error_expr(range);
    }
    if (!options.intrinsics) {
        report_undeclared(name, range, false);
        return error_expr(range);
    }
    support::SmallVec<IntrinsicArg, 8> iargs;
    for (BExpr* a : args) iargs.push_back(IntrinsicArg{a->type, a->assignable, root_space(a), a->range});
    IntrinsicQuery q{types, arena, diags, range};
    IntrinsicResult r = options.intrinsics->call(q, n, iargs);
    if (r.status == IntrinsicStatus::NotFound) {
        report_undeclared(name, range, true);
        return error_expr(range);
    }
    if (r.status == IntrinsicStatus::Rejected || !r.call.result || r.call.params.size() != args.size())
        return error_expr(range);
    auto* c = make<BIntrinsicCall>(range);
    c->id = r.call.id;
    c->overload = r.call.overload;
    c->name = name;
    c->params = r.call.params;
    c->type = r.call.result;
    support::SmallVec<BExpr*, 8> converted;
    if (!table_call_arguments(args, r.call.params, n, "intrinsic", converted)) return error_expr(range);
    c->args = to_span(converted);
    if (static_cast<intrinsics::Id>(c->id) == intrinsics::Id::GetAttributeAtVertex && !c->args.empty() &&
        !check_attribute_at_vertex_arg(c->args[0]))
        return error_expr(range);
    if (const intrinsics::Row* row = intrinsics::row(static_cast<intrinsics::Id>(c->id), c->overload);
        fn && row && row->stages != intrinsics::kAllStages)
        fn->staged_calls.push_back(c);
    return c;
}

bool Checker::table_call_arguments(std::span<BExpr*> args, std::span<const ParamType> params, std::string_view callee,
                                   std::string_view kind, support::SmallVec<BExpr*, 8>& out) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const ParamType& p = params[i];
        if (p.direction != ParamDirection::In) {
            if (!args[i]->assignable) {
                report(DiagCode::argument_not_lvalue, args[i]->range,
                       fmt::format("Argument {} of '{}' is written by the {}, so it must be a variable that can be "
                                   "written.",
                                   i + 1, callee, kind));
                return false;
            }
            // A `ref` destination (atomics) is the storage itself, so the table typed it exactly.
            if (!check_out_argument(args[i], p.type, p.direction, fmt::format("Argument {} of '{}'", i + 1, callee)))
                return false;
            out.push_back(args[i]);
            continue;
        }
        BExpr* cv = convert(args[i], p.type, ConvertWhy::Argument);
        if (!ok(cv)) return false;
        out.push_back(cv);
    }
    return true;
}

BExpr* Checker::call_method(BExpr* object, Symbol name, std::span<BExpr*> args, const Type* template_arg, SourceRange range) {
    for (BExpr* a : args)
        if (!ok(a)) return error_expr(range);
    const ResourceType* rt = object->type->as<ResourceType>();
    std::string_view n = name.str();
    const auto* named = object->kind == BExprKind::VarRef ? static_cast<const BVarRef*>(object) : nullptr;
    Resource* named_resource = named && named->var ? named->var->resource : nullptr;
    if (named_resource) ++named_resource->named_directly;
    if ((n == "IncrementCounter" || n == "DecrementCounter") && rt && rt->resource == ResourceKind::RWStructuredBuffer) {
        // The hidden counter belongs to the declared buffer the object resolves to: named here, or
        // reached through a local, parameter, array element or heap read (counters_through_references).
        if (named_resource) named_resource->counter_used = true;
        else if (std::find(indirect_counter_types.begin(), indirect_counter_types.end(), rt->value_type()) ==
                 indirect_counter_types.end())
            indirect_counter_types.push_back(static_cast<const ResourceType*>(rt->value_type()));
    }
    if (!options.intrinsics) {
        report(DiagCode::no_such_member, range, fmt::format("'{}' has no method '{}'.", tname(object->type), n));
        return error_expr(range);
    }
    support::SmallVec<IntrinsicArg, 8> iargs;
    for (BExpr* a : args) iargs.push_back(IntrinsicArg{a->type, a->assignable, root_space(a), a->range});
    IntrinsicQuery q{types, arena, diags, range};
    IntrinsicResult r = options.intrinsics->method(q, rt, n, iargs, template_arg);
    if (r.status == IntrinsicStatus::NotFound) {
        std::vector<std::string_view> names;
        options.intrinsics->method_names(rt->resource, names);
        std::string hint = did_you_mean(n, names);
        report(DiagCode::no_such_member, range,
               fmt::format("'{}' has no method '{}'.{}", tname(object->type), n,
                           hint.empty() ? std::string(" Check the method name against the resource type.") : hint));
        return error_expr(range);
    }
    if (r.status == IntrinsicStatus::Rejected || !r.call.result || r.call.params.size() != args.size())
        return error_expr(range);
    auto* c = make<BMethodCall>(range);
    c->id = r.call.id;
    c->overload = r.call.overload;
    c->name = name;
    c->object = object;
    c->params = r.call.params;
    c->type = r.call.result;
    support::SmallVec<BExpr*, 8> converted;
    if (!table_call_arguments(args, r.call.params, n, "method", converted)) return error_expr(range);
    c->args = to_span(converted);
    bool status = false;
    for (const ParamType& p : r.call.params) status = status || p.direction != ParamDirection::In;
    if (status && (is_texture(rt->resource) || is_typed_buffer(rt->resource))) c->sparse_type = sparse_type_of(c->type);
    return c;
}

const StructType* Checker::sparse_type_of(const Type* texel) {
    auto found = sparse_types.find(texel);
    if (found != sparse_types.end()) return found->second;
    StructMember members[2];
    members[0].name = intern("Code");
    members[0].type = types.scalar(ScalarKind::UInt);
    members[1].name = intern("Texel");
    members[1].type = texel;
    StructType* st = types.create_struct(intern("SparseResidency"));
    types.define_struct(st, nullptr, members);
    sparse_types.emplace(texel, st);
    return st;
}

BExpr* Checker::check_call(const syntax::CallExpr* e) {
    SourceRange range(e->loc);
    const syntax::Expr* callee = e->callee;
    if (!callee) return error_expr(range);
    if (callee->kind == syntax::ExprKind::Member) {
        const auto* m = static_cast<const syntax::MemberExpr*>(callee);
        BExpr* object = check_expr(m->base);
        support::SmallVec<BExpr*, 8> args;
        check_args(e->args, args);
        if (!ok(object)) return error_expr(range);
        const Type* targ = nullptr;
        std::vector<TemplateValue> targs;
        if (m->has_template_args) {
            for (const syntax::TemplateArg& a : m->template_args) {
                std::optional<TemplateValue> v = template_argument(a);
                if (!v) return error_expr(range);
                targs.push_back(*v);
            }
            if (!targs.empty()) targ = targs[0].type;
        }
        if (object->type->is<ResourceType>())
            return call_method(object, m->member, args, targ, SourceRange(m->member_loc));
        if (const StructType* st = object->type->as<StructType>()) {
            StructInfo* info = info_of(st);
            const Entity* ent = info ? lookup_in_struct(info, m->member) : nullptr;
            if (ent && ent->kind == EntityKind::Overloads)
                return call_user(ent->overloads, targs, m->has_template_args, object, args, range, m->member);
            std::vector<std::string_view> names;
            int depth = 0;
            for (const StructType* s = st; s && depth < 64; s = s->base, ++depth)
                if (StructInfo* i = info_of(s))
                    for (const ScopeEntry& n : i->scope->in_order()) names.push_back(n.name.str());
            report(DiagCode::no_such_member, SourceRange(m->member_loc),
                   fmt::format("The struct '{}' has no member function '{}'.{}", st->name.str(), m->member.str(),
                               did_you_mean(m->member.str(), names)));
            return error_expr(range);
        }
        // An untyped heap read is reported once, with how to type it (report_untyped_heap_reads).
        if (untyped_heap(object) != DescriptorHeap::None) return error_expr(range);
        report(DiagCode::not_callable, range,
               fmt::format("'{}' has no methods, so '.{}(...)' cannot be called on it.", tname(object->type), m->member.str()));
        return error_expr(range);
    }
    if (callee->kind != syntax::ExprKind::Name) {
        // `items[i](x)`: a struct value with a member operator() (HLSL 2021, as DXC).
        BExpr* object = check_expr(callee);
        if (ok(object) && object->type->is<StructType>()) {
            support::SmallVec<BExpr*, 8> call_args;
            check_args(e->args, call_args);
            bool found = false;
            BExpr* call = call_operator(intern("operator()"), object, call_args, range, &found);
            if (found) return call;
        }
        if (!ok(object)) return error_expr(range);
        report(DiagCode::not_callable, range, "Only functions can be called. Call a function by its name.");
        return error_expr(range);
    }
    const auto* ne = static_cast<const syntax::NameExpr*>(callee);
    std::vector<TemplateValue> targs;
    if (ne->has_template_args)
        for (const syntax::TemplateArg& a : ne->template_args) {
            std::optional<TemplateValue> v = template_argument(a);
            if (!v) return error_expr(range);
            targs.push_back(*v);
        }
    // printf takes its format as a string literal, which is no value anywhere else. errorf has no
    // SPIR-V form (DXC refuses it too): its refusal (OSH0374) is the diagnostic, not the string's.
    if (ne->name.parts.size() == 1 && !ne->name.global && ne->name.parts[0].str() == "printf" &&
        !lookup(ne->name.parts[0]))
        return check_printf(e, range);
    if (ne->name.parts.size() == 1 && !ne->name.global && !e->args.empty() &&
        e->args[0]->kind == syntax::ExprKind::StringLiteral && ne->name.parts[0].str() == "errorf") {
        report(DiagCode::intrinsic_refused, SourceRange(ne->loc),
               "The intrinsic 'errorf' is not supported: SPIR-V has no error output (DXC refuses it for SPIR-V too), "
               "and MSL and WGSL have none. Use printf, or remove the call.");
        return error_expr(range);
    }
    support::SmallVec<BExpr*, 8> args;
    check_args(e->args, args);
    SourceRange name_range(ne->loc);

    // Find what the name means: a member function of the enclosing struct (implicit this), a
    // function, a type (constructor syntax), or nothing (an intrinsic).
    const Entity* ent = nullptr;
    const StructInfo* member_of_struct = nullptr;
    if (ne->name.parts.size() == 1 && !ne->name.global && !ne->name.qualifier) {
        Symbol name = ne->name.parts[0];
        for (const Scope* s = scope; s && !ent; s = s->parent) {
            if (s->kind == ScopeKind::Struct && s->owner) {
                const StructInfo* where = nullptr;
                ent = lookup_in_struct(s->owner, name, &where);
                if (ent) member_of_struct = where;
                continue;
            }
            ent = find_local(s, name);
        }
    } else {
        ent = lookup_qualified(ne->name, name_range, true);
        if (!ent) return error_expr(range);
        if (ent->kind == EntityKind::Overloads && ne->name.parts.size() > 1) {
            // `Base::Method()` inside a derived struct's method, or `S::StaticMethod()`.
            syntax::QualifiedName owner = ne->name;
            owner.parts = owner.parts.first(owner.parts.size() - 1);
            const Entity* oe = lookup_qualified(owner, name_range, false);
            if (oe && oe->kind == EntityKind::Type && oe->type->is<StructType>()) member_of_struct = info_of(oe->type->as<StructType>());
        } else if (ent->kind == EntityKind::Overloads && ne->name.qualifier) {
            // `Pair<float>::Make()`: the instance the qualifier names.
            if (const Type* qt = resolve_type(ne->name.qualifier); qt && qt->is<StructType>())
                member_of_struct = info_of(qt->as<StructType>());
        }
    }
    if (!ent) return call_intrinsic(ne->name.last(), args, name_range);
    if (ent->kind == EntityKind::Type || ent->kind == EntityKind::StructTemplate) {
        syntax::TypeSyntax ts;
        ts.loc = ne->loc;
        ts.name = ne->name;
        ts.args = ne->template_args;
        ts.has_template_args = ne->has_template_args;
        const Type* t = resolve_type(&ts);
        if (!t) return error_expr(range);
        return construct(t, args, range);
    }
    if (ent->kind == EntityKind::Variable && ent->var->type && ent->var->type->is<StructType>()) {
        // `f(x)` on a struct variable with a member operator() (HLSL 2021, as DXC).
        bool found = false;
        BExpr* call = call_operator(intern("operator()"), var_ref(ent->var, name_range), args, range, &found);
        if (found) return call;
    }
    if (ent->kind != EntityKind::Overloads) {
        report(DiagCode::not_callable, name_range,
               fmt::format("'{}' is not a function, so it cannot be called.", ne->name.last().str()));
        return error_expr(range);
    }
    BExpr* object = nullptr;
    if (member_of_struct && fn && fn->owner && !fn->is_static) {
        // A call of a member function from inside a method of the same struct (or a derived one).
        bool related = false;
        int depth = 0;
        for (const StructInfo* i = fn->owner; i && depth < 64; i = i->base, ++depth) related = related || i == member_of_struct;
        if (related) object = this_expr(name_range);
    }
    return call_user(ent->overloads, targs, ne->has_template_args, object, args, range, ne->name.last());
}

BExpr* Checker::construct(const Type* t, std::span<BExpr*> args, SourceRange range) {
    for (BExpr* a : args)
        if (!ok(a)) return error_expr(range);
    if (!is_basic(t)) {
        if (args.size() == 1) return explicit_cast(args[0], t, range);
        report(DiagCode::bad_initializer, range,
               fmt::format("'{}' cannot be built with constructor syntax. Use an initializer list: {} x = {{ ... }};",
                           tname(t), tname(t)));
        return error_expr(range);
    }
    const ScalarType* c = component_type(t);
    std::uint32_t want = component_count(t), have = 0;
    support::SmallVec<BExpr*, 8> parts;
    for (BExpr* a : args) {
        if (!is_basic(a->type)) {
            report(DiagCode::bad_initializer, a->range,
                   fmt::format("'{}' cannot be a part of a '{}'.", tname(a->type), tname(t)));
            return error_expr(range);
        }
        std::uint32_t n = component_count(a->type);
        const Type* shape = a->type->is<ScalarType>() ? static_cast<const Type*>(c)
                            : a->type->is<VectorType>() ? static_cast<const Type*>(types.vector(c, n))
                                                        : types.matrix(c, a->type->as<MatrixType>()->rows, a->type->as<MatrixType>()->cols);
        parts.push_back(convert(a, shape, ConvertWhy::Argument));
        have += n;
    }
    if (have == 1 && want > 1 && args.size() == 1) return convert(parts[0], t, ConvertWhy::Argument);  // `float4(0)` splats
    if (have != want) {
        report(DiagCode::bad_initializer, range,
               fmt::format("'{}' needs {} component{}, but the arguments give {}.", tname(t), want, want == 1 ? "" : "s", have));
        return error_expr(range);
    }
    if (parts.size() == 1) {
        if (parts[0]->type->value_type() == t->value_type()) return parts[0];
        return convert(parts[0], t, ConvertWhy::Argument);
    }
    auto* n = make<BConstruct>(range);
    n->parts = to_span(parts);
    n->type = t;
    return n;
}

BExpr* Checker::check_construct(const syntax::ConstructExpr* e) {
    SourceRange range(e->loc);
    const Type* t = resolve_type(e->type, e->type ? e->type->modifiers : 0);
    support::SmallVec<BExpr*, 8> args;
    check_args(e->args, args);
    if (!t) return error_expr(range);
    return construct(t, args, range);
}

BExpr* Checker::check_cast(const syntax::CastExpr* e) {
    SourceRange range(e->loc);
    const Type* t = resolve_type(e->type, e->type ? e->type->modifiers : 0);
    BExpr* x = check_expr(e->operand);
    if (!t || !ok(x)) return error_expr(range);
    if (t->is<VoidType>()) {
        auto* c = make_convert(x, t, ConversionKind::Flat, true);
        return c;
    }
    return explicit_cast(x, t, range);
}

BExpr* Checker::init_list(const syntax::InitListExpr* e, const Type* target) {
    SourceRange range(e->loc);
    // Gather the leaves (nested braces only group; HLSL flattens them).
    std::vector<BExpr*> leaves;
    std::vector<std::pair<const syntax::InitListExpr*, std::size_t>> work{{e, 0}};
    while (!work.empty()) {
        auto& [list, i] = work.back();
        if (i >= list->elements.size()) {
            work.pop_back();
            continue;
        }
        const syntax::Expr* el = list->elements[i++];
        if (el && el->kind == syntax::ExprKind::InitList) {
            if (work.size() > 256) {
                report(DiagCode::bad_initializer, SourceRange(el->loc), "The initializer list is nested too deeply.");
                return error_expr(range);
            }
            work.emplace_back(static_cast<const syntax::InitListExpr*>(el), 0);
            continue;
        }
        leaves.push_back(check_expr(el));
    }
    for (BExpr* l : leaves)
        if (!ok(l)) return error_expr(range);
    if (!target) return error_expr(range);
    bool holds_resources = contains_resource(target);
    for (const BExpr* l : leaves) holds_resources = holds_resources || contains_resource(l->type);
    if (holds_resources) {
        if (leaves.size() == 1 && leaves[0]->type->value_type() == target->value_type()) {
            auto* list = make<BInitList>(range);
            list->type = target;
            list->elements = to_span(leaves);
            return list;
        }
        return resource_init_list(leaves, target, range);
    }
    std::uint64_t have = 0;
    for (BExpr* l : leaves) {
        std::uint32_t n = flattened_scalar_count(l->type);
        if (n == 0) {
            if (leaves.size() == 1 && l->type->value_type() == target->value_type()) {
                auto* list = make<BInitList>(range);
                list->type = target;
                list->elements = to_span(leaves);
                return list;
            }
            report(DiagCode::bad_initializer, l->range,
                   fmt::format("'{}' cannot be part of an initializer list.", tname(l->type)));
            return error_expr(range);
        }
        have += n;
    }
    const Type* t = target;
    if (const ArrayType* a = t->as<ArrayType>(); a && a->length == 0) {
        std::uint32_t per = flattened_scalar_count(a->element);
        if (per == 0 || have % per != 0 || have == 0) {
            report(DiagCode::bad_initializer, range,
                   fmt::format("The initializer has {} values, which is not a whole number of '{}' elements.", have,
                               tname(a->element)));
            return error_expr(range);
        }
        t = types.array(a->element, have / per);
    }
    std::uint32_t want = flattened_scalar_count(t);
    if (want > kMaxFlatScalars) {
        report(DiagCode::bad_initializer, range,
               fmt::format("'{}' has {} scalars; an initializer list fills at most {}, one by one. Initialize the "
                           "members separately.",
                           tname(t), want, kMaxFlatScalars));
        return error_expr(range);
    }
    if (want != have || want == 0) {
        report(DiagCode::bad_initializer, range,
               fmt::format("The initializer list has {} value{}, but '{}' needs {}.", have, have == 1 ? "" : "s",
                           tname(t), want));
        return error_expr(range);
    }
    std::vector<const ScalarType*> slots;
    flat_slots(t, slots, 0);
    std::size_t cursor = 0;
    for (BExpr*& l : leaves) {
        std::uint32_t n = flattened_scalar_count(l->type);
        if (is_basic(l->type) && cursor + n <= slots.size()) {
            bool uniform = true;
            for (std::size_t k = cursor; k < cursor + n; ++k) uniform = uniform && slots[k] == slots[cursor];
            l = fit_leaf(l, uniform ? slots[cursor] : nullptr);
        }
        cursor += n;
    }
    auto* list = make<BInitList>(range);
    list->type = t;
    list->elements = to_span(leaves);
    return list;
}

BExpr* Checker::fit_leaf(BExpr* leaf, const ScalarType* slot_type) {
    if (!slot_type) return materialize(leaf);
    std::uint32_t n = component_count(leaf->type);
    const Type* shape = leaf->type->is<ScalarType>() ? static_cast<const Type*>(slot_type)
                        : leaf->type->is<VectorType>()
                            ? static_cast<const Type*>(types.vector(slot_type, n))
                            : types.matrix(slot_type, leaf->type->as<MatrixType>()->rows,
                                           leaf->type->as<MatrixType>()->cols);
    return convert(leaf, shape, ConvertWhy::Init);
}

}  // namespace oneshader::sema
