// Top-level declarations: global variables in all their storage classes (static, groupshared,
// resources, ConstantBuffer<T>, push constants, specialization constants, plain globals that
// become $Globals members), typedefs, enums and namespaces. Structs, cbuffers and functions have
// their own files.
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

void Checker::declare_decls(std::span<syntax::Decl* const> decls) {
    for (const syntax::Decl* d : decls) {
        if (diags.limit_reached()) return;
        declare_decl(d);
    }
}

void Checker::declare_decl(const syntax::Decl* d) {
    if (!d) return;
    check_known_attributes(d->attributes, false);
    switch (d->kind) {
    case syntax::DeclKind::Var: declare_global_var(static_cast<const syntax::VarDecl*>(d)); break;
    case syntax::DeclKind::Function: declare_function(static_cast<const syntax::FunctionDecl*>(d), nullptr); break;
    case syntax::DeclKind::Struct: declare_struct(static_cast<const syntax::StructDecl*>(d), {}, nullptr); break;
    case syntax::DeclKind::Buffer: declare_buffer(static_cast<const syntax::BufferDecl*>(d)); break;
    case syntax::DeclKind::Typedef: declare_typedef(static_cast<const syntax::TypedefDecl*>(d)); break;
    case syntax::DeclKind::Namespace: declare_namespace(static_cast<const syntax::NamespaceDecl*>(d)); break;
    case syntax::DeclKind::Enum: declare_enum(static_cast<const syntax::EnumDecl*>(d)); break;
    case syntax::DeclKind::Param: break;
    }
}

void Checker::declare_typedef(const syntax::TypedefDecl* d) {
    if (d->is_template) {
        // Resolved at each use, with the arguments bound (instantiate_alias).
        StructTemplate* t = make<StructTemplate>();
        t->alias = d;
        t->scope = scope;
        Entity e;
        e.kind = EntityKind::StructTemplate;
        e.loc = d->loc;
        e.struct_template = t;
        declare(scope, d->name, e, SourceRange(d->loc));
        return;
    }
    const Type* t = resolve_type(d->type, d->modifiers);
    if (t && !d->dims.empty()) t = apply_dims(t, d->dims, d->loc);
    if (!t) return;
    Entity e;
    e.kind = EntityKind::Type;
    e.loc = d->loc;
    e.type = t;
    declare(scope, d->name, e, SourceRange(d->loc));
}

void Checker::declare_namespace(const syntax::NamespaceDecl* d) {
    // Reopening a namespace continues the same scope.
    Scope* ns = nullptr;
    if (const Entity* e = find_local(scope, d->name); e && e->kind == EntityKind::Namespace) {
        ns = e->ns;
    } else {
        ns = new_scope(ScopeKind::Namespace, scope);
        ns->name = d->name;
        Entity e2;
        e2.kind = EntityKind::Namespace;
        e2.loc = d->loc;
        e2.ns = ns;
        if (!declare(scope, d->name, e2, SourceRange(d->loc))) return;
    }
    Scope* saved = scope;
    push(ns);
    declare_decls(d->decls);
    scope = saved;
}

void Checker::declare_enum(const syntax::EnumDecl* d) {
    // An enum is its underlying integer type (int unless written); its enumerators are named
    // constants, in the enclosing scope for a plain enum and in the enum's own scope for both (so
    // `Color::Red` works either way).
    const Type* underlying = scalar(ScalarKind::Int);
    if (d->underlying) {
        const Type* u = resolve_type(d->underlying);
        if (u && is_integer(u) && u->is<ScalarType>()) underlying = u;
        else if (u)
            report(DiagCode::type_mismatch, SourceRange(d->underlying->loc),
                   fmt::format("An enum's underlying type must be an integer scalar such as int or uint, not '{}'.",
                               tname(u)));
    }
    Scope* es = new_scope(ScopeKind::Namespace, scope);
    es->name = d->name;
    if (d->name) {
        Entity e;
        e.kind = EntityKind::Type;
        e.loc = d->loc;
        e.type = underlying;
        e.ns = es;
        declare(scope, d->name, e, SourceRange(d->loc));
    }
    std::int64_t next = 0;
    for (const syntax::Enumerator& en : d->enumerators) {
        if (en.value) {
            // Earlier enumerators of this enum are visible in later values.
            Scope* saved = scope;
            push(es);
            std::optional<std::int64_t> v = integer_constant(en.value, "an enumerator value");
            scope = saved;
            if (v) next = *v;
        }
        Variable* v = make<Variable>();
        v->name = en.name;
        v->loc = en.loc;
        v->type = underlying;
        v->storage = StorageClass::Enumerator;
        v->is_const = true;
        v->const_value = ConstValue::of_int(next);
        Entity e;
        e.kind = EntityKind::Variable;
        e.loc = en.loc;
        e.var = v;
        declare(es, en.name, e, SourceRange(en.loc));
        if (!d->is_class) declare(scope, en.name, e, SourceRange(en.loc));
        ++next;
    }
}

