// Struct declarations: forward declarations, data members (semantics, interpolation modifiers,
// [[vk::location]], [[vk::offset]], [[oneshader::format]]), static members, nested types, single
// inheritance, member functions (bodies checked once the struct is complete, so they see every
// member) and struct templates (kept as syntax; instances are made in templates.cpp).
#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

std::uint8_t interpolation_bits(std::uint32_t m) {
    std::uint8_t bits = 0;
    if (m & syntax::ModLinear) bits |= kInterpLinear;
    if (m & syntax::ModCentroid) bits |= kInterpCentroid;
    if (m & syntax::ModNoInterpolation) bits |= kInterpNoInterpolation;
    if (m & syntax::ModNoPerspective) bits |= kInterpNoPerspective;
    if (m & syntax::ModSample) bits |= kInterpSample;
    return bits;
}

}  // namespace

void Checker::declare_struct_member_var(StructInfo* s, const syntax::VarDecl* d) {
    const Type* t = resolve_type(d->type, d->modifiers, d->pragma_packing);
    if (t && !d->dims.empty()) t = apply_dims(t, d->dims, d->loc);
    if (!t) return;
    if (d->modifiers & syntax::ModStatic) {
        Variable* v = global_variable(d, t);
        v->storage = StorageClass::StaticMember;
        v->owner = s->type;
        Entity e;
        e.kind = EntityKind::Variable;
        e.loc = d->loc;
        e.var = v;
        if (!declare(s->scope, d->name, e, SourceRange(d->loc))) return;
        globals.push_back(v);
        if (d->init) check_global_initializer(v, d);
        return;
    }
    if (t->is<VoidType>() || (t->is<StructType>() && !t->as<StructType>()->defined)) {
        report(DiagCode::incomplete_type, SourceRange(d->loc),
               fmt::format("The member '{}' has the incomplete type '{}'. Define the type before this struct.",
                           d->name.str(), tname(t)));
        return;
    }
    // Every walk over values (layout, reflection, flattening, constants) recurses once per level,
    // so the depth is bounded here, before any of them runs.
    if (type_nesting(t) >= kMaxTypeNesting) {
        report(DiagCode::type_nesting_too_deep, SourceRange(d->loc),
               fmt::format("The member '{}' nests structs and arrays {} levels deep in '{}'; at most {} are allowed. "
                           "Flatten the type.",
                           d->name.str(), type_nesting(t) + 1, s->type->name.str(), kMaxTypeNesting));
        return;
    }
    if (d->init)
        report(DiagCode::bad_initializer, SourceRange(d->init->loc),
               "Struct members cannot have default values in HLSL. Initialize the variable instead.");
    StructMember m;
    m.name = d->name;
    m.type = t;
    m.range = SourceRange(d->loc);
    m.interpolation = interpolation_bits(d->modifiers);
    m.precise = (d->modifiers & syntax::ModPrecise) != 0;
    for (const syntax::Annotation& a : d->annotations) {
        if (a.kind == syntax::AnnotationKind::Semantic) m.semantic = a.name;
        else
            report(DiagCode::invalid_modifier, SourceRange(a.loc),
                   "Struct members take semantics only; register and packoffset belong on globals and cbuffer members.");
    }
    if (const syntax::Attribute* off = find_attribute(d->attributes, "vk", "offset")) m.vk_offset = explicit_offset(off);
    read_stage_attributes(d->attributes, m.vk_location, m.vk_builtin);
    // Data members share the struct scope with methods: a clash is a redefinition. A set, as a
    // struct may have 100,000 members.
    if (!s->member_names.insert(m.name).second) {
        report(DiagCode::redefinition, SourceRange(d->loc),
               fmt::format("The struct '{}' already has a member '{}'. Rename one of them.", s->type->name.str(),
                           d->name.str()));
        return;
    }
    std::string_view format;
    if (const syntax::Attribute* f = find_attribute(d->attributes, "oneshader", "format")) {
        if (f->args.size() == 1 && f->args[0]->kind == syntax::ExprKind::StringLiteral)
            format = static_cast<const syntax::StringLiteralExpr*>(f->args[0])->value;
        else
            report(DiagCode::bad_attribute_argument, SourceRange(f->loc),
                   "oneshader::format takes one string, a vertex format such as \"unorm8x4\".");
    }
    s->members.push_back(m);
    s->formats.push_back(format);
}