void Checker::add_global_use(Variable* v) {
    if (fn && v) note_use(v);
}

Variable* Checker::global_variable(const syntax::VarDecl* d, const Type* type) {
    Variable* v = make<Variable>();
    v->name = d->name;
    v->loc = d->loc;
    v->type = type;
    v->precise = (d->modifiers & syntax::ModPrecise) != 0;
    v->is_const = (d->modifiers & syntax::ModConst) != 0;
    for (const syntax::Annotation& a : d->annotations)
        if (a.kind == syntax::AnnotationKind::Semantic) v->semantic = a.name;
    return v;
}

void Checker::check_global_initializer(Variable* v, const syntax::VarDecl* d) {
    if (!d->init) return;
    BExpr* init = check_init(d->init, v->type);
    if (ok(init) && v->type->is<ArrayType>() && v->type->as<ArrayType>()->length == 0) v->type = init->type;
    v->init = convert(init, v->type, ConvertWhy::Init);
    if (v->is_const && v->type && v->type->is<ScalarType>() && ok(v->init)) {
        ConstResult c = const_eval(v->init);
        if (c.value && !c.uses_spec_constant) v->const_value = c.value;
    }
}

void Checker::declare_global_var(const syntax::VarDecl* d) {
    refuse_bit_width(d, "a global variable");
    if (d->is_template) {
        declare_var_template(d);
        return;
    }
    // `uint S::count = 0;`: the definition of a static member declared in the struct.
    if (d->qualified_name.parts.size() > 1) {
        const Entity* e = lookup_qualified(d->qualified_name, SourceRange(d->loc), true);
        if (!e) return;
        if (e->kind != EntityKind::Variable || e->var->storage != StorageClass::StaticMember) {
            report(DiagCode::redefinition, SourceRange(d->loc),
                   fmt::format("'{}' is not a static member, so it cannot be defined here.", d->name.str()));
            return;
        }
        Variable* v = e->var;
        Scope* saved = scope;
        if (StructInfo* info = info_of(v->owner)) push(info->scope);
        check_global_initializer(v, d);
        scope = saved;
        return;
    }

    const Type* type = resolve_type(d->type, d->modifiers, d->pragma_packing);
    if (type && !d->dims.empty()) type = apply_dims(type, d->dims, d->loc);
    if (!type) {
        // Declare the name anyway so later uses do not add "not declared" errors.
        Variable* v = global_variable(d, nullptr);
        Entity e;
        e.kind = EntityKind::Variable;
        e.loc = d->loc;
        e.var = v;
        declare(scope, d->name, e, SourceRange(d->loc));
        return;
    }
    Variable* v = global_variable(d, type);
    const syntax::Attribute* push_attr = find_attribute(d->attributes, "vk", "push_constant");
    const syntax::Attribute* spec_attr = find_attribute(d->attributes, "vk", "constant_id");
    bool is_static = d->modifiers & syntax::ModStatic;
    const ResourceType* res = innermost_element(type)->as<ResourceType>();

    Entity e;
    e.kind = EntityKind::Variable;
    e.loc = d->loc;
    e.var = v;
    if (!declare(scope, d->name, e, SourceRange(d->loc))) return;
    globals.push_back(v);

    if (type->is<VoidType>()) {
        report(DiagCode::type_mismatch, SourceRange(d->loc), "A variable cannot have type 'void'.");
        return;
    }
    if (spec_attr) {
        check_spec_constant(v, d, *spec_attr);
        return;
    }
    if (push_attr) {
        const Type* inner = type;
        if (res && res->resource == ResourceKind::ConstantBuffer && type == res) inner = res->element;
        const StructType* st = inner->as<StructType>();
        if (!st || (res && res->resource != ResourceKind::ConstantBuffer)) {
            report(DiagCode::push_constant_misuse, SourceRange(push_attr->loc),
                   fmt::format("[[vk::push_constant]] needs a struct-typed global or a ConstantBuffer<T>, not '{}'. "
                               "Put the values in a struct.",
                               tname(type)));
            return;
        }
        BufferBlock* b = new_block(BufferKind::PushConstant, d->name, d->loc);
        b->type = st;
        b->layout = layouts.layout(st, LayoutRule::Storage);
        check_layout_bounds(b->layout, d->name.str(), SourceRange(d->loc));
        b->object = v;
        v->storage = StorageClass::BufferObject;
        v->buffer = b;
        v->is_const = true;
        if (b->layout && b->layout->size > 128)
            report(DiagCode::push_constant_too_large, SourceRange(d->loc),
                   fmt::format("The push-constant block '{}' is {} bytes; Vulkan only guarantees 128. Move large data "
                               "to a constant buffer, or check the device's maxPushConstantsSize.",
                               d->name.str(), b->layout->size));
        return;
    }
    if (res) {
        if (is_static && !(d->modifiers & syntax::ModGroupShared)) {
            // `static Texture2D t = ResourceDescriptorHeap[i];` has no descriptor of its own: it
            // holds a reference to a resource global, resolved at each use by legalize_resources
            // (opt/), as DXC's legalization does; using one never assigned is an error there.
            v->storage = StorageClass::StaticGlobal;
            check_global_initializer(v, d);
            return;
        }
        v->storage = StorageClass::Resource;
        v->is_const = !is_writable(res->resource);
        if (is_block_buffer(res->resource)) {
            bool texture = res->resource == ResourceKind::TextureBuffer;
            if (texture && layouts.options().rules == BufferLayoutRules::DX)
                report(DiagCode::layout_rule_unsupported, SourceRange(d->loc),
                       fmt::format("TextureBuffer '{}' with -fvk-use-dx-layout is not supported (DXC packs it with the "
                                   "cbuffer rules). Make it a ConstantBuffer<T>, or a StructuredBuffer of the struct.",
                                   d->name.str()));
            BufferBlock* b = new_block(texture ? BufferKind::TextureBuffer : BufferKind::ConstantBuffer, d->name, d->loc);
            b->type = res->element->as<StructType>();
            b->layout = b->type ? layouts.layout(b->type, texture ? LayoutRule::Storage : LayoutRule::Constant) : nullptr;
            check_layout_bounds(b->layout, d->name.str(), SourceRange(d->loc));
            b->object = v;
            v->buffer = b;
            if (const ArrayType* a = type->as<ArrayType>()) b->count = a->length;
            Resource* r = new_resource(v, type, d->attributes, d->annotations, d->loc);
            if (r) {
                r->buffer = b;
                b->resource = r;
            }
            return;
        }
        new_resource(v, type, d->attributes, d->annotations, d->loc);
        return;
    }
    if (contains_resource(type)) {
        if (const StructType* st = type->as<StructType>(); st && !is_static && !(d->modifiers & syntax::ModGroupShared)) {
            declare_resource_struct(v, d, st);
            return;
        }
        if (is_static && !(d->modifiers & syntax::ModGroupShared)) {
            // A static struct or array holding resources holds references to resource globals,
            // which legalize_resources (opt/) resolves at each use, as DXC's legalization does.
            v->storage = StorageClass::StaticGlobal;
            check_global_initializer(v, d);
            return;
        }
        report(DiagCode::unsupported_feature, SourceRange(d->loc),
               fmt::format("A {} of type '{}' holds resources inside a struct, which is not supported. Declare one "
                           "global of the struct type per instance{}, or declare the resources as separate globals.",
                           type->is<ArrayType>() ? "global array" : is_static ? "static global" : "groupshared global",
                           tname(type), type->is<ArrayType>() ? " instead of an array" : ""));
        return;
    }
    if (d->modifiers & syntax::ModGroupShared) {
        v->storage = StorageClass::GroupShared;
        if (d->init)
            report(DiagCode::bad_initializer, SourceRange(d->init->loc),
                   "groupshared variables cannot have an initializer. Write them from the shader, then call "
                   "GroupMemoryBarrierWithGroupSync().");
        return;
    }
    if (is_static) {
        v->storage = StorageClass::StaticGlobal;
        check_global_initializer(v, d);
        if (v->is_const && !d->init)
            report(DiagCode::bad_initializer, SourceRange(d->loc),
                   fmt::format("The static const '{}' needs an initializer.", d->name.str()));
        return;
    }
    // A plain global (`float4 Tint;`, `uniform`, or non-static `const`) is a member of $Globals.
    v->storage = StorageClass::BufferMember;
    v->is_const = true;
    if (type->is<ArrayType>() && type->as<ArrayType>()->length == 0) {
        report(DiagCode::invalid_array_size, SourceRange(d->loc),
               fmt::format("The global '{}' needs an array size.", d->name.str()));
        return;
    }
    StructMember m;
    m.name = d->name;
    m.type = type;
    m.range = SourceRange(d->loc);
    for (const syntax::Annotation& a : d->annotations)
        if (a.kind == syntax::AnnotationKind::PackOffset)
            report(DiagCode::invalid_modifier, SourceRange(a.loc),
                   "packoffset is only allowed on members of a cbuffer. Move the variable into a cbuffer.");
    v->member_index = std::uint32_t(globals_members.size());
    globals_members.push_back(m);
    globals_vars.push_back(v);
}