StructInfo* Checker::declare_struct(const syntax::StructDecl* d, std::span<const TemplateValue> targs, Scope* tscope) {
    if (d->is_template && !tscope) {
        StructTemplate* t = make<StructTemplate>();
        t->decl = d;
        t->scope = scope;
        Entity e;
        e.kind = EntityKind::StructTemplate;
        e.loc = d->loc;
        e.struct_template = t;
        declare(scope, d->name, e, SourceRange(d->loc));
        return nullptr;
    }
    StructType* st = nullptr;
    if (!tscope && d->name) {
        if (const Entity* e = find_local(scope, d->name); e && e->kind == EntityKind::Type && e->type->is<StructType>()) {
            const StructType* old = e->type->as<StructType>();
            if (!d->is_definition) return info_of(old);  // a repeated forward declaration
            if (old->defined) {
                report(DiagCode::redefinition, SourceRange(d->loc),
                       fmt::format("The struct '{}' is already defined. Rename one of them.", d->name.str()));
                diags.note(SourceRange(e->loc), "the earlier definition is here");
                return nullptr;
            }
            st = const_cast<StructType*>(old);  // completing our own forward declaration
        }
    }
    StructInfo* info = nullptr;
    if (!st) {
        // A template instance is named with its arguments so messages and reflection tell them apart.
        std::string name(d->name.str());
        if (tscope) {
            name += '<';
            for (std::size_t i = 0; i < targs.size(); ++i) {
                if (i) name += ", ";
                name += targs[i].type ? tname(targs[i].type) : std::to_string(targs[i].value);
            }
            name += '>';
        }
        st = types.create_struct(intern(name));
        info = make<StructInfo>();
        info->type = st;
        info->decl = d;
        info->scope = new_scope(ScopeKind::Struct, tscope ? tscope : scope);
        info->scope->owner = info;
        info->scope->name = d->name;
        struct_infos.emplace(st, info);
        if (!tscope && d->name) {
            Entity e;
            e.kind = EntityKind::Type;
            e.loc = d->loc;
            e.type = st;
            declare(scope, d->name, e, SourceRange(d->loc));
        }
    } else {
        info = info_of(st);
        info->decl = d;
    }
    if (!d->is_definition) return info;

    if (d->base) {
        const Type* b = resolve_type(d->base);
        const StructType* bs = b ? b->as<StructType>() : nullptr;
        if (b && (!bs || !bs->defined || bs == st))
            report(DiagCode::type_mismatch, SourceRange(d->base->loc),
                   fmt::format("A struct can only derive from a defined struct, not '{}'.", tname(b)));
        else if (bs && bs->nesting >= kMaxTypeNesting)
            report(DiagCode::type_nesting_too_deep, SourceRange(d->base->loc),
                   fmt::format("Deriving from '{}' nests structs {} levels deep; at most {} are allowed. Flatten the "
                               "hierarchy.",
                               tname(b), bs->nesting + 1, kMaxTypeNesting));
        else if (bs)
            info->base = info_of(bs);
    }

    Scope* saved = scope;
    push(info->scope);
    // Template instances name themselves without arguments inside their body (`Pair` in Pair<T>).
    if (tscope && d->name) {
        Entity self;
        self.kind = EntityKind::Type;
        self.loc = d->loc;
        self.type = st;
        declare(info->scope, d->name, self, SourceRange(d->loc));
    }
    std::vector<const syntax::FunctionDecl*> methods;
    for (const syntax::Decl* md : d->members) {
        if (!md) continue;
        check_known_attributes(md->attributes, false);
        switch (md->kind) {
        case syntax::DeclKind::Var: declare_struct_member_var(info, static_cast<const syntax::VarDecl*>(md)); break;
        case syntax::DeclKind::Function: methods.push_back(static_cast<const syntax::FunctionDecl*>(md)); break;
        default: declare_decl(md); break;
        }
    }
    types.define_struct(st, info->base ? info->base->type : nullptr, info->members);
    structs.push_back(st);
    // Signatures first, then bodies, so methods can call methods declared after them.
    std::vector<std::pair<const syntax::FunctionDecl*, Function*>> defined;
    for (const syntax::FunctionDecl* fd : methods) {
        if (fd->is_template) {
            declare_function(fd, info);
            continue;
        }
        Function* f = build_signature(fd, info);
        if (!f) continue;
        OverloadSet* set = make<OverloadSet>();
        set->name = fd->name;
        set->functions.push_back(f);
        Entity e;
        e.kind = EntityKind::Overloads;
        e.loc = fd->loc;
        e.overloads = set;
        declare(info->scope, fd->name, e, SourceRange(fd->loc));
        if (fd->body) defined.emplace_back(fd, f);
    }
    for (auto& [fd, f] : defined) check_body(f, fd, info);
    scope = saved;
    return info;
}

}  // namespace oneshader::sema