void Checker::check_spec_constant(Variable* v, const syntax::VarDecl* d, const syntax::Attribute& a) {
    v->storage = StorageClass::SpecConstant;
    v->is_const = true;
    SourceRange where(d->loc);
    const ScalarType* s = v->type->as<ScalarType>();
    bool type_ok = s && (s->scalar == ScalarKind::Bool || s->scalar == ScalarKind::Int || s->scalar == ScalarKind::UInt ||
                         s->scalar == ScalarKind::Float);
    if (!type_ok) {
        report(DiagCode::spec_constant_invalid, where,
               fmt::format("The specialization constant '{}' has type '{}'; only bool, int, uint and float scalars "
                           "are supported.",
                           d->name.str(), tname(v->type)));
        return;
    }
    if (d->modifiers & syntax::ModStatic) {
        report(DiagCode::spec_constant_invalid, where,
               fmt::format("The specialization constant '{}' must not be static: write "
                           "[[vk::constant_id(N)]] const {} {} = value;",
                           d->name.str(), tname(v->type), d->name.str()));
        return;
    }
    std::optional<std::int64_t> id;
    if (a.args.size() == 1) id = integer_constant(a.args[0], "the vk::constant_id argument");
    else
        report(DiagCode::spec_constant_invalid, SourceRange(a.loc), "vk::constant_id takes one argument, the id.");
    if (!id) return;
    if (*id < 0 || *id > 0x7FFFFFFF) {
        report(DiagCode::spec_constant_invalid, SourceRange(a.loc),
               fmt::format("The specialization constant id {} is negative or too large; use an id from 0 up.", *id));
        return;
    }
    for (const SpecConstant& sc : spec_constants)
        if (sc.id == std::uint32_t(*id)) {
            report(DiagCode::spec_constant_invalid, SourceRange(a.loc),
                   fmt::format("The specialization constant id {} is already used by '{}'. Give each constant its "
                               "own id.",
                               *id, sc.var->name.str()));
            diags.note(SourceRange(sc.var->loc), "the other constant is declared here");
            return;
        }
    if (!d->init) {
        report(DiagCode::spec_constant_invalid, where,
               fmt::format("The specialization constant '{}' needs a default value: = value;", d->name.str()));
        return;
    }
    // The default is checked as if the constant were not special.
    BExpr* init = convert(check_expr(d->init), v->type, ConvertWhy::Init);
    v->init = init;
    ConstResult c = ok(init) ? const_eval(init) : ConstResult{};
    if (!c.value || c.uses_spec_constant) {
        if (ok(init))
            report(DiagCode::spec_constant_invalid, SourceRange(d->init->loc),
                   fmt::format("The default of the specialization constant '{}' must be a constant value.",
                               d->name.str()));
        return;
    }
    if (apply_spec_override(v, *c.value)) return;
    v->spec_id = std::uint32_t(*id);
    spec_constants.push_back(SpecConstant{v, std::uint32_t(*id), *c.value});
}

}  // namespace oneshader::sema
